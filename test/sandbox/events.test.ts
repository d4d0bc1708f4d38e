/**
 * Writes publish DomainEvents per the table's `emits`, and the sandbox wires them into the webhook
 * subsystem: a real write over HTTPS ends as a signed delivery at a subscriber.
 */
import { fillPlaceholders as fillPath } from '../../nodes/shared/validation';
import { ROUTES, type RouteId } from '../../sandbox/routes';
import { expectedSignature, loopbackCertificate, Receiver } from './webhooksReceiver';
import { openSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
afterEach(() => t.sandbox.close());

/** One valid call per emitting endpoint; path values and bodies for the seeded data. */
function sampleCall(id: RouteId): { path: Record<string, string | number>; body?: unknown } {
	const store = t.sandbox.store;
	const lot = store.stock.rows.find(
		(s) => s.wID === 1 && s.units >= 5 && !store.location(1, s.spot)!.hold,
	)!;
	const openPo = store.purchaseOrders.rows.find((o) => o.status === 'Open')!;
	const openSo = store.shippingOrders.rows.find((o) => o.status === 'Open')!;
	const samples: Partial<
		Record<RouteId, { path: Record<string, string | number>; body?: unknown }>
	> = {
		'item.create': { path: {}, body: { itemID: 'EVT-1' } },
		'item.update': { path: {}, body: { itemID: 'SCR-00001', units: 5 } },
		'item.discontinue': { path: { shortID: 'SCR-00001' } },
		'inventory.receive': { path: {}, body: { itemID: lot.shortID, wID: 1, units: 1 } },
		'inventory.issue': {
			path: {},
			body: { itemID: lot.shortID, wID: 1, spot: lot.spot, units: 1 },
		},
		'inventory.move': {
			path: {},
			body: {
				itemID: lot.shortID,
				fromWID: 1,
				fromSpot: lot.spot,
				toWID: 2,
				units: 1,
			},
		},
		'purchaseOrder.create': {
			path: {},
			body: {
				vendor: store.vendors.rows.find((v) => v.active)!.shortID,
				lines: [{ shortID: 'SCR-00001', units: 1, warehouse: 1 }],
			},
		},
		'purchaseOrder.finalize': { path: { poNo: openPo.poNo } },
		'shippingOrder.create': {
			path: {},
			body: {
				customer: store.customers.rows.find((c) => c.active)!.shortID,
				lines: [{ shortID: 'SCR-00001', units: 1, warehouse: 1 }],
			},
		},
		'shippingOrder.update': { path: { soNo: openSo.soNo }, body: { status: 'Closed' } },
	};
	const sample = samples[id];
	if (!sample) throw new Error(`no sample call for ${id}: add one`);
	return sample;
}

const EMITTING = (Object.keys(ROUTES) as RouteId[]).filter((id) => 'emits' in ROUTES[id]);

describe('events per the table', () => {
	it.each(EMITTING)(
		'%s publishes its `emits` event with the full record, ids and RecNo reference',
		async (id) => {
			t = await openSandbox();
			const row = ROUTES[id];
			const { path, body } = sampleCall(id);
			const response = await t.demo.request(row.method, fillPath(row.path, path), { body });
			expect(response.status).toBe(row.success);
			expect(t.sandbox.events).toHaveLength(1);
			const [event] = t.sandbox.events;
			expect(event.event).toBe((row as { emits: string }).emits);
			expect(event.data).toEqual(response.body);
			expect(event.reference).toMatch(/^RecNo:\d+$/);
			expect(Object.keys(event.ids).length).toBeGreaterThanOrEqual(2);
			for (const [key, value] of Object.entries(event.ids)) expect(response.body[key]).toBe(value);
		},
	);

	it('writes without an `emits` publish nothing', async () => {
		t = await openSandbox();
		await t.demo.post('/Customer', { name: 'Quiet Co' });
		await t.demo.post('/Location/3/Hold', {});
		expect(t.sandbox.events).toEqual([]);
	});
});

describe('webhook wiring', () => {
	it('a write over HTTPS reaches a subscriber as a signed delivery of {event, data}', async () => {
		const receiver = await Receiver.start(await loopbackCertificate());
		t = await openSandbox({ trustSelfSigned: true });
		try {
			const subscribed = await t.demo.post('/Webhook', {
				name: 'wiring',
				url: receiver.url(),
				events: 'item.created,inventory.received',
				payloadMode: 1,
				active: true,
				secret: 'wiring-secret',
			});
			expect(subscribed.status).toBe(201);
			const created = await t.demo.post('/Item', { itemID: 'HOOKED-1', description: 'Delivered' });
			await t.demo.put('/Item', { itemID: 'HOOKED-1', description: 'Not subscribed' });
			await t.sandbox.webhooks.idle();
			expect(receiver.deliveries).toHaveLength(1);
			const [delivery] = receiver.deliveries;
			expect(JSON.parse(delivery.raw.toString('utf8'))).toEqual({
				event: 'item.created',
				data: created.body,
			});
			expect(delivery.headers['x-webhook-signature']).toBe(
				expectedSignature('wiring-secret', delivery.raw),
			);
			// The recorded request of the subscription never holds the secret.
			expect(t.sandbox.requests.find((r) => r.endpointId === 'webhook.create')?.body).toMatchObject(
				{ secret: '***' },
			);
		} finally {
			await receiver.close();
		}
	});
});
