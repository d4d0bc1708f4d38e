// Genuine deliveries of shapes other than the spec's {event, data}, in-process: the sandbox sends its
// events wrapped, renamed or batched (its payloadShape invention), or a test posts signed bytes of any
// shape. Each is answered 2xx and runs once per event; a forged one is refused 401 and runs nothing.
import { createHmac } from 'crypto';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { TriggerHarness } from '../harness/triggerHarness';
import { startTriggerSuite, type TriggerSuite } from '../harness/triggerSuite';

let suite: TriggerSuite;
const open: TriggerHarness[] = [];
const RECEIPTS: INodeParameters = { events: ['inventory.received'] };

async function trigger(parameters: INodeParameters = RECEIPTS) {
	const harness = await suite.newTrigger({ parameters });
	open.push(harness);
	await harness.activate();
	return harness;
}

async function receive(units: number): Promise<IDataObject> {
	const shortID = suite.sandbox.store.items.rows[0].shortID;
	const answer = await suite.api.post('/Inventory/Receive', { itemID: shortID, wID: 1, units });
	expect(answer.status).toBe(201);
	return answer.body as IDataObject;
}

async function settle(harness: TriggerHarness): Promise<void> {
	await suite.sandbox.webhooks.idle();
	await harness.idle();
}

const units = (harness: TriggerHarness) =>
	harness.executions.map((items) => items.map((item) => (item.data as IDataObject | null)?.units));
const bytes = (value: unknown) => Buffer.from(JSON.stringify(value));

beforeAll(async () => {
	suite = await startTriggerSuite();
});

afterEach(async () => {
	suite.sandbox.invent();
	for (const harness of open.splice(0)) {
		await harness.deactivate();
		await harness.close();
	}
	suite.sandbox.resetStats();
});

afterAll(async () => {
	await suite?.close();
});

describe('the sandbox delivering other shapes', () => {
	it.each(['envelope', 'renamed', 'batch'] as const)(
		'%s: answered 200, one execution, the record as data, the body as received kept',
		async (shape) => {
			const harness = await trigger();
			suite.sandbox.invent({ payloadShape: shape });
			const receipt = await receive(7);
			await settle(harness);
			expect(harness.calls.map((call) => [call.status, call.executed])).toEqual([[200, true]]);
			expect(harness.executions).toHaveLength(1);
			const [item] = harness.executions[0];
			expect(item).toMatchObject({
				event: 'inventory.received',
				eventSource: 'body',
				data: receipt,
				body:
					shape === 'batch' ? { event: 'inventory.received', data: receipt } : expect.any(Object),
			});
			if (shape === 'batch') expect(item.batch).toEqual({ index: 0, size: 1 });
			else expect(item.body).toEqual(JSON.parse(harness.calls[0].rawBody.toString()));
			// The service logged it delivered: nothing to catch up.
			const { rec } = harness.memory()['node:Inventory Pro Trigger'] as { rec: number };
			const log = (await suite.api.get(`/Webhook/${rec}/log`)).body.value as IDataObject[];
			expect(log).toEqual([expect.objectContaining({ success: true, statusCode: 200 })]);
		},
	);

	it('without the invented headers, a repeat of a renamed full payload is still told by its record', async () => {
		const harness = await trigger();
		suite.sandbox.invent({ payloadShape: 'renamed', deliveryId: false, eventHeader: false });
		await receive(8);
		await settle(harness);
		const [call] = harness.calls;
		expect(call.headers).not.toHaveProperty('x-webhook-delivery');
		expect(await harness.post(call.rawBody, TriggerHarness.headersOf(call))).toBe(200);
		// Re-wrapped by the service (another envelope time around the same record): still a repeat.
		const again = JSON.parse(call.rawBody.toString()) as IDataObject;
		expect(
			await suite.deliverBytes(harness, bytes({ ...again, sentAt: '2031-01-01T00:00:00Z' })),
		).toBe(200);
		await harness.idle();
		expect(units(harness)).toEqual([[8]]);
	});
});

