/**
 * A jest environment that runs one test file in another time zone:
 *
 *   /**
 *    * @jest-environment ./test/support/timezoneEnvironment.js
 *    * @jest-environment-options {"timezone": "Europe/Berlin"}
 *    *\/
 *
 * Setting process.env.TZ inside a test does nothing (jest hands tests a copy of process.env); here
 * the worker's real environment is changed, which Node applies to Date at once, and restored after.
 */
const { TestEnvironment } = require('jest-environment-node');

class TimezoneEnvironment extends TestEnvironment {
	constructor(config, context) {
		super(config, context);
		this.timezone = config.projectConfig.testEnvironmentOptions?.timezone;
	}

	async setup() {
		await super.setup();
		this.previous = process.env.TZ;
		if (this.timezone) process.env.TZ = this.timezone;
	}

	async teardown() {
		if (this.previous === undefined) delete process.env.TZ;
		else process.env.TZ = this.previous;
		await super.teardown();
	}
}

module.exports = TimezoneEnvironment;
