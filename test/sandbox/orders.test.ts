/** Orders: purchase order create / finalize, shipping order create / update, work orders read-only; keys as documented. */
import type { ShippingOrder } from '../../sandbox/records';
import type { JsonObject } from '../support/sandboxClient';
import { expectError, expectJsonHeaders, openSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeEach(async () => {
	t = await openSandbox();
});
afterEach(() => t.sandbox.close());

const activeVendor = () => t.sandbox.store.vendors.rows.find((v) => v.active)!;
const activeCustomer = () => t.sandbox.store.customers.rows.find((c) => c.active)!;
const line = (shortID: string, units: number, extra: object = {}) => ({
	shortID,
	units,
	warehouse: 1,
	...extra,
});

describe('purchase orders', () => {
	it('create answers 201 with header and lines, emits order.created', async () => {
		const vendor = activeVendor();
		const response = await t.demo.post('/PurchaseOrder', {
			vendor: vendor.shortID,
			expectedDate: '2026-01-20T00:00:00Z',
			lines: [line('SCR-00001', 10, { unitPrice: 1.5, warehouse: 2 }), line('PWR-00003', 2)],
		});
		expect(response.status).toBe(201);
		expectJsonHeaders(response);
		const item = t.sandbox.store.item('PWR-00003')!;
		const { unitCost } = t.sandbox.store.terms(item.partNo);
		expect(response.body).toMatchObject({
			poNo: 'PO-2026-0151',
			vendor: vendor.name,
			status: 'Open',
			orderDate: '2026-01-05T08:00:00.000Z',
			expectedDate: '2026-01-20T00:00:00.000Z',
			totalLines: 2,
			totalValue: Math.round((15 + 2 * unitCost) * 100) / 100,
		});
		expect(response.body.lines).toEqual([
			expect.objectContaining({
				lineNo: 1,
				shortID: 'SCR-00001',
				units: 10,
				unitPrice: 1.5,
				unitsReceived: 0,
				warehouse: 2,
			}),
			expect.objectContaining({
				lineNo: 2,
				shortID: 'PWR-00003',
				units: 2,
				unitPrice: unitCost,
				warehouse: 1,
			}),
		]);
		expect(t.sandbox.events).toEqual([
			{
				event: 'order.created',
				data: response.body,
				ids: { poNo: 'PO-2026-0151', vendor: vendor.name },
				reference: 'RecNo:151',
			},
		]);
		const fetched = await t.demo.get('/PurchaseOrder/PO-2026-0151');
		expect(fetched.body).toEqual(response.body);
	});

	it('serves the documented example order PO-2025-0042', async () => {
		const response = await t.demo.get('/PurchaseOrder/PO-2025-0042');
		expect(response.status).toBe(200);
		expect(Object.keys(response.body)).toEqual(
			expect.arrayContaining([
				'poNo',
				'vendor',
				'orderDate',
				'expectedDate',
				'status',
				'totalLines',
				'totalValue',
				'lines',
			]),
		);
		expect(['Open', 'Partial', 'Closed']).toContain(response.body.status);
	});

	it('validates lines field by field', async () => {
		const vendor = activeVendor().shortID;
		const response = await t.demo.post('/PurchaseOrder', {
			vendor,
			lines: [
				{ shortID: 'SCR-00001', warehouse: 1 },
				'x',
				{ shortID: 'A', units: -1, warehouse: 1 },
			],
		});
		expectError(response, 400, 'validation_error', 'Model validation failed.');
		expect(response.body.details).toEqual({
			'lines[0].units': ['The lines[0].units field is required.'],
			'lines[1]': ['The lines[1] entry must be a JSON object.'],
			'lines[2].units': ['The lines[2].units field must be greater than zero.'],
		});
		const empty = await t.demo.post('/PurchaseOrder', { vendor, lines: [] });
		expect(empty.body.details).toEqual({ lines: ['The lines field needs at least one line.'] });
		const orderDate = await t.demo.post('/PurchaseOrder', {
			vendor,
			orderDate: 'tomorrow',
			lines: [line('SCR-00001', 1)],
		});
		expect(orderDate.body.details).toEqual({
			orderDate: ['The orderDate field must be an ISO 8601 date-time.'],
		});
	});

	it('answers 404 for an unknown vendor or item and 409 for an inactive vendor, creating nothing', async () => {
		const count = t.sandbox.store.purchaseOrders.size;
		expectError(
			await t.demo.post('/PurchaseOrder', { vendor: 'NO-SUCH', lines: [line('SCR-00001', 1)] }),
			404,
			'not_found',
			'Vendor NO-SUCH was not found.',
		);
		expectError(
			await t.demo.post('/PurchaseOrder', {
				vendor: activeVendor().shortID,
				lines: [line('SCR-00001', 1), line('NOPE', 1)],
			}),
			404,
			'not_found',
			'Item "NOPE" was not found.',
		);
		const inactive = t.sandbox.store.vendors.rows.find((v) => !v.active)!;
		expectError(
			await t.demo.post('/PurchaseOrder', {
				vendor: inactive.shortID,
				lines: [line('SCR-00001', 1)],
			}),
			409,
			'conflict',
			`Vendor ${inactive.shortID} is inactive.`,
		);
		expect(t.sandbox.store.purchaseOrders.size).toBe(count);
	});

	it('finalize closes the order and emits order.completed; finalizing twice is 409', async () => {
		const order = t.sandbox.store.purchaseOrders.rows.find((o) => o.status === 'Open')!;
		t.clock.advance(1000);
		const response = await t.demo.post(`/PurchaseOrder/${order.poNo}/Finalize`);
		expect(response.status).toBe(200);
		expect(response.body).toMatchObject({
			poNo: order.poNo,
			status: 'Closed',
			modified: '2026-01-05T08:00:01.000Z',
		});
		const sequence = Number(order.poNo.slice(-4));
		expect(t.sandbox.events.map((e) => [e.event, e.reference])).toEqual([
			['order.completed', `RecNo:${sequence}`],
		]);
		const again = await t.demo.post(`/PurchaseOrder/${order.poNo}/Finalize`);
		expectError(again, 409, 'conflict', `Purchase order ${order.poNo} is already closed.`);
		expectError(
			await t.demo.post('/PurchaseOrder/PO-1999-0001/Finalize'),
			404,
			'not_found',
			'Purchase order PO-1999-0001 was not found.',
		);
		expect(t.sandbox.events).toHaveLength(1);
	});
});

describe('shipping orders', () => {
	it('create emits order.created; update to Closed emits order.completed; a closed order is 409', async () => {
		const customer = activeCustomer();
		const created = await t.demo.post<ShippingOrder>('/ShippingOrder', {
			customer: customer.shortID,
			lines: [line('SCR-00001', 3)],
		});
		expect(created.status).toBe(201);
		expect(created.body).toMatchObject({
			soNo: 'SO-2026-0151',
			status: 'Open',
			totalLines: 1,
			customer: customer.name,
		});
		const path = `/ShippingOrder/${created.body.soNo}`;
		const partial = await t.demo.put(path, { shipDate: '2026-01-06T10:00:00Z', status: 'Partial' });
		expect(partial.status).toBe(200);
		expect(partial.body).toMatchObject({ shipDate: '2026-01-06T10:00:00.000Z', status: 'Partial' });
		expect(t.sandbox.events.map((e) => e.event)).toEqual(['order.created']);
		const closed = await t.demo.put(path, { status: 'Closed' });
		expect(closed.body.status).toBe('Closed');
		expect(t.sandbox.events.map((e) => e.event)).toEqual(['order.created', 'order.completed']);
		expect(t.sandbox.events[1].ids).toEqual({ soNo: 'SO-2026-0151', customer: customer.name });
		expectError(
			await t.demo.put(path, { status: 'Open' }),
			409,
			'conflict',
			'Shipping order SO-2026-0151 is closed and can no longer change.',
		);
	});

	it('validates status against the documented statuses', async () => {
		const order = t.sandbox.store.shippingOrders.rows.find((o) => o.status === 'Open')!;
		const response = await t.demo.put(`/ShippingOrder/${order.soNo}`, { status: 'Shipped' });
		expectError(response, 400, 'validation_error', 'Model validation failed.');
		expect(response.body.details).toEqual({
			status: ['The status field must be one of: Open, Partial, Closed.'],
		});
	});
});

describe('work orders', () => {
	it('are readable by their string number with their component lines, and have no write endpoints', async () => {
		const response = await t.demo.get<JsonObject & { lines: JsonObject[] }>(
			'/WorkOrder/WO-2025-0038',
		);
		expect(response.status).toBe(200);
		expect(response.body.woNo).toBe('WO-2025-0038');
		expect(response.body.lines.length).toBeGreaterThanOrEqual(2);
		expect(response.body.lines[0]).toEqual(
			expect.objectContaining({
				shortID: expect.any(String),
				units: expect.any(Number),
				unitsCompleted: expect.any(Number),
			}),
		);
		expectError(
			await t.demo.post('/WorkOrder', { partNo: 1 }),
			404,
			'not_found',
			'No endpoint POST /api/v2/WorkOrder.',
		);
		expectError(
			await t.demo.get('/WorkOrder/12'),
			404,
			'not_found',
			'Work order 12 was not found.',
		);
	});
});
