/**
 * The compatibility subset (`npm run test:compat`): test/e2e/*.compat.test.ts, with the real-n8n suite's settings,
 * on the n8n and Node named by N8N_VERSION and N8N_NODE_MAJOR (the npm script sets n8n 1.123.81 on Node 22; run it
 * against any other version the same way, e.g. `N8N_VERSION=2.41.0 npx jest -c jest.compat.config.js`).
 */
const e2e = require('./jest.e2e.config.js');

module.exports = { ...e2e, testMatch: ['**/*.compat.test.ts'] };
