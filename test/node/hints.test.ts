/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * Execution hints: a run that waited for its pacing slots or waited out 429s says so in the output pane.
 * The pacer and the sandbox share one manual clock, so minutes of pacing take no wall-clock time.
 */
import { join } from 'path';

import type { NodeExecutionHint } from 'n8n-workflow';

import { ManualClock } from '../../sandbox/clock';
import { DIST, loadCompiled } from '../harness/build';
import { harness, runOp, type Harness, type RunResult } from './setup';

let h: Harness;
let clock: ManualClock;
let pacer: { clock: { now(): number; sleep(ms: number): Promise<void> } };
let realClock: typeof pacer.clock;

beforeAll(async () => {
	clock = new ManualClock();
	h = await harness({ sandbox: { clock, seed: { items: 1_234 }, rateLimitPerMinute: 1_000 } });
	// The pacer instance the loaded node uses; its waits advance the manual clock instead of sleeping.
	pacer = (loadCompiled(join(DIST, 'nodes/shared/transport/pacer.js')) as { pacer: typeof pacer })
		.pacer;
	realClock = pacer.clock;
	pacer.clock = { now: () => clock.now(), sleep: async (ms) => void clock.advance(ms) };
});
afterAll(async () => {
	if (pacer) pacer.clock = realClock;
	await h?.stop();
});

const hintsOf = (result: RunResult): NodeExecutionHint[] =>
	result.runData['Under Test']?.[0]?.hints ?? [];

test('a paced export says how long it waited and why', async () => {
	const credentials = h.addCredential(
		h.credential({
			clientId: 'readonly',
			clientSecret: 'readonly-secret',
			requestsPerMinute: 2,
			pagesInFlight: 1,
		}),
	);
	h.timing({ windowMs: 60_000 });
	const result = await runOp(
		h,
		'item',
		'getAll',
		{ returnAll: true },
		{ credentials: credentials as never },
	).finally(() => h.timing());
	expect(result.error).toBeUndefined();
	expect(result.items.length).toBeGreaterThan(1_000);
	// 5 pages at 2 per 60 s window, one page at a time: pages 3 and 5 each wait out the window.
	const hints = hintsOf(result);
	expect(hints).toEqual([
		expect.objectContaining({
			type: 'info',
			location: 'outputPane',
			message: expect.stringMatching(
				/^Waited 120 s in total before 2 requests .*Requests per Minute/,
			),
		}),
	]);
});

test('a short run that was not held up carries no hint', async () => {
	const result = await runOp(h, 'item', 'getAll', { limit: 5 });
	expect(result.error).toBeUndefined();
	expect(hintsOf(result)).toEqual([]);
});

test('waited-out 429s leave a warning with the count and the time', async () => {
	const credentials = h.addCredential(h.credential());
	h.sandbox.failNext('item.list', 'rate_limited', 2);
	const result = await runOp(
		h,
		'item',
		'getAll',
		{ limit: 5 },
		{ credentials: credentials as never },
	);
	expect(result.error).toBeUndefined();
	expect(result.items).toHaveLength(5);
	expect(hintsOf(result)).toEqual([
		expect.objectContaining({
			type: 'warning',
			message: expect.stringMatching(
				/^Inventory Pro answered 429 Too Many Requests 2 times; the node waited \d+ s and retried/,
			),
		}),
	]);
});
