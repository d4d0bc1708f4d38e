/** Tests run TypeScript through ts-jest; nodes are loaded from the built dist/ as n8n would load them. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }],
	},
	// A test's own bound against a hang, far above what a test needs: `npm test` runs the unit suites beside the
	// real-n8n suites, and a delivery test once took over 30 s there (load average 18 on 2 cores).
	testTimeout: 120000,
	// Two files at a time: the unit files mostly wait on loopback HTTPS and timers (about a quarter of one core
	// each, measured), so on a 2-core machine two in parallel nearly halve the time; Jest's default is one.
	maxWorkers: 2,
	reporters: ['default', '<rootDir>/test/support/summaryReporter.js'],
};
