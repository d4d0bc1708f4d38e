/** Orders: purchase order create / finalize, shipping order create / update, work orders read-only. */
import { expectError, expectJsonHeaders, openSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeEach(async () => {
	t = await openSandbox();
});
afterEach(() => t.sandbox.close());

const activeVendor = () => t.sandbox.store.vendors.rows.find((v) => v.active)!;
const activeCustomer = () => t.sandbox.store.customers.rows.find((c) => c.active)!;

describe('purchase orders', () => {
	it('create answers 201 with header and lines, emits order.created', async () => {
		const vendor = activeVendor();
		const response = await t.demo.post('/PurchaseOrder', {
			vendorID: vendor.vendorID,
			warehouseID: 2,
			reference: 'REQ-1',
			lines: [
				{ itemID: 'SCR-00001', quantity: 10, unitCost: 1.5 },
				{ itemID: 'PWR-00003', quantity: 2 },
			],
		});
		expect(response.status).toBe(201);
		expectJsonHeaders(response);
		const item = t.sandbox.store.item('PWR-00003')!;
		expect(response.body).toMatchObject({
			poNo: 5151,
			orderType: 'purchase',
			vendorID: vendor.vendorID,
			vendorName: vendor.name,
			warehouseID: 2,
			status: 'Open',
			orderDate: '2026-01-05T08:00:00.000Z',
			created: '2026-01-05T08:00:00.000Z',
			modified: '2026-01-05T08:00:00.000Z',
			total: Math.round((15 + 2 * item.unitCost) * 100) / 100,
		});
		expect(response.body.lines).toEqual([
			expect.objectContaining({ lineNo: 1, itemID: 'SCR-00001', quantity: 10, unitCost: 1.5, amount: 15 }),
			expect.objectContaining({ lineNo: 2, itemID: 'PWR-00003', quantity: 2, unitCost: item.unitCost }),
		]);
		expect(t.sandbox.events).toEqual([
			{
				event: 'order.created',
				data: response.body,
				ids: { orderType: 'purchase', poNo: 5151, warehouseID: 2, vendorID: vendor.vendorID },
				reference: 'RecNo:5151',
			},
		]);
		const fetched = await t.demo.get('/PurchaseOrder/5151');
		expect(fetched.body).toEqual(response.body);
	});

	it('validates lines field by field', async () => {
		const response = await t.demo.post('/PurchaseOrder', {
			vendorID: 1,
			warehouseID: 1,
			lines: [{ itemID: 'SCR-00001' }, 'x', { itemID: 'A', quantity: -1 }],
		});
		expectError(response, 400, 'validation_error', 'Model validation failed.');
		expect(response.body.details).toEqual({
			'lines[0].quantity': ['The lines[0].quantity field is required.'],
			'lines[1]': ['The lines[1] entry must be a JSON object.'],
			'lines[2].quantity': ['The lines[2].quantity field must be greater than zero.'],
		});
		const empty = await t.demo.post('/PurchaseOrder', { vendorID: 1, warehouseID: 1, lines: [] });
		expect(empty.body.details).toEqual({ lines: ['The lines field needs at least one line.'] });
		const orderDate = await t.demo.post('/PurchaseOrder', {
			vendorID: 1,
			warehouseID: 1,
			orderDate: 'tomorrow',
			lines: [{ itemID: 'SCR-00001', quantity: 1 }],
		});
		expect(orderDate.body.details).toEqual({ orderDate: ['The orderDate field must be an ISO 8601 date-time.'] });
	});

	it('answers 404 for an unknown vendor or item and 409 for an inactive vendor, creating nothing', async () => {
		const count = t.sandbox.store.purchaseOrders.size;
		expectError(
			await t.demo.post('/PurchaseOrder', { vendorID: 999, warehouseID: 1, lines: [{ itemID: 'SCR-00001', quantity: 1 }] }),
			404,
			'not_found',
			'Vendor 999 was not found.',
		);
		expectError(
			await t.demo.post('/PurchaseOrder', {
				vendorID: activeVendor().vendorID,
				warehouseID: 1,
				lines: [
					{ itemID: 'SCR-00001', quantity: 1 },
					{ itemID: 'NOPE', quantity: 1 },
				],
			}),
			404,
			'not_found',
			'Item "NOPE" was not found.',
		);
		const inactive = t.sandbox.store.vendors.rows.find((v) => !v.active)!;
		expectError(
			await t.demo.post('/PurchaseOrder', { vendorID: inactive.vendorID, warehouseID: 1, lines: [{ itemID: 'SCR-00001', quantity: 1 }] }),
			409,
			'conflict',
			`Vendor ${inactive.vendorID} is inactive.`,
		);
		expect(t.sandbox.store.purchaseOrders.size).toBe(count);
	});

	it('finalize answers 200 and emits order.completed; finalizing twice is 409', async () => {
		const order = t.sandbox.store.purchaseOrders.rows.find((o) => o.status === 'Open')!;
		t.clock.advance(1000);
		const response = await t.demo.post(`/PurchaseOrder/${order.poNo}/Finalize`);
		expect(response.status).toBe(200);
		expect(response.body).toMatchObject({
			poNo: order.poNo,
			status: 'Final',
			finalized: '2026-01-05T08:00:01.000Z',
			modified: '2026-01-05T08:00:01.000Z',
		});
		expect(t.sandbox.events.map((e) => [e.event, e.reference])).toEqual([['order.completed', `RecNo:${order.poNo}`]]);
		const again = await t.demo.post(`/PurchaseOrder/${order.poNo}/Finalize`);
		expectError(again, 409, 'conflict', `Purchase order ${order.poNo} is already final.`);
		expectError(await t.demo.post('/PurchaseOrder/1/Finalize'), 404, 'not_found', 'Purchase order 1 was not found.');
		expect(t.sandbox.events).toHaveLength(1);
	});
});

describe('shipping orders', () => {
	it('create emits order.created; update to Completed emits order.completed; a completed order is 409', async () => {
		const customer = activeCustomer();
		const created = await t.demo.post('/ShippingOrder', {
			customerID: customer.customerID,
			warehouseID: 1,
			lines: [{ itemID: 'SCR-00001', quantity: 3, unitPrice: 2 }],
		});
		expect(created.status).toBe(201);
		expect(created.body).toMatchObject({ soNo: 7151, orderType: 'shipping', status: 'Open', total: 6, customerName: customer.name });
		const path = `/ShippingOrder/${created.body.soNo}`;
		const shipped = await t.demo.put(path, { carrier: 'UPS', trackingNo: '1Z1', shipDate: '2026-01-06T10:00:00Z', status: 'Shipped' });
		expect(shipped.status).toBe(200);
		expect(shipped.body).toMatchObject({ carrier: 'UPS', trackingNo: '1Z1', shipDate: '2026-01-06T10:00:00.000Z', status: 'Shipped' });
		expect(t.sandbox.events.map((e) => e.event)).toEqual(['order.created']);
		const completed = await t.demo.put(path, { status: 'Completed' });
		expect(completed.body.status).toBe('Completed');
		expect(t.sandbox.events.map((e) => e.event)).toEqual(['order.created', 'order.completed']);
		expect(t.sandbox.events[1].ids).toEqual({ orderType: 'shipping', soNo: 7151, warehouseID: 1, customerID: customer.customerID });
		expectError(await t.demo.put(path, { carrier: 'DHL' }), 409, 'conflict', 'Shipping order 7151 is completed and can no longer change.');
	});

	it("validates status against the table's options", async () => {
		const order = t.sandbox.store.shippingOrders.rows.find((o) => o.status === 'Open')!;
		const response = await t.demo.put(`/ShippingOrder/${order.soNo}`, { status: 'Lost' });
		expectError(response, 400, 'validation_error', 'Model validation failed.');
		expect(response.body.details).toEqual({ status: ['The status field must be one of: Open, Picked, Shipped, Completed.'] });
	});
});

describe('work orders', () => {
	it('are readable with their component lines and have no write endpoints', async () => {
		const order = t.sandbox.store.workOrders.rows[0];
		const response = await t.demo.get(`/WorkOrder/${order.woNo}`);
		expect(response.status).toBe(200);
		expect(response.body.lines.length).toBeGreaterThanOrEqual(2);
		expect(response.body.lines[0]).toEqual(
			expect.objectContaining({ itemID: expect.any(String), quantity: expect.any(Number), issued: expect.any(Number) }),
		);
		expectError(await t.demo.post('/WorkOrder', { partNo: 1 }), 404, 'not_found', 'No endpoint POST /api/v2/WorkOrder.');
		expectError(await t.demo.get('/WorkOrder/12'), 404, 'not_found', 'Work order 12 was not found.');
	});
});
