// Catch-up against what a real server does, in-process: the purchase order list holds open orders only,
// the delivery log names orders RecNo:<number>, and movement rows may carry no kind. Each path runs with
// the sandbox's invention on and off; what cannot be recovered is named once, never with a false reason.
// And n8n killed while the execution a check started runs (issue 37): what the check found comes again.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ranIn, TriggerHarness } from '../harness/triggerHarness';
import { startTriggerSuite, type TriggerSuite } from '../harness/triggerSuite';

let suite: TriggerSuite;
const open: TriggerHarness[] = [];
const MINUTE = 60_000;
const NODE = 'node:Inventory Pro Trigger';

async function trigger(parameters: INodeParameters) {
	const harness = await suite.newTrigger({ parameters });
	open.push(harness);
	await harness.activate();
	expect(await harness.tick()).toEqual({});
	return (harness.memory()[NODE] as { rec: number }).rec ? harness : harness;
}

async function settle(harness: TriggerHarness): Promise<void> {
	await suite.sandbox.webhooks.idle();
	await harness.idle();
}

async function advance(harness: TriggerHarness, ms: number): Promise<void> {
	suite.clock.advance(ms);
	await settle(harness);
}

/** One healthy check (the first after activation): the trigger notes the open purchase orders. */
async function check(harness: TriggerHarness) {
	await advance(harness, MINUTE);
	return await harness.tick();
}

const subscription = async (harness: TriggerHarness) =>
	(await suite.api.get(`/Webhook/${(harness.memory()[NODE] as { rec: number }).rec}`))
		.body as IDataObject;

/** Open purchase orders not touched by another test. */
const openOrders = () =>
	suite.sandbox.store.purchaseOrders.rows.filter(
		(order) => order.status !== 'Closed' && !used.has(order.poNo),
	);
const used = new Set<string>();

async function finalize(poNo: string): Promise<IDataObject> {
	used.add(poNo);
	const answer = await suite.api.post(`/PurchaseOrder/${poNo}/Finalize`);
	expect(answer.status).toBe(200);
	return answer.body as IDataObject;
}

/** n8n answers 503 to everything while `work` runs (n8n "down"), and while the service retries. */
async function whileDown(harness: TriggerHarness, work: () => Promise<void>): Promise<void> {
	harness.failWith = 503;
	try {
		await work();
		await settle(harness);
		while (suite.sandbox.webhooks.pendingRetries() > 0) await advance(harness, 10_000);
	} finally {
		harness.failWith = undefined;
	}
}

beforeAll(async () => {
	suite = await startTriggerSuite();
});

afterEach(async () => {
	suite.sandbox.invent();
	suite.sandbox.clearFaults();
	for (const harness of open.splice(0)) {
		harness.failWith = undefined;
		harness.holdExecutions = false;
		harness.staleReads = false;
		harness.held = [];
		if ((harness.memory()[NODE] as IDataObject | undefined)?.rec !== undefined)
			await harness.deactivate();
		await harness.close();
	}
	suite.sandbox.resetStats();
	// Past the time an order is matched to a log entry by (10 minutes): tests do not see each other's orders.
	suite.clock.advance(15 * MINUTE);
	await suite.sandbox.webhooks.idle();
});

afterAll(async () => {
	await suite?.close();
});

const COMPLETIONS: INodeParameters = { events: ['order.completed'], options: { checkInterval: 1 } };

