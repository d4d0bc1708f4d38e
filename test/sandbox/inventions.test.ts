/**
 * What the sandbox makes up where the documents are silent is switchable (sandbox/inventions.ts), and
 * the one documented list rule it models, open purchase orders only, holds by default.
 */
import { SandboxHarness } from './webhooksHarness';
import {
	expectedSignature,
	loopbackCertificate,
	Receiver,
	type Certificate,
} from './webhooksReceiver';

let certificate: Certificate;
let receiver: Receiver;
let api: SandboxHarness;

beforeAll(async () => {
	certificate = await loopbackCertificate();
	receiver = await Receiver.start(certificate);
	api = await SandboxHarness.start({ ca: [certificate.cert] });
});

afterAll(async () => {
	await api.close();
	await receiver.close();
});

beforeEach(() => {
	receiver.deliveries.length = 0;
	api.sandbox.invent();
});

const demo = () => api.client();
const json = (raw: Buffer) => JSON.parse(raw.toString('utf8'));

let hooks = 0;

/** A subscription of its own (its own receiver path), deleted after the test. */
async function subscribe(events: string): Promise<{ rec: number; secret: string; path: string }> {
	const path = `/hook-${++hooks}`;
	const answer = await api.call('webhook.create', {
		body: { name: 'Inventions', url: receiver.url(path), events, payloadMode: 1, active: true },
	});
	expect(answer.status).toBe(201);
	subscriptions.push(answer.body.rec as number);
	return { ...(answer.body as { rec: number; secret: string }), path };
}

const subscriptions: number[] = [];

afterEach(async () => {
	for (const rec of subscriptions.splice(0)) await api.call('webhook.delete', { rec });
});

async function receipt(): Promise<Record<string, unknown>> {
	const item = api.sandbox.store.items.rows.find((row) => !row.discontinued)!;
	const answer = await demo().post('/Inventory/Receive', {
		itemID: item.shortID,
		wID: 1,
		units: 3,
	});
	expect(answer.status).toBe(201);
	await api.webhooks.idle();
	return answer.body as Record<string, unknown>;
}

async function allRows(path: string): Promise<Array<Record<string, unknown>>> {
	const rows: Array<Record<string, unknown>> = [];
	for (let page = 1; ; page++) {
		const answer = await demo().get(path, { page, pageSize: 250 });
		expect(answer.status).toBe(200);
		rows.push(...(answer.body.value as Array<Record<string, unknown>>));
		if (!answer.body.hasMore) return rows;
	}
}

describe('purchase orders (vendor docs: GET /PurchaseOrder returns open purchase orders)', () => {
	it('lists open and partly received orders only; a closed one is read by its key', async () => {
		const store = api.sandbox.store.purchaseOrders.rows;
		const closed = store.filter((order) => order.status === 'Closed');
		expect(closed.length).toBeGreaterThan(0);
		const listed = await allRows('/PurchaseOrder');
		expect(listed.map((order) => order.poNo).sort()).toEqual(
			store
				.filter((order) => order.status !== 'Closed')
				.map((order) => order.poNo)
				.sort(),
		);
		const byKey = await demo().get(`/PurchaseOrder/${closed[0].poNo}`);
		expect(byKey.body).toMatchObject({ poNo: closed[0].poNo, status: 'Closed' });
	});

	it('a finalized order leaves the list at once', async () => {
		const open = api.sandbox.store.purchaseOrders.rows.find((order) => order.status === 'Open')!;
		expect((await allRows('/PurchaseOrder')).map((o) => o.poNo)).toContain(open.poNo);
		expect((await demo().post(`/PurchaseOrder/${open.poNo}/Finalize`)).status).toBe(200);
		expect((await allRows('/PurchaseOrder')).map((o) => o.poNo)).not.toContain(open.poNo);
	});

	it('lists closed orders too when told (a deployment that does)', async () => {
		api.sandbox.invent({ closedPurchaseOrders: true });
		expect(await allRows('/PurchaseOrder')).toHaveLength(api.sandbox.store.purchaseOrders.size);
	});
});

