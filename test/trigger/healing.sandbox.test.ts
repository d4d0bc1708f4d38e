// The trigger under faults, in-process: n8n down while the service delivers, restarts, repeated
// deliveries, a service that fails the checks, a manual disable, a slow item API. n8n-core's contexts
// drive the built node (hooks, webhook, the check schedule); time moves with the sandbox's ManualClock.

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { deriveSigningSecret } from '../../nodes/InventoryProTrigger/signature';
import { ranIn, triggerMemory, WEBHOOK_ID, TriggerHarness } from '../harness/triggerHarness';
import { startTriggerSuite, type TriggerSuite } from '../harness/triggerSuite';

let suite: TriggerSuite;
const open: TriggerHarness[] = [];
const MINUTE = 60_000;
const NODE = 'node:Inventory Pro Trigger';

const CHECKED_RECEIPTS: INodeParameters = {
	events: ['inventory.received'],
	options: { checkInterval: 1 },
};

async function trigger(parameters: INodeParameters = CHECKED_RECEIPTS) {
	const harness = await suite.newTrigger({ parameters });
	open.push(harness);
	return harness;
}

/** Activation as n8n does it: hooks and trigger(); a tick right after it must do nothing and never throw. */
async function activate(harness: TriggerHarness) {
	await harness.activate();
	const first = await harness.tick();
	expect(first).toEqual({});
	return (harness.memory()[NODE] as { rec: number }).rec;
}

async function receive(units: number): Promise<IDataObject> {
	const shortID = suite.sandbox.store.items.rows[0].shortID;
	const answer = await suite.api.post<IDataObject>('/Inventory/Receive', {
		itemID: shortID,
		wID: 1,
		units,
		remark: `q${units}`,
	});
	expect(answer.status).toBe(201);
	return answer.body;
}

async function settle(harness: TriggerHarness): Promise<void> {
	await suite.sandbox.webhooks.idle();
	await harness.idle();
}

/** Receipts made while n8n answers 503 to every delivery (n8n "down"); n8n answers again afterwards. */
async function whileDown(harness: TriggerHarness, quantities: number[]): Promise<void> {
	harness.failWith = 503;
	for (const units of quantities) {
		await receive(units);
		await settle(harness);
	}
	harness.failWith = undefined;
}

/** Moves n8n's and the service's clock on, running the service's due retries. */
async function advance(harness: TriggerHarness, ms: number): Promise<void> {
	suite.clock.advance(ms);
	await settle(harness);
}

async function subscription(rec: number): Promise<IDataObject> {
	return (await suite.api.get(`/Webhook/${rec}`)).body as IDataObject;
}

/** Quantities of every execution's items, in order: one array per execution (a check runs each event alone). */
const quantities = (harness: TriggerHarness) =>
	harness.executions.map((items) => items.map((item) => (item.data as IDataObject | null)?.units));

beforeAll(async () => {
	suite = await startTriggerSuite();
});

afterEach(async () => {
	for (const harness of open.splice(0)) {
		harness.failWith = undefined;
		if (harness.memory()[NODE] && (harness.memory()[NODE] as IDataObject).rec !== undefined)
			await harness.deactivate();
		await harness.close();
	}
	suite.sandbox.resetStats();
	// Each test in its own minute of service time: records of one test are not inside another's outage.
	suite.clock.advance(MINUTE);
	await suite.sandbox.webhooks.idle();
});

afterAll(async () => {
	await suite?.close();
});

