/** Tests run TypeScript through ts-jest; nodes are loaded from the built dist/ as n8n would load them. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }],
	},
	testTimeout: 30000,
	reporters: ['default', '<rootDir>/test/support/summaryReporter.js'],
};