describe('movement type', () => {
	it('is served by default, and left out of lists, answers and events when switched off', async () => {
		const { secret, path } = await subscribe('inventory.received');
		const typed = await receipt();
		expect(typed.type).toBe('Receipt');
		expect((await allRows('/Inventory/MaterialIn')).every((row) => 'type' in row)).toBe(true);

		api.sandbox.invent({ movementType: false });
		const untyped = await receipt();
		expect(untyped).not.toHaveProperty('type');
		expect(untyped).toMatchObject({ recNo: expect.any(Number), units: 3 });
		const rows = await allRows('/Inventory/MaterialIn');
		expect(rows.some((row) => 'type' in row)).toBe(false);
		expect(rows.find((row) => row.recNo === untyped.recNo)).toEqual(untyped);

		const [first, second] = receiver.at(path);
		expect(json(first.raw).data.type).toBe('Receipt');
		expect(json(second.raw).data).not.toHaveProperty('type');
		expect(second.headers['x-webhook-signature']).toBe(expectedSignature(secret, second.raw));
	});
});

describe('delivery headers and body shapes', () => {
	it('sends X-Webhook-Event and X-Webhook-Delivery by default, neither when switched off; always the signature', async () => {
		const { path } = await subscribe('inventory.received');
		await receipt();
		api.sandbox.invent({ eventHeader: false, deliveryId: false });
		await receipt();
		const [on, off] = receiver.at(path);
		expect(on.headers).toMatchObject({
			'x-webhook-event': 'inventory.received',
			'x-webhook-delivery': expect.stringMatching(/^[0-9a-f-]{36}$/),
		});
		expect(off.headers).not.toHaveProperty('x-webhook-event');
		expect(off.headers).not.toHaveProperty('x-webhook-delivery');
		expect(off.headers['x-webhook-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
	});

	it.each([
		[
			'envelope',
			(data: unknown) =>
				expect.objectContaining({
					event: 'inventory.received',
					data,
					apiVersion: 'v2',
					id: expect.any(String),
					created: expect.any(String),
				}),
		],
		['renamed', (data: unknown) => ({ eventType: 'inventory.received', Payload: data })],
		['batch', (data: unknown) => [{ event: 'inventory.received', data }]],
	] as const)('sends the %s shape, signed over its exact bytes', async (shape, expected) => {
		const { secret, path } = await subscribe('inventory.received');
		api.sandbox.invent({ payloadShape: shape });
		const record = await receipt();
		const [delivery] = receiver.at(path);
		expect(json(delivery.raw)).toEqual(expected(record));
		expect(delivery.headers['x-webhook-signature']).toBe(expectedSignature(secret, delivery.raw));
	});

	it('keeps the spec shape for the test event whatever the shape', async () => {
		const { rec, path } = await subscribe('inventory.received');
		api.sandbox.invent({ payloadShape: 'batch' });
		expect((await api.call('webhook.test', { rec })).body).toMatchObject({ success: true });
		expect(json(receiver.at(path)[0].raw)).toMatchObject({ event: 'test', data: { rec } });
	});
});

describe('order references in the delivery log', () => {
	it('are RecNo:<number> (the spec form) by default, RecNo:<order number> when switched', async () => {
		const { rec } = await subscribe('order.completed');
		const [first, second] = api.sandbox.store.purchaseOrders.rows.filter(
			(order) => order.status !== 'Closed',
		);
		await demo().post(`/PurchaseOrder/${first.poNo}/Finalize`);
		api.sandbox.invent({ orderReference: 'key' });
		await demo().post(`/PurchaseOrder/${second.poNo}/Finalize`);
		await api.webhooks.idle();
		const entries = (await api.call('webhook.log', { rec })).body.value as Array<{
			reference: string;
		}>;
		expect(entries.map((entry) => entry.reference).sort()).toEqual(
			[`RecNo:${Number(first.poNo.slice(-4))}`, `RecNo:${second.poNo}`].sort(),
		);
	});
});