describe('n8n down, then restarted (scenario a)', () => {
	it('re-enables the subscription with nobody re-activating and runs each missed event once, oldest first, marked recovered', async () => {
		const harness = await trigger();
		const rec = await activate(harness);

		// n8n is down: every delivery fails; the third failure disables the subscription.
		await whileDown(harness, [11, 12, 13]);
		expect(await subscription(rec)).toMatchObject({ active: false, disableType: 1 });
		// Nothing is attempted while it is disabled; the lists still show it.
		await advance(harness, MINUTE);
		await receive(14);
		await settle(harness);
		expect(harness.executions).toEqual([]);

		// Restart: memory gone, the node is re-published (checkExists heals), the first tick after the start.
		await advance(harness, MINUTE);
		const startup = await harness.restart();
		expect(startup).toEqual({});
		expect(await subscription(rec)).toMatchObject({ active: true, disableType: 0 });

		// The next check: the three failed deliveries (log) and the one never attempted (list), once each.
		await advance(harness, MINUTE);
		const check = await harness.tick();
		expect(check.error).toBeUndefined();
		expect(quantities(harness)).toEqual([[11], [12], [13], [14]]);
		for (const item of check.emitted ?? []) {
			expect(item).toMatchObject({
				event: 'inventory.received',
				recovered: true,
				reference: `RecNo:${String((item.data as IDataObject).recNo)}`,
			});
		}
		// Saved by the execution that ran them: a restart now would not run them again.
		expect(ranIn(harness.saved)).toBe(4);

		// A later receipt runs once, live; the next checks repeat nothing, also after a restart.
		await receive(15);
		await settle(harness);
		await advance(harness, MINUTE);
		expect(await harness.tick()).toEqual({});
		await harness.restart();
		await advance(harness, MINUTE);
		expect(await harness.tick()).toEqual({});
		expect(quantities(harness)).toEqual([[11], [12], [13], [14], [15]]);
		expect(harness.executions[4][0]).not.toHaveProperty('recovered');
	});

	it('does not recover a failed delivery that the service may still retry, and runs it once when the retry arrives', async () => {
		const harness = await trigger();
		await activate(harness);
		await whileDown(harness, [21]);
		// A check a minute later by n8n's clock, before the service's retry (due 1 s later by its own):
		// the failure is not final, so it is left to the retry.
		const memory = triggerMemory();
		memory.useClock(() => suite.clock.now() + MINUTE);
		try {
			expect(await harness.tick()).toEqual({});
		} finally {
			memory.useClock(() => suite.clock.now());
		}
		expect(harness.executions).toEqual([]);
		await advance(harness, MINUTE);
		expect(quantities(harness)).toEqual([[21]]);
		expect(harness.executions[0][0]).not.toHaveProperty('recovered');
		await advance(harness, MINUTE);
		expect(await harness.tick()).toEqual({});
		expect(quantities(harness)).toEqual([[21]]);
	});
});

describe('a disable by failures that leaves `modified` where it was (issue 25)', () => {
	it('still heals the subscription and runs each failed delivery and each missed event once', async () => {
		const harness = await trigger();
		const rec = await activate(harness);
		// Healthy checks for a while: the subscription's `modified` is now well behind n8n's clock.
		for (let minute = 0; minute < 10; minute++) {
			await advance(harness, MINUTE);
			expect(await harness.tick()).toEqual({});
		}
		const before = (await subscription(rec)).modified;
		suite.sandbox.disableKeepsModified(true);
		try {
			await whileDown(harness, [91, 92, 93]);
			expect(await subscription(rec)).toMatchObject({
				active: false,
				disableType: 1,
				modified: before,
			});
			await advance(harness, MINUTE);
			await receive(94);
			await settle(harness);

			await advance(harness, MINUTE);
			const check = await harness.tick();
			expect(check.error).toBeUndefined();
			expect(await subscription(rec)).toMatchObject({ active: true, disableType: 0 });
			expect(quantities(harness)).toEqual([[91], [92], [93], [94]]);

			// Later checks (past the retry horizon too) and a late retry of a failed delivery run nothing again.
			for (const ms of [MINUTE, 31 * MINUTE]) {
				await advance(harness, ms);
				expect(await harness.tick()).toEqual({});
			}
			const late = harness.calls[0];
			expect(await harness.post(late.rawBody, TriggerHarness.headersOf(late))).toBe(200);
			await harness.idle();
			expect(quantities(harness)).toEqual([[91], [92], [93], [94]]);
		} finally {
			suite.sandbox.disableKeepsModified(false);
		}
	});

	it('takes the failed deliveries as final at once, with only the log to name them', async () => {
		const harness = await trigger();
		const rec = await activate(harness);
		for (let minute = 0; minute < 10; minute++) {
			await advance(harness, MINUTE);
			expect(await harness.tick()).toEqual({});
		}
		suite.sandbox.disableKeepsModified(true);
		// The movements list cannot be read: the outage's list catch-up finds nothing, the log must.
		suite.sandbox.failNext('inventory.materialIn', 'forbidden', 10);
		try {
			await whileDown(harness, [95, 96, 97]);
			expect(await subscription(rec)).toMatchObject({ active: false, disableType: 1 });
			await advance(harness, MINUTE);
			const check = await harness.tick();
			expect(check.error).toBeUndefined();
			expect(check.emitted?.map((item) => [item.event, item.data, item.recovered])).toEqual([
				['inventory.received', null, true],
				['inventory.received', null, true],
				['inventory.received', null, true],
			]);
		} finally {
			suite.sandbox.clearFaults();
		}
	});
});