describe('a purchase order completed while n8n was down, against the open-only list', () => {
	it.each([
		['number', 'full'],
		['key', 'identifiers'],
	] as const)(
		'comes back once, with the order read by its key (log reference: %s, payload: %s)',
		async (orderReference, payloadMode) => {
			suite.sandbox.invent({ orderReference });
			const harness = await trigger({ ...COMPLETIONS, payloadMode });
			expect(await check(harness)).toEqual({});
			const [order] = openOrders();
			await whileDown(harness, async () => {
				await finalize(order.poNo);
			});
			expect(await subscription(harness)).toMatchObject({ disableType: 1 });
			// The closed order is in no list the service offers.
			const listed = (await suite.api.get('/PurchaseOrder', { pageSize: 50 })).body
				.value as IDataObject[];
			expect(listed.map((row) => row.poNo)).not.toContain(order.poNo);

			// n8n restarts (what it had not saved is gone) and checks.
			expect((await harness.restart()).error).toBeUndefined();
			const result = await check(harness);
			expect(result.error).toBeUndefined();
			expect(result.emitted).toEqual([
				expect.objectContaining({
					event: 'order.completed',
					data: expect.objectContaining({ poNo: order.poNo, status: 'Closed' }),
					recovered: true,
				}),
			]);
			expect(result.emitted![0]).not.toHaveProperty('reason');
			expect(await subscription(harness)).toMatchObject({ active: true });
			// Nothing again: not at the next checks, not when the late delivery arrives (identifiers
			// without a stamp too: an order completes once, its number is the key).
			const late = harness.calls[0];
			expect(await harness.post(late.rawBody, TriggerHarness.headersOf(late))).toBe(200);
			await harness.idle();
			for (let i = 0; i < 2; i++) {
				const next = await check(harness);
				expect(next.emitted).toBeUndefined();
			}
			expect(harness.executions).toHaveLength(1);
		},
	);

	it('a completion that ran live is never taken for a missed one', async () => {
		const harness = await trigger(COMPLETIONS);
		expect(await check(harness)).toEqual({});
		const [order] = openOrders();
		await finalize(order.poNo);
		await settle(harness);
		expect(harness.executions).toHaveLength(1);
		// n8n down afterwards, another order: only that one comes back.
		const [other] = openOrders();
		await whileDown(harness, async () => {
			await finalize(other.poNo);
		});
		const result = await check(harness);
		expect(result.emitted?.map((item) => (item.data as IDataObject).poNo)).toEqual([other.poNo]);
	});

	it('two orders completed as one failed event was sent cannot be told apart: each runs once, data null, the true reason', async () => {
		const harness = await trigger(COMPLETIONS);
		expect(await check(harness)).toEqual({});
		const [first, second] = openOrders();
		await whileDown(harness, async () => {
			await finalize(first.poNo);
			await finalize(second.poNo);
		});
		const result = await check(harness);
		expect(result.error).toBeUndefined();
		expect(result.emitted).toHaveLength(2);
		for (const item of result.emitted!) {
			expect(item).toMatchObject({ event: 'order.completed', data: null, recovered: true });
			expect(item.reason).toMatch(
				/names this order as RecNo:\d+, while orders are keyed by their order number/,
			);
			expect(item.reason).toContain('2 orders');
			expect(item.reason).not.toMatch(/no longer/);
		}
		// The notice, once, by the next check; nothing runs again.
		const next = await check(harness);
		expect(next.emitted).toBeUndefined();
		expect(next.error?.message).toMatch(
			/order event\(s\) from the delivery log ran without their order/,
		);
		expect((await check(harness)).error).toBeUndefined();
		expect(harness.executions).toHaveLength(2);
	});

	it('a deployment that lists closed orders: the same order comes back from its row', async () => {
		suite.sandbox.invent({ closedPurchaseOrders: true });
		const harness = await trigger(COMPLETIONS);
		expect(await check(harness)).toEqual({});
		const [order] = openOrders();
		await whileDown(harness, async () => {
			await finalize(order.poNo);
		});
		const result = await check(harness);
		expect(result.emitted?.map((item) => [item.event, (item.data as IDataObject).poNo])).toEqual([
			['order.completed', order.poNo],
		]);
	});
});

