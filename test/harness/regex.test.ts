/**
 * The in-process runs give n8n's regular-expression guard a bound no load reaches (test/harness/n8n.ts): a
 * pattern that needs longer than n8n's own 250 ms answers instead of failing the run for the machine's load.
 */
import { workflowLib } from './n8n';

it('a slow pattern answers instead of timing out at 250 ms', () => {
	// Backtracks about 4 million times: 0.3 s on a quiet 2-core machine, over a second on a busy one (n8n's
	// default engine throws "Regular expression execution timed out" here).
	const input = `${'a'.repeat(22)}b`;
	expect(workflowLib.safeRegex.test('^(a+)+$', input)).toBe(false);
});