describe('exactly once (scenario b)', () => {
	it('runs one signed delivery POSTed three times once, also after a restart', async () => {
		const harness = await trigger();
		await activate(harness);
		await receive(31);
		await settle(harness);
		const [delivery] = harness.calls;
		for (let i = 0; i < 2; i++)
			expect(await harness.post(delivery.rawBody, TriggerHarness.headersOf(delivery))).toBe(200);
		await harness.idle();
		expect(harness.calls.map((call) => call.executed)).toEqual([true, false, false]);

		await harness.restart();
		expect(await harness.post(delivery.rawBody, TriggerHarness.headersOf(delivery))).toBe(200);
		await harness.idle();
		expect(quantities(harness)).toEqual([[31]]);
	});

	it('keeps what ran across a restart when the delivery ran once and nothing followed it', async () => {
		const harness = await trigger();
		await activate(harness);
		await receive(32);
		await settle(harness);
		expect(harness.calls.map((call) => call.executed)).toEqual([true]);
		// Saved with the execution (n8n does not save static data after an answer that starts one).
		expect(ranIn(harness.saved)).toBe(1);
		await harness.restart();
		const [delivery] = harness.calls;
		expect(await harness.post(delivery.rawBody, TriggerHarness.headersOf(delivery))).toBe(200);
		await harness.idle();
		expect(quantities(harness)).toEqual([[32]]);
	});

	it('does not run a recovered event again when its live delivery arrives late', async () => {
		const harness = await trigger();
		const rec = await activate(harness);
		await whileDown(harness, [41, 42, 43]);
		expect(await subscription(rec)).toMatchObject({ disableType: 1 });
		await advance(harness, MINUTE);
		await harness.tick();
		expect(quantities(harness)).toEqual([[41], [42], [43]]);
		// The first failed attempt's exact bytes, delivered now (a late retry or a replay).
		const late = harness.calls[0];
		expect(await harness.post(late.rawBody, TriggerHarness.headersOf(late))).toBe(200);
		await harness.idle();
		expect(quantities(harness)).toEqual([[41], [42], [43]]);
	});
});

describe('clear signals', () => {
	it('never throws at activation or start-up while the service fails; reports a lasting failure once and heals after', async () => {
		const harness = await trigger();
		const rec = await activate(harness);
		await whileDown(harness, [51, 52, 53]);
		suite.sandbox.failNext('webhook.get', 'internal_error', 4);
		// Restart while the service fails: hooks and the first tick must not switch the trigger off.
		const startup = await harness.restart();
		expect(startup.error).toBeUndefined();

		await advance(harness, MINUTE);
		expect(await harness.tick()).toEqual({}); // first failure: logged only
		await advance(harness, MINUTE);
		const second = await harness.tick();
		expect(second.error?.message).toMatch(
			/^Inventory Pro Trigger could not check its subscription: /,
		);
		expect((second.error as { description?: string }).description).toMatch(/stays active/);
		await advance(harness, MINUTE);
		expect(await harness.tick()).toEqual({}); // the same problem is not reported every interval

		await advance(harness, MINUTE);
		const healed = await harness.tick();
		expect(healed.error).toBeUndefined();
		expect(await subscription(rec)).toMatchObject({ active: true, disableType: 0 });
		expect(quantities(harness)).toEqual([[51], [52], [53]]);
	});

	it('leaves a manually disabled subscription disabled and says so, once; activation by a person fails with the reason', async () => {
		const harness = await trigger();
		const rec = await activate(harness);
		const current = await subscription(rec);
		const put = await suite.api.put(`/Webhook/${rec}`, {
			name: current.name,
			url: current.url,
			events: current.events,
			payloadMode: 1,
			active: false,
		});
		expect(put.status).toBe(200);
		expect(await subscription(rec)).toMatchObject({ disableType: 2 });

		await advance(harness, MINUTE);
		const told = await harness.tick();
		expect(told.error?.message).toMatch(/disabled manually in Inventory Pro, so no events arrive/);
		await advance(harness, MINUTE);
		expect(await harness.tick()).toEqual({});
		expect(await subscription(rec)).toMatchObject({ active: false, disableType: 2 });

		// A restart does not fail on it either; a person activating hears it.
		expect((await harness.restart()).error).toBeUndefined();
		await expect(harness.activate()).rejects.toThrow(/disabled manually/);
	});

	it('checks once per check interval, not on every tick', async () => {
		const harness = await trigger({
			events: ['inventory.received'],
			options: { checkInterval: 5 },
		});
		await activate(harness);
		suite.sandbox.resetStats();
		for (let minute = 1; minute <= 10; minute++) {
			await advance(harness, MINUTE);
			await harness.tick();
		}
		// Minutes 1 (first check after activation), 6 (five later): one subscription read each.
		expect(suite.webhookRequests(['webhook.get'])).toEqual({ 'webhook.get': 2 });
	});
});

