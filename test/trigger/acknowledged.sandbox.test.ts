// Answered on receipt, and still nothing lost when n8n is killed (issue 43; nodes/InventoryProTrigger/
// acknowledged.ts): the trigger answers a delivery as soon as n8n holds its execution, so the service never
// retries it. When n8n is killed while that execution runs, n8n marks it crashed and never runs it again:
// the first check after the start reads the delivery log back to when everything acknowledged had run,
// rebuilds those events from their records and runs the ones the ledger does not show as run,
// `recovered: true`, each as an execution of its own carrying n8n's deduplication key.

import type { IDataObject } from 'n8n-workflow';

import type { TriggerHarness } from '../harness/triggerHarness';
import { startTriggerSuite, type TriggerSuite } from '../harness/triggerSuite';

let suite: TriggerSuite;
const open: TriggerHarness[] = [];
const MINUTE = 60_000;
const NODE = 'node:Inventory Pro Trigger';

async function trigger(): Promise<TriggerHarness> {
	const harness = await suite.newTrigger({
		parameters: { events: ['inventory.received'], options: { checkInterval: 1 } },
	});
	open.push(harness);
	await harness.activate();
	expect(await harness.tick()).toEqual({});
	return harness;
}

let next = 900;
/** A stock receipt; the service delivers it at once. Returns its units (the event's name here). */
async function receive(): Promise<number> {
	const units = ++next;
	const shortID = suite.sandbox.store.items.rows[0].shortID;
	const answer = await suite.api.post('/Inventory/Receive', { itemID: shortID, wID: 1, units });
	expect(answer.status).toBe(201);
	await suite.sandbox.webhooks.idle();
	return units;
}

const unitsOf = (runs: IDataObject[][]) =>
	runs.flatMap((items) => items.map((item) => (item.data as IDataObject).units));

/** The first check after a start (a minute on, so it is due). */
async function firstCheck(harness: TriggerHarness) {
	suite.clock.advance(MINUTE);
	const result = await harness.tick();
	expect(result.error).toBeUndefined();
	return result;
}

beforeAll(async () => {
	suite = await startTriggerSuite();
});

afterEach(async () => {
	for (const harness of open.splice(0)) {
		harness.holdDeliveries = false;
		if ((harness.memory()[NODE] as IDataObject | undefined)?.rec !== undefined)
			await harness.deactivate();
		await harness.close();
	}
	suite.clock.advance(10 * MINUTE);
	await suite.sandbox.webhooks.idle();
});

afterAll(async () => await suite?.close());

describe('killed while the executions of answered deliveries run', () => {
	it('the first check after the start runs them, recovered, once each; the log shows every delivery answered 200', async () => {
		const harness = await trigger();
		const ran = await receive();
		await harness.idle();
		harness.holdDeliveries = true;
		const cut = [await receive(), await receive()];
		// Answered on receipt: the service has nothing to retry.
		expect(harness.calls.map((call) => call.status)).toEqual([200, 200, 200]);
		expect(harness.heldDeliveries).toHaveLength(2);
		expect(suite.sandbox.webhooks.pendingRetries()).toBe(0);

		expect((await harness.kill()).error).toBeUndefined();
		harness.holdDeliveries = false;
		const check = await firstCheck(harness);
		expect(unitsOf([check.emitted ?? []])).toEqual(cut);
		for (const item of check.emitted!) expect(item).toMatchObject({ recovered: true });
		expect(unitsOf(harness.ran)).toEqual(cut);
		// One execution per event, each with n8n's deduplication key.
		expect(harness.deduplicationKeys.size).toBe(2);
		expect(unitsOf(harness.executions)).toEqual([ran, ...cut]);

		// Nothing again: not at the next check, not after another start.
		suite.clock.advance(MINUTE);
		expect(await harness.tick()).toEqual({});
		expect((await harness.kill()).error).toBeUndefined();
		expect(await firstCheck(harness)).toEqual({});
		expect(unitsOf(harness.executions)).toEqual([ran, ...cut]);
	});

	it('killed right after their executions were saved: nothing comes again', async () => {
		const harness = await trigger();
		harness.holdDeliveries = true;
		const units = [await receive(), await receive()];
		await harness.runHeldDeliveries();
		expect((await harness.kill()).error).toBeUndefined();
		harness.holdDeliveries = false;
		expect(await firstCheck(harness)).toEqual({});
		expect(unitsOf(harness.executions)).toEqual(units);
	});

	it('one saved, one cut after its last node (before the save): only the second comes again (README, limits)', async () => {
		const harness = await trigger();
		harness.holdDeliveries = true;
		const [saved, cut] = [await receive(), await receive()];
		await harness.runHeldDeliveries(1);
		await harness.runHeldDeliveries(1, { save: false });
		expect((await harness.kill()).error).toBeUndefined();
		harness.holdDeliveries = false;
		const check = await firstCheck(harness);
		expect(unitsOf([check.emitted ?? []])).toEqual([cut]);
		expect(unitsOf(harness.executions)).toEqual([saved, cut, cut]);
	});

	it('a graceful restart after every run ended: nothing comes again', async () => {
		const harness = await trigger();
		const units = [await receive(), await receive()];
		await harness.idle();
		await harness.restart();
		expect(await firstCheck(harness)).toEqual({});
		expect(unitsOf(harness.executions)).toEqual(units);
	});

	it('a delivery the service retries after the start (its answer was cut) runs once', async () => {
		const harness = await trigger();
		harness.holdDeliveries = true;
		const units = await receive();
		expect((await harness.kill()).error).toBeUndefined();
		harness.holdDeliveries = false;
		// The same bytes again: new to this process, and not in the ledger.
		const call = harness.calls[0];
		const headers: Record<string, string> = {};
		for (const [name, value] of Object.entries(call.headers))
			if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
				headers[name] = value;
		expect(await harness.post(call.rawBody, headers)).toBe(200);
		await harness.idle();
		expect(await firstCheck(harness)).toEqual({});
		expect(unitsOf(harness.executions)).toEqual([units]);
	});
});
