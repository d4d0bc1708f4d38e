/**
 * The real-n8n suite (test/e2e): starts a pinned n8n 2.41.1 with the packed package installed.
 * Separate from jest.config.js because it needs the cached n8n install (first run: minutes) and long timeouts.
 * Three files at a time: each starts its own n8n on its own ports and mostly waits (for n8n's minute, for a
 * restart), so on a 2-core machine three side by side take about the time of the longest; the longest start
 * first (test/support/slowestFirst.js).
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }],
	},
	maxWorkers: 3,
	// test.concurrent tests run together up to this many: the webhook trigger's shared outage needs its six
	// scenarios at once (trigger.e2e.test.ts).
	maxConcurrency: 8,
	testSequencer: '<rootDir>/test/support/slowestFirst.js',
	testTimeout: 120000,
	reporters: ['default', '<rootDir>/test/support/summaryReporter.js'],
};