describe('subscription deleted out of band, and secret rotation across a restart', () => {
	it('re-creates a deleted subscription and recovers what happened while it was missing', async () => {
		const harness = await trigger();
		const rec = await activate(harness);
		await advance(harness, MINUTE);
		expect(await harness.tick()).toEqual({});
		expect((await suite.api.delete(`/Webhook/${rec}`)).status).toBe(200);
		await receive(61);
		await settle(harness);
		expect(harness.calls).toEqual([]);

		await advance(harness, MINUTE);
		const check = await harness.tick();
		expect(check.error).toBeUndefined();
		const again = (harness.memory()[NODE] as { rec: number }).rec;
		expect(again).not.toBe(rec);
		expect(quantities(harness)).toEqual([[61]]);
		await receive(62);
		await settle(harness);
		expect(quantities(harness)).toEqual([[61], [62]]);
	});

	it('after a rotation and a restart, re-keys at the next check and recovers the deliveries that failed meanwhile', async () => {
		const harness = await trigger();
		const rec = await activate(harness);
		suite.rotateSecret('rotated-trigger-secret-3');
		try {
			await harness.restart();
			// The start-up hooks re-key at once; to see the in-between, undo that at the service.
			const oldSecret = deriveSigningSecret(
				'trigger-tests-dummy-secret-1',
				harness.workflowId,
				WEBHOOK_ID,
			);
			const current = await subscription(rec);
			await suite.api.put(`/Webhook/${rec}`, {
				name: current.name,
				url: current.url,
				events: current.events,
				payloadMode: 1,
				active: true,
				secret: oldSecret,
			});
			for (const units of [71, 72, 73]) {
				await receive(units);
				await settle(harness);
			}
			expect(harness.calls.map((call) => call.status)).toEqual([401, 401, 401]);
			expect(await subscription(rec)).toMatchObject({ disableType: 1 });

			await advance(harness, MINUTE);
			await harness.tick();
			expect(quantities(harness)).toEqual([[71], [72], [73]]);
			await receive(74);
			await settle(harness);
			expect(quantities(harness)).toEqual([[71], [72], [73], [74]]);
		} finally {
			suite.rotateSecret(undefined);
		}
	});
});

describe('answering fast (scenario d)', () => {
	it('answers at once while the item API answers 429: the run waits it out and carries the item; one execution', async () => {
		const harness = await trigger({
			events: ['inventory.received'],
			payloadMode: 'identifiers',
			options: { fetchItem: true, checkInterval: 1 },
		});
		await activate(harness);
		suite.sandbox.failNext('item.get', 'rate_limited', 1);
		await receive(81);
		await settle(harness);
		expect(harness.calls.map((call) => [call.status, call.executed])).toEqual([[200, true]]);
		expect(harness.executions).toHaveLength(1);
		const [item] = harness.executions[0];
		expect(item.item).toMatchObject({ shortID: (item.data as IDataObject).shortID });
		expect(item).not.toHaveProperty('itemError');
		expect(suite.webhookRequests(['item.get'])).toEqual({ 'item.get': 2 });
	});
});

