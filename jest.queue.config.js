/**
 * The queue-mode suite (`npm run test:queue`): Postgres, Redis and four n8n 2.40.7 processes (main, two
 * workers, webhook processor). Needs the cached n8n install and redis-server (.ci/run installs it).
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.queue.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json', isolatedModules: true }],
	},
	maxWorkers: 1,
	testTimeout: 180000,
	reporters: ['default', '<rootDir>/test/support/summaryReporter.js'],
};