describe('signed bytes of any shape', () => {
	it('a batch runs one execution with one item per subscribed event; its repeat runs nothing', async () => {
		const harness = await trigger();
		const batch = [
			{ event: 'inventory.received', data: { recNo: 880001, units: 1 } },
			{ event: 'item.created', data: { partNo: 1, shortID: 'NOT-SUBSCRIBED' } },
			{ event: 'inventory.received', data: { recNo: 880002, units: 2 } },
		];
		expect(await suite.deliverBytes(harness, bytes(batch))).toBe(200);
		await harness.idle();
		expect(units(harness)).toEqual([[1, 2]]);
		expect(harness.executions[0].map((item) => item.batch)).toEqual([
			{ index: 0, size: 3 },
			{ index: 2, size: 3 },
		]);
		expect(await suite.deliverBytes(harness, bytes(batch))).toBe(200);
		// A batch holding one event that ran and one new: only the new one runs.
		const mixed = [batch[2], { event: 'inventory.received', data: { recNo: 880003, units: 3 } }];
		expect(await suite.deliverBytes(harness, bytes(mixed))).toBe(200);
		await harness.idle();
		expect(units(harness)).toEqual([[1, 2], [3]]);
	});

	it('a body that is not JSON (text/plain) is answered 200 and runs once with the text, flagged', async () => {
		const harness = await trigger();
		const text = 'recNo=880010&units=4';
		expect(await suite.deliverBytes(harness, text, { 'content-type': 'text/plain' })).toBe(200);
		await harness.idle();
		expect(harness.executions).toEqual([
			[
				expect.objectContaining({
					event: 'inventory.received',
					eventSource: 'subscription',
					data: null,
					body: text,
					notJson: true,
				}),
			],
		]);
		// Its exact bytes again: a repeat (a full-payload subscription).
		expect(await suite.deliverBytes(harness, text, { 'content-type': 'text/plain' })).toBe(200);
		await harness.idle();
		expect(harness.executions).toHaveLength(1);
	});

	it('events it did not subscribe to are acknowledged, whatever the shape, and run nothing', async () => {
		const harness = await trigger();
		for (const body of [
			{ eventType: 'item.created', Payload: { partNo: 1 } },
			[{ event: 'order.created', data: { poNo: 'PO-1' } }],
		])
			expect(await suite.deliverBytes(harness, bytes(body))).toBe(200);
		await harness.idle();
		expect(harness.calls.map((call) => [call.status, call.executed])).toEqual([
			[200, false],
			[200, false],
		]);
	});

	it('forged, unsigned and tampered deliveries of other shapes get 401 and run nothing', async () => {
		const harness = await trigger();
		const batch = bytes([{ event: 'inventory.received', data: { recNo: 880020, units: 9 } }]);
		const forger = 'a'.repeat(64);
		expect(await suite.deliverBytes(harness, batch, {}, forger)).toBe(401);
		expect(await harness.post(batch, { 'content-type': 'application/json' })).toBe(401);
		const signature = `sha256=${createHmac('sha256', forger).update('x').digest('hex')}`;
		expect(
			await harness.post(Buffer.from('not json'), {
				'content-type': 'text/plain',
				'x-webhook-signature': signature,
			}),
		).toBe(401);
		await harness.idle();
		expect(harness.executions).toEqual([]);
	});

	it('Fetch Item Details finds the item key under another spelling and shape', async () => {
		const harness = await trigger({
			events: ['inventory.received'],
			payloadMode: 'identifiers',
			options: { fetchItem: true },
		});
		const item = suite.sandbox.store.items.rows[4];
		const body = {
			eventType: 'inventory.received',
			Payload: { RecNo: 880030, ShortID: item.shortID },
		};
		expect(await suite.deliverBytes(harness, bytes(body))).toBe(200);
		await harness.idle();
		expect(harness.executions[0][0]).toMatchObject({
			data: { ShortID: item.shortID },
			item: { shortID: item.shortID, partNo: item.partNo },
		});
	});
});

describe('identifiers only, with and without a delivery id (an invented header)', () => {
	it.each([true, false])('delivery id sent: %s', async (deliveryId) => {
		const harness = await trigger({ events: ['item.updated'], payloadMode: 'identifiers' });
		suite.sandbox.invent({ deliveryId });
		const { shortID } = suite.sandbox.store.items.rows[6];
		for (const description of ['first change', 'second change'])
			expect((await suite.api.put('/Item', { itemID: shortID, description })).status).toBe(200);
		await settle(harness);
		// Two updates of one item send the same bytes: both run either way.
		expect(harness.calls[0].rawBody.equals(harness.calls[1].rawBody)).toBe(true);
		expect(harness.executions).toHaveLength(2);
		// A replay is told only by the delivery id; without it, it runs again (README, limits).
		const [first] = harness.calls;
		expect(await harness.post(first.rawBody, TriggerHarness.headersOf(first))).toBe(200);
		await harness.idle();
		expect(harness.executions).toHaveLength(deliveryId ? 2 : 3);
	});

	it('a stock event in identifiers is told by its record, with no header at all', async () => {
		const harness = await trigger({ events: ['inventory.received'], payloadMode: 'identifiers' });
		suite.sandbox.invent({ deliveryId: false, eventHeader: false });
		await receive(5);
		await settle(harness);
		const [call] = harness.calls;
		expect(await harness.post(call.rawBody, TriggerHarness.headersOf(call))).toBe(200);
		await harness.idle();
		expect(harness.executions).toHaveLength(1);
	});
});