describe('events whose bytes repeat', () => {
	it('runs two identifiers-only updates of one item twice (the same bytes, two deliveries), a replay of either never', async () => {
		const harness = await trigger({
			events: ['item.updated'],
			payloadMode: 'identifiers',
			options: { checkInterval: 1 },
		});
		await activate(harness);
		const shortID = suite.sandbox.store.items.rows[1].shortID;
		for (const description of ['first change', 'second change']) {
			expect((await suite.api.put('/Item', { itemID: shortID, description })).status).toBe(200);
			await settle(harness);
		}
		expect(harness.calls[0].rawBody.equals(harness.calls[1].rawBody)).toBe(true);
		expect(harness.executions).toHaveLength(2);
		expect(
			await harness.post(harness.calls[1].rawBody, TriggerHarness.headersOf(harness.calls[1])),
		).toBe(200);
		await harness.idle();
		expect(harness.executions).toHaveLength(2);
	});
});

/** Posts a signed body to the production URL, as the service would (with a delivery id when given). */
const deliver = (harness: TriggerHarness, payload: IDataObject, deliveryId?: string) =>
	suite.deliver(harness, payload, deliveryId);

describe('a check in flight (issue 25)', () => {
	it('refuses, after a slow check, the repeats of deliveries it accepted while the check ran', async () => {
		const harness = await trigger();
		await activate(harness);
		await advance(harness, MINUTE);
		// The service answers the check's first request slowly: deliveries arrive meanwhile.
		suite.sandbox.inject('webhook.get', { kind: 'slow', ms: 700 });
		let checked = false;
		const check = harness.tick().then((result) => ((checked = true), result));
		for (const units of [51, 52, 53]) await receive(units);
		await settle(harness);
		expect(checked).toBe(false);
		expect((await check).error).toBeUndefined();
		expect(quantities(harness)).toEqual([[51], [52], [53]]);

		for (const call of harness.calls.slice(0, 3))
			expect(await harness.post(call.rawBody, TriggerHarness.headersOf(call))).toBe(200);
		await harness.idle();
		expect(quantities(harness)).toEqual([[51], [52], [53]]);
		expect(harness.calls.slice(3).map((call) => call.executed)).toEqual([false, false, false]);
	});
});

describe('what a repeat shares (issue 25)', () => {
	it('runs two identifiers-only events of one record that carry no delivery id, both', async () => {
		const harness = await trigger({
			events: ['item.updated'],
			payloadMode: 'identifiers',
			options: { checkInterval: 1 },
		});
		await activate(harness);
		const { partNo, shortID } = suite.sandbox.store.items.rows[2];
		const payload = { event: 'item.updated', data: { partNo, shortID } };
		expect(await deliver(harness, payload)).toBe(200);
		expect(await deliver(harness, payload)).toBe(200);
		await harness.idle();
		expect(harness.executions).toHaveLength(2);
	});

	it('refuses the same full-payload bytes again when they carry neither a stamp nor a delivery id', async () => {
		const harness = await trigger();
		await activate(harness);
		const payload = { event: 'inventory.received', data: { recNo: 990_101, units: 5 } };
		expect(await deliver(harness, payload)).toBe(200);
		expect(await deliver(harness, payload)).toBe(200);
		await harness.idle();
		expect(quantities(harness)).toEqual([[5]]);
	});

	it('tells full-payload events apart by the record stamp: a new stamp runs, the same stamp under another delivery id does not', async () => {
		const harness = await trigger({ events: ['item.updated'], options: { checkInterval: 1 } });
		await activate(harness);
		const { partNo } = suite.sandbox.store.items.rows[3];
		const at = (modified: string) => ({ event: 'item.updated', data: { partNo, modified } });
		expect(await deliver(harness, at('2031-01-01T10:00:00.000Z'), 'a')).toBe(200);
		expect(await deliver(harness, at('2031-01-01T10:05:00.000Z'), 'b')).toBe(200);
		expect(await deliver(harness, at('2031-01-01T10:00:00.000Z'), 'c')).toBe(200);
		await harness.idle();
		expect(harness.executions.map((items) => (items[0].data as IDataObject).modified)).toEqual([
			'2031-01-01T10:00:00.000Z',
			'2031-01-01T10:05:00.000Z',
		]);
	});
});

