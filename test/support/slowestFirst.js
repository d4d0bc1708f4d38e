// The real-n8n files, slowest first, so that with several side by side the long ones are never left to the end.
// Jest orders by the times of the last run on this machine when it has them; a fresh clone (CI) has none, and
// Jest would start with the largest files instead. Files not named here follow, largest first.
const Sequencer = require('@jest/test-sequencer').default;

/** Measured times (docs/development.md "How long things take"), longest first. */
const SLOWEST = [
	'trigger.e2e.test.ts',
	'kill.poll.e2e.test.ts',
	'lowStock.e2e.test.ts',
	'kill.webhook.e2e.test.ts',
	'workflows.e2e.test.ts',
	// The compatibility subset (same sequencer): its kill files before compatibility.compat.test.ts.
	'kill.poll.compat.test.ts',
	'kill.webhook.compat.test.ts',
	'kill.webhook.pool.compat.test.ts',
];

class SlowestFirst extends Sequencer {
	sort(tests) {
		const rank = (test) => {
			const at = SLOWEST.findIndex((name) => test.path.endsWith(`/${name}`));
			return at === -1 ? SLOWEST.length : at;
		};
		// Jest's own order (largest first) within the rest.
		const byJest = super.sort(tests);
		return [...byJest].sort((a, b) => rank(a) - rank(b));
	}
}

module.exports = SlowestFirst;