describe('a purchase order list that cannot be read', () => {
	it('says nothing at a check with nothing to find; when an order must be found, runs it with the reason and says why once', async () => {
		const harness = await trigger(COMPLETIONS);
		expect(await check(harness)).toEqual({});
		suite.sandbox.failNext('purchaseOrder.list', 'internal_error');
		expect(await check(harness)).toEqual({});

		const [order] = openOrders();
		await whileDown(harness, async () => {
			await finalize(order.poNo);
		});
		suite.sandbox.failNext('purchaseOrder.list', 'forbidden', 2);
		const result = await check(harness);
		expect(result.emitted).toEqual([
			expect.objectContaining({ event: 'order.completed', data: null, recovered: true }),
		]);
		expect(result.emitted![0].reason).toMatch(
			/names this order as RecNo:\d+, .*the order lists could not be read \(\/PurchaseOrder could not be read/,
		);
		const next = await check(harness);
		expect(next.error?.message).toMatch(/Completed purchase orders could not be looked for: /);
		expect((await check(harness)).error).toBeUndefined();
	});
});

describe('orders completed while the subscription delivered nothing (a gap)', () => {
	it('finds an order seen open by its key, and names once what it cannot see', async () => {
		const harness = await trigger({
			events: ['order.completed', 'order.created'],
			options: { checkInterval: 1 },
		});
		expect(await check(harness)).toEqual({});
		const [seen] = openOrders();
		// n8n down: a created order fails to arrive three times and the subscription is disabled.
		const vendor = suite.sandbox.store.vendors.rows.find((v) => v.active)!.shortID;
		const item = suite.sandbox.store.items.rows.find((i) => !i.discontinued)!.shortID;
		const line = { shortID: item, units: 1, warehouse: 1 };
		let created: IDataObject = {};
		await whileDown(harness, async () => {
			const answer = await suite.api.post('/PurchaseOrder', { vendor, lines: [line] });
			expect(answer.status).toBe(201);
			created = answer.body as IDataObject;
		});
		expect(await subscription(harness)).toMatchObject({ disableType: 1 });
		// Disabled: nothing is attempted for these.
		await advance(harness, MINUTE);
		await finalize(seen.poNo);
		const unseen = (await suite.api.post('/PurchaseOrder', { vendor, lines: [line] }))
			.body as IDataObject;
		await finalize(String(unseen.poNo));
		await settle(harness);
		expect(harness.calls.filter((call) => call.status === 200)).toHaveLength(0);

		const result = await check(harness);
		expect(result.error).toBeUndefined();
		const recovered = result.emitted!.map((item) => [
			item.event,
			(item.data as IDataObject | null)?.poNo,
		]);
		// The order created during the failures (the log names it; matched by time, it is still open),
		// the completion of the one seen open (read by its key). Not the order never seen open.
		expect(recovered).toEqual([
			['order.created', created.poNo],
			['order.completed', seen.poNo],
		]);
		for (const item of result.emitted!) expect(item).not.toHaveProperty('reason');
		// What it could not see is named once, with the period and why.
		const next = await check(harness);
		expect(next.error?.message).toMatch(
			/Purchase orders created or completed between .+ cannot be caught up: Inventory Pro lists open purchase orders only/,
		);
		expect((await check(harness)).error).toBeUndefined();
	});
});

describe('stock movements with and without a recognisable kind', () => {
	const RECEIPTS: INodeParameters = {
		events: ['inventory.received'],
		options: { checkInterval: 1 },
	};

	async function outage(harness: TriggerHarness): Promise<void> {
		const shortID = suite.sandbox.store.items.rows[0].shortID;
		const receipt = (units: number) =>
			suite.api.post('/Inventory/Receive', { itemID: shortID, wID: 1, units, remark: `k${units}` });
		await whileDown(harness, async () => {
			for (const units of [31, 32, 33]) expect((await receipt(units)).status).toBe(201);
		});
		expect(await subscription(harness)).toMatchObject({ disableType: 1 });
		await advance(harness, MINUTE);
		expect((await receipt(34)).status).toBe(201);
		await settle(harness);
	}

	it.each([true, false])('movement type served: %s', async (movementType) => {
		suite.sandbox.invent({ movementType });
		const harness = await trigger(RECEIPTS);
		expect(await check(harness)).toEqual({});
		await outage(harness);
		const result = await check(harness);
		expect(result.error).toBeUndefined();
		const got = result.emitted!.map((item) => (item.data as IDataObject | null)?.units);
		// The log names the failed three: matched by their number whatever their kind.
		expect(got.slice(0, 3)).toEqual([31, 32, 33]);
		for (const item of result.emitted!) expect(item).not.toHaveProperty('reason');
		if (movementType) {
			expect(got).toEqual([31, 32, 33, 34]);
			expect((await check(harness)).error).toBeUndefined();
		} else {
			// The one never attempted can only come from the list, whose rows say no kind: named once.
			expect(got).toEqual([31, 32, 33]);
			const next = await check(harness);
			expect(next.error?.message).toMatch(
				/records of \/Inventory\/MaterialIn between .+ have no stock movement kind the trigger knows \(type "\(none\)"/,
			);
			expect((await check(harness)).error).toBeUndefined();
		}
	});
});

describe('n8n killed while the execution a check started runs (issue 37)', () => {
	const RECEIPTS: INodeParameters = {
		events: ['inventory.received'],
		options: { checkInterval: 1 },
	};
	const unitsOf = (items: IDataObject[] | undefined) =>
		(items ?? []).map((item) => (item.data as IDataObject).units);
	const stored = (data: IDataObject) => data[NODE] as IDataObject;
	/** How many events the bookkeeping keeps as owed (emitted by a check, not known to have run). */
	const owed = (data: IDataObject) => ((stored(data).owed as unknown[] | undefined) ?? []).length;
	let next = 600;

	/**
	 * Three receipts the service gave up on (n8n down; the third failure disabled the subscription) and
	 * one made while it was disabled: the next check finds the four, from the log and from the list.
	 */
	async function missed(harness: TriggerHarness): Promise<number[]> {
		const shortID = suite.sandbox.store.items.rows[0].shortID;
		const receipt = async (units: number) =>
			expect(
				(await suite.api.post('/Inventory/Receive', { itemID: shortID, wID: 1, units })).status,
			).toBe(201);
		const units = [++next, ++next, ++next, ++next];
		// The tests of this file move the clock by hours: a token of the test's own client expires.
		suite.api.forgetToken();
		await whileDown(harness, async () => {
			for (const u of units.slice(0, 3)) await receipt(u);
		});
		expect(await subscription(harness)).toMatchObject({ disableType: 1 });
		await advance(harness, MINUTE);
		await receipt(units[3]);
		await settle(harness);
		return units;
	}

	/**
	 * A check that finds them: it emits them one at a time, each once the one before ended; the first's
	 * execution is held (still running when n8n is killed), the others wait their turn.
	 */
	async function heldCheck(harness: TriggerHarness, units: number[]): Promise<void> {
		harness.holdExecutions = true;
		const result = await check(harness);
		harness.holdExecutions = false;
		expect(result.error).toBeUndefined();
		expect(unitsOf(result.emitted)).toEqual(units.slice(0, 1));
		expect(harness.held).toHaveLength(1);
		// Saved with the emit: the log position and the gap are done, the four are owed, none has run.
		expect(stored(harness.saved).gaps).toEqual([]);
		expect(owed(harness.saved)).toBe(4);
		expect(ranIn(harness.saved)).toBe(0);
	}

	async function checked(): Promise<TriggerHarness> {
		const harness = await trigger(RECEIPTS);
		expect(await check(harness)).toEqual({});
		return harness;
	}

	it('during that execution: a live copy meanwhile starts nothing; the first check after the start runs them in order, once', async () => {
		const harness = await checked();
		const units = await missed(harness);
		await heldCheck(harness, units);
		const failed = harness.calls.filter((call) => call.status === 503);
		const copy = (n: number) =>
			harness.post(failed[n].rawBody, TriggerHarness.headersOf(failed[n]));
		// The first runs, the others wait their turn: a copy of either starts nothing.
		expect([await copy(0), await copy(1)]).toEqual([200, 200]);
		expect(harness.calls.slice(-2).map((call) => call.executed)).toEqual([false, false]);

		expect((await harness.kill()).error).toBeUndefined();
		const again = await check(harness);
		expect(again.error).toBeUndefined();
		expect(unitsOf(again.emitted)).toEqual(units);
		for (const item of again.emitted!) expect(item).toMatchObject({ recovered: true });
		expect(harness.ran.map(unitsOf)).toEqual(units.map((u) => [u]));
		expect(ranIn(harness.saved)).toBe(4);

		// Ran and saved: not again at the next check, after another start, or from a late live copy.
		expect(await check(harness)).toEqual({});
		expect((await harness.kill()).error).toBeUndefined();
		expect(await check(harness)).toEqual({});
		expect(await copy(0)).toBe(200);
		await harness.idle();
		expect(harness.calls.at(-1)).toMatchObject({ executed: false });
		expect(harness.ran.flatMap(unitsOf)).toEqual(units);
	});

	it('after its last node, before n8n saved it: that one comes again (the trigger cannot tell; README, limits)', async () => {
		const harness = await checked();
		const units = await missed(harness);
		await heldCheck(harness, units);
		await harness.runHeld(1, { save: false });
		expect(harness.ran.flatMap(unitsOf)).toEqual(units.slice(0, 1));

		expect((await harness.kill()).error).toBeUndefined();
		expect(unitsOf((await check(harness)).emitted)).toEqual(units);
		expect(harness.ran.flatMap(unitsOf)).toEqual([units[0], ...units]);
		expect(await check(harness)).toEqual({});
	});

	it('right after n8n saved it: that one does not come again, the rest run', async () => {
		const harness = await checked();
		const units = await missed(harness);
		await heldCheck(harness, units);
		harness.holdExecutions = true;
		await harness.runHeld(1);
		// The next one's turn came: held too.
		expect(harness.held).toHaveLength(1);
		harness.holdExecutions = false;
		expect((await harness.kill()).error).toBeUndefined();
		expect(unitsOf((await check(harness)).emitted)).toEqual(units.slice(1));
		expect(harness.ran.flatMap(unitsOf)).toEqual(units);
		expect(await check(harness)).toEqual({});
	});

	it('an execution that read the static data from before the emit: its save keeps the bookkeeping, and nothing comes again', async () => {
		const harness = await checked();
		const units = await missed(harness);
		harness.staleReads = true;
		await heldCheck(harness, units);
		const emitted = stored(harness.saved);
		await harness.runHeld();
		await harness.idle();
		// The executions' copies were older than their emits; what they saved is this process's bookkeeping.
		expect(stored(harness.saved)).toMatchObject({
			gaps: [],
			logAfter: emitted.logAfter,
			finalUntil: emitted.finalUntil,
		});
		expect(ranIn(harness.saved)).toBe(4);
		harness.staleReads = false;
		expect((await harness.kill()).error).toBeUndefined();
		expect(await check(harness)).toEqual({});
		expect(harness.ran.flatMap(unitsOf)).toEqual(units);
	});

	it('one the service delivers again after the start runs live; the check runs only the others', async () => {
		const harness = await checked();
		const units = await missed(harness);
		await heldCheck(harness, units);
		expect((await harness.kill()).error).toBeUndefined();
		const failed = harness.calls.find((call) => call.status === 503)!;
		expect(await harness.post(failed.rawBody, TriggerHarness.headersOf(failed))).toBe(200);
		await harness.idle();
		expect(unitsOf(harness.executions.at(-1))).toEqual([units[0]]);
		expect(unitsOf((await check(harness)).emitted)).toEqual(units.slice(1));
		expect(await check(harness)).toEqual({});
	});

	it('queue mode, the worker killed while it runs one: the next check emits it again, without a restart; each runs once', async () => {
		const harness = await checked();
		harness.queueMode = true;
		const units = await missed(harness);
		await heldCheck(harness, units);
		harness.stall();
		// The stalled one ended without running: the rest take their turn.
		await harness.idle();
		expect(harness.ran.flatMap(unitsOf)).toEqual(units.slice(1));

		const again = await check(harness);
		expect(again.error).toBeUndefined();
		expect(unitsOf(again.emitted)).toEqual(units.slice(0, 1));
		expect(harness.ran.flatMap(unitsOf).sort()).toEqual([...units].sort());
		expect(await check(harness)).toEqual({});
		expect(await harness.restart()).toEqual({});
		expect(await check(harness)).toEqual({});
		expect(harness.ran.flatMap(unitsOf).sort()).toEqual([...units].sort());
	});

	it('queue mode, checks whose executions ran on workers: main knows they ran, and a graceful restart runs nothing again', async () => {
		const harness = await checked();
		harness.queueMode = true;
		const first = await missed(harness);
		expect(unitsOf((await check(harness)).emitted)).toEqual(first);
		const second = await missed(harness);
		expect(unitsOf((await check(harness)).emitted)).toEqual(second);
		expect(harness.ran.flatMap(unitsOf)).toEqual([...first, ...second]);
		// One after the other, each worker's save holds the ones before it.
		expect(ranIn(harness.saved)).toBe(8);

		expect(await harness.restart()).toEqual({});
		expect(await check(harness)).toEqual({});
		expect(harness.ran.flatMap(unitsOf)).toEqual([...first, ...second]);
	});

	it('the first check after the start runs them although Inventory Pro cannot be reached', async () => {
		const harness = await checked();
		const units = await missed(harness);
		await heldCheck(harness, units);
		expect((await harness.kill()).error).toBeUndefined();
		suite.sandbox.failNext('webhook.get', 'internal_error', 100);
		const again = await check(harness);
		// The check itself failed (the first failure is logged only); what was owed ran all the same.
		expect(again.error).toBeUndefined();
		expect(unitsOf(again.emitted)).toEqual(units);
		suite.sandbox.clearFaults();
		expect(await check(harness)).toEqual({});
		expect(harness.ran.flatMap(unitsOf)).toEqual(units);
	});
});