describe('catch-up degrades, never jams (issue 25)', () => {
	it("reads a delivery log spelled in another casing as the spec's (Rec, Event, Success, Created)", async () => {
		const harness = await trigger();
		await activate(harness);
		await whileDown(harness, [81, 82, 83]);
		suite.sandbox.webhooks.logRows((row) =>
			Object.fromEntries(
				Object.entries(row).map(([key, v]) => [key[0].toUpperCase() + key.slice(1), v]),
			),
		);
		try {
			await advance(harness, MINUTE);
			const check = await harness.tick();
			expect(check.error).toBeUndefined();
			expect(quantities(harness)).toEqual([[81], [82], [83]]);
			// The log was read (its position moved past the failed attempts), not only the lists.
			expect((harness.memory()[NODE] as IDataObject).logAfter).toBeGreaterThan(0);
		} finally {
			suite.sandbox.webhooks.logRows(undefined);
		}
	});

	it('names a log entry whose time is no time once, and goes on checking', async () => {
		const harness = await trigger();
		await activate(harness);
		await whileDown(harness, [91]);
		suite.sandbox.webhooks.logRows((row) => ({ ...row, created: 'not a time' }));
		try {
			await advance(harness, MINUTE);
			const first = await harness.tick();
			expect(first.error?.message).toMatch(/without "created"/);
			await advance(harness, MINUTE);
			expect((await harness.tick()).error).toBeUndefined();
		} finally {
			suite.sandbox.webhooks.logRows(undefined);
		}
	});

	it('runs each event the log names once, with data null and the reason, when the list rows lack their key column', async () => {
		const harness = await trigger();
		const rec = await activate(harness);
		await whileDown(harness, [61, 62, 63]);
		expect(await subscription(rec)).toMatchObject({ disableType: 1 });
		// A deployment whose movement rows carry their number under another name.
		const rows = suite.sandbox.store.materialIn.rows as unknown as IDataObject[];
		for (const row of rows) {
			row.movementNo = row.recNo;
			delete row.recNo;
		}
		try {
			await advance(harness, MINUTE);
			const first = await harness.tick();
			expect(first.error).toBeUndefined();
			expect(first.emitted).toHaveLength(3);
			for (const item of first.emitted ?? []) {
				expect(item).toMatchObject({
					event: 'inventory.received',
					data: null,
					recovered: true,
					reference: expect.stringMatching(/^RecNo:\d+$/),
				});
				expect(item.reason).toMatch(/has no "recNo"/);
			}
			expect(await subscription(rec)).toMatchObject({ active: true });
			// The problem (the outage's list could not be read either) is reported once, by the next check.
			await advance(harness, MINUTE);
			const second = await harness.tick();
			expect(second.emitted).toBeUndefined();
			expect(second.error?.message).toMatch(/could not be caught up/);
			await advance(harness, MINUTE);
			expect(await harness.tick()).toEqual({});
			// One execution per event, each once.
			expect(harness.executions.map((items) => items.length)).toEqual([1, 1, 1]);
		} finally {
			for (const row of rows) {
				row.recNo = row.movementNo;
				delete row.movementNo;
			}
		}
	});

	it('finds the failed deliveries in a log served oldest first, whatever order was asked', async () => {
		const harness = await trigger();
		const rec = await activate(harness);
		// More than a page of log (250 rows) already examined: served oldest first, the first page is all old.
		const pings = await Promise.all(
			Array.from(
				{ length: 260 },
				async () => (await suite.api.post(`/Webhook/${rec}/test`)).status,
			),
		);
		expect(new Set(pings)).toEqual(new Set([200]));
		await advance(harness, MINUTE);
		expect(await harness.tick()).toEqual({});
		await whileDown(harness, [71, 72, 73]);
		expect(await subscription(rec)).toMatchObject({ disableType: 1 });
		suite.sandbox.inject('webhook.log', { kind: 'sortIgnored', direction: 'ASC' }, 10);
		// The movements list fails too, so only the log can name what was missed.
		suite.sandbox.failNext('inventory.materialIn', 'forbidden', 10);
		try {
			await advance(harness, MINUTE);
			const result = await harness.tick();
			expect(result.error).toBeUndefined();
			expect(result.emitted?.map((item) => [item.event, item.data])).toEqual([
				['inventory.received', null],
				['inventory.received', null],
				['inventory.received', null],
			]);
		} finally {
			suite.sandbox.clearFaults();
		}
	});
});
