/**
 * The contributor's loop (`npm run check`): the unit suites of jest.config.js without the load tests, which
 * run in the full `npm test` (npm run test:unit) only. A load test measures or stresses volume (thousands of
 * deliveries); it proves nothing a change to one operation could break that the loop's suites do not.
 */
const unit = require('./jest.config.js');

/** Load tests: left out of the loop. */
const LOAD_TESTS = [
	// 5,000 signed deliveries over HTTPS to fill the trigger's memory to its edge (about 100 s on its own).
	'/test/trigger/memoryEdge\\.sandbox\\.test\\.ts$',
];

module.exports = {
	...unit,
	testPathIgnorePatterns: [...unit.testPathIgnorePatterns, ...LOAD_TESTS],
};
