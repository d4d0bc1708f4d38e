/**
 * The queue-mode suite (`npm run test:queue`): Postgres, Redis and four n8n 2.41.1 processes (main, two
 * workers, webhook processor). The real-n8n suite's settings, its own files. Needs redis-server.
 */
const e2e = require('./jest.e2e.config.js');

module.exports = { ...e2e, testMatch: ['**/*.queue.test.ts'], testTimeout: 180000 };
