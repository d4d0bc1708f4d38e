/**
 * The real-n8n suite (test/e2e): starts a pinned n8n 2.41.1 with the packed package installed.
 * Separate from jest.config.js because it needs the cached n8n install (first run: minutes),
 * runs suites one at a time (each starts its own n8n; the machine has 2 cores) and long timeouts.
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }],
	},
	maxWorkers: 1,
	// test.concurrent tests run together up to this many: the webhook trigger's shared outage needs its six
	// scenarios at once (trigger.e2e.test.ts).
	maxConcurrency: 8,
	testTimeout: 120000,
	reporters: ['default', '<rootDir>/test/support/summaryReporter.js'],
};
