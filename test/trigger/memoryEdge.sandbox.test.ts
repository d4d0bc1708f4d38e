/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// The memory's promised count at its edge, over real HTTPS: the README promises 5,000 events, so
// 5,000 distinct signed deliveries then a repeat of the oldest is refused, and one more new event
// makes the oldest forgotten (it runs again) while the next oldest is still refused.

import { randomUUID } from 'crypto';
import { readFileSync } from 'fs';
import { Agent } from 'https';
import { join } from 'path';

import type { IDataObject } from 'n8n-workflow';

import { KEEP_MAX } from '../../nodes/shared/ranLedger';
import type { TriggerHarness } from '../harness/triggerHarness';
import { startTriggerSuite, type TriggerSuite } from '../harness/triggerSuite';

let suite: TriggerSuite;
let harness: TriggerHarness;
let agent: Agent;
/** What the README's limits list promises: "remember what ran for 7 days or the last 5,000 events". */
const PROMISED = Number(
	/remember what ran for \d+ days or the last ([\d,]+) events/
		.exec(readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8'))?.[1]
		.replace(/,/g, ''),
);
/** Deliveries in flight at once. */
const IN_FLIGHT = 20;

/** One receipt as the service sends it in a full payload: its own number and change stamp, a delivery id. */
function receipt(n: number): { payload: IDataObject; id: string } {
	const modified = new Date(Date.UTC(2031, 0, 1) + n * 1000).toISOString();
	return {
		payload: { event: 'inventory.received', data: { recNo: 700_000 + n, units: 1, modified } },
		id: randomUUID(),
	};
}

beforeAll(async () => {
	suite = await startTriggerSuite();
	harness = await suite.newTrigger({ parameters: { events: ['inventory.received'] } });
	await harness.activate();
	agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT, ca: harness.ca });
});

afterAll(async () => {
	agent?.destroy();
	await harness?.deactivate();
	await harness?.close();
	await suite?.close();
});

describe(`the memory holds the promised ${PROMISED} events (README, limits)`, () => {
	it(`refuses a repeat of the oldest of ${PROMISED} distinct deliveries; after one more, runs it again`, async () => {
		expect(PROMISED).toBe(KEEP_MAX);
		const sent = Array.from({ length: PROMISED + 1 }, (_, n) => receipt(n));
		const send = async (n: number) =>
			await suite.deliver(harness, sent[n].payload, sent[n].id, agent);
		const executed = () => harness.executions.length;
		const lastCall = () => harness.calls[harness.calls.length - 1];

		const started = Date.now();
		// The two oldest one by one (their order matters), the rest IN_FLIGHT at a time.
		expect(await send(0)).toBe(200);
		expect(await send(1)).toBe(200);
		for (let n = 2; n < PROMISED; n += IN_FLIGHT) {
			const batch = sent.slice(n, Math.min(n + IN_FLIGHT, PROMISED)).map((_, i) => send(n + i));
			expect(new Set(await Promise.all(batch))).toEqual(new Set([200]));
		}
		await harness.idle();
		const elapsed = Date.now() - started;
		expect(executed()).toBe(PROMISED);

		// The oldest, again (a late retry: same bytes, same delivery id): refused, nothing runs.
		expect(await send(0)).toBe(200);
		await harness.idle();
		expect(lastCall()).toMatchObject({ status: 200, executed: false });
		expect(executed()).toBe(PROMISED);

		// One event more than promised: the oldest is forgotten, the next oldest is not.
		expect(await send(PROMISED)).toBe(200);
		await harness.idle();
		expect(executed()).toBe(PROMISED + 1);
		expect(await send(1)).toBe(200);
		await harness.idle();
		expect(lastCall()).toMatchObject({ status: 200, executed: false });
		expect(await send(0)).toBe(200);
		await harness.idle();
		expect(lastCall()).toMatchObject({ status: 200, executed: true });
		expect(executed()).toBe(PROMISED + 2);
		expect(harness.executions[executed() - 1][0]).toMatchObject({
			data: { recNo: 700_000 },
		});
		// Wall clock for the 5,000 deliveries (the report quotes it).
		process.stdout.write(
			`${PROMISED} signed deliveries over HTTPS, ${IN_FLIGHT} in flight: ${elapsed} ms\n`,
		);
	}, 180_000);
});
