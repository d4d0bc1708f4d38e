/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * Every read operation of the Inventory Pro node, run as a real workflow against the sandbox: the request
 * the sandbox received (method, path, query) and the items that came out.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { RECORDS } from '../../nodes/shared/records';
import { byId, capture, fromList, harness, items, runOp, type Harness } from './setup';

let h: Harness;
beforeAll(async () => {
	h = await harness();
});
afterAll(async () => await h?.stop());

interface ReadCase {
	resource: string;
	operation: string;
	parameters: INodeParameters;
	/** Method and path of the (first) request, and query parameters it must carry. */
	request: { method?: string; path: string; query?: Record<string, string> };
	/** A field every returned record has. */
	field: string;
	count?: number;
}

const limited = (parameters: INodeParameters = {}) => ({
	returnAll: false,
	limit: 3,
	...parameters,
});

const cases: ReadCase[] = [
	{
		resource: 'item',
		operation: 'getAll',
		parameters: limited(),
		request: { path: '/Item', query: { pageSize: '3' } },
		field: 'shortID',
		count: 3,
	},
	{
		resource: 'item',
		operation: 'get',
		parameters: { key: { __rl: true, mode: 'alias', value: 'SCR00001' } },
		request: { path: '/Item', query: { key: 'SCR00001', type: 'alias' } },
		field: 'shortID',
		count: 1,
	},
	{
		resource: 'inventory',
		operation: 'getAll',
		parameters: limited(),
		request: { path: '/Inventory' },
		field: 'units',
		count: 3,
	},
	{
		resource: 'item',
		operation: 'getAll',
		parameters: limited({ filters: { categoryID: fromList(2) }, output: 'raw' }),
		request: { path: '/Item', query: { Category: '2' } },
		field: 'subCategory',
		count: 3,
	},
	{
		resource: 'category',
		operation: 'get',
		parameters: { categoryID: byId(2) },
		request: { path: '/Category/2' },
		field: 'name',
		count: 1,
	},
	{
		resource: 'location',
		operation: 'getAll',
		parameters: { returnAll: true, filters: { wid: byId(3) } },
		request: { path: '/Location', query: { wid: '3' } },
		field: 'spot',
		count: 11,
	},
	{
		resource: 'location',
		operation: 'get',
		parameters: { spot: byId('A-01-03') },
		request: { path: '/Location/A-01-03' },
		field: 'hold',
		count: 1,
	},
	{
		resource: 'inventory',
		operation: 'getAll',
		parameters: limited({ filters: { warehouseID: fromList(2) } }),
		request: { path: '/Inventory/2' },
		field: 'units',
		count: 3,
	},
	{
		resource: 'inventory',
		operation: 'getMaterialIn',
		parameters: limited({ filters: { modifiedSince: '2025-01-01T00:00:00Z' } }),
		request: { path: '/Inventory/MaterialIn', query: { modifiedSince: '2025-01-01T00:00:00Z' } },
		field: 'recNo',
		count: 3,
	},
	{
		resource: 'inventory',
		operation: 'getMaterialIn',
		parameters: limited({ filters: { warehouseID: byId(3) } }),
		request: { path: '/Inventory/MaterialIn/3' },
		field: 'recNo',
		count: 3,
	},
	{
		resource: 'inventory',
		operation: 'getMaterialOut',
		parameters: limited(),
		request: { path: '/Inventory/MaterialOut' },
		field: 'recNo',
		count: 3,
	},
	{
		resource: 'inventory',
		operation: 'getMaterialOut',
		parameters: limited({ filters: { warehouseID: fromList(1) } }),
		request: { path: '/Inventory/MaterialOut/1' },
		field: 'recNo',
		count: 3,
	},
	{
		resource: 'customer',
		operation: 'getAll',
		parameters: limited({ filters: { sort: 'shortID', direction: 'DESC' } }),
		request: { path: '/Customer', query: { sort: 'shortID', direction: 'DESC' } },
		field: 'shortID',
		count: 3,
	},
	{
		resource: 'customer',
		operation: 'getAll',
		parameters: limited({ filters: { includeInactive: true } }),
		request: { path: '/Customer/All' },
		field: 'shortID',
		count: 3,
	},
	{
		resource: 'customer',
		operation: 'get',
		parameters: { shortID: 'ACME-CORP' },
		request: { path: '/Customer/ACME-CORP' },
		field: 'shortID',
		count: 1,
	},
	{
		resource: 'vendor',
		operation: 'getAll',
		parameters: limited({ filters: { includeInactive: true } }),
		request: { path: '/Vendor/All' },
		field: 'shortID',
		count: 3,
	},
	{
		resource: 'vendor',
		operation: 'get',
		parameters: { shortID: 'ACME-FASTENERS' },
		request: { path: '/Vendor/ACME-FASTENERS' },
		field: 'shortID',
		count: 1,
	},
	{
		resource: 'purchaseOrder',
		operation: 'getAll',
		parameters: limited({
			filters: {
				startDate: '2025-01-01',
				endDate: '2025-12-31T23:59:59Z',
				modifiedSince: '2025-01-01T00:00:00Z',
			},
		}),
		request: {
			path: '/PurchaseOrder',
			query: {
				startDate: '2025-01-01',
				endDate: '2025-12-31T23:59:59Z',
				modifiedSince: '2025-01-01T00:00:00Z',
			},
		},
		field: 'poNo',
		count: 3,
	},
	{
		resource: 'purchaseOrder',
		operation: 'get',
		parameters: { poNo: 'PO-2025-0042', output: 'raw' },
		request: { path: '/PurchaseOrder/PO-2025-0042' },
		field: 'lines',
		count: 1,
	},
	{
		resource: 'shippingOrder',
		operation: 'getAll',
		parameters: limited({ filters: { sort: 'orderDate' } }),
		request: { path: '/ShippingOrder', query: { sort: 'orderDate' } },
		field: 'soNo',
		count: 3,
	},
	{
		resource: 'shippingOrder',
		operation: 'get',
		parameters: { soNo: '{{SO}}', output: 'raw' },
		request: { path: '/ShippingOrder/{{SO}}' },
		field: 'lines',
		count: 1,
	},
	{
		resource: 'workOrder',
		operation: 'getAll',
		parameters: limited(),
		request: { path: '/WorkOrder' },
		field: 'woNo',
		count: 3,
	},
	{
		resource: 'workOrder',
		operation: 'get',
		parameters: { woNo: '{{WO}}', output: 'raw' },
		request: { path: '/WorkOrder/{{WO}}' },
		field: 'lines',
		count: 1,
	},
	{
		resource: 'asset',
		operation: 'getAll',
		parameters: limited({ filters: { includeInactive: true } }),
		request: { path: '/Asset/All' },
		field: 'shortID',
		count: 3,
	},
	{
		resource: 'asset',
		operation: 'getTypes',
		parameters: { returnAll: true },
		request: { path: '/Asset/Types' },
		field: 'typeID',
		count: 8,
	},
	{
		resource: 'asset',
		operation: 'get',
		parameters: { shortID: 'FORKLIFT-001' },
		request: { path: '/Asset/FORKLIFT-001' },
		field: 'shortID',
		count: 1,
	},
	{
		resource: 'category',
		operation: 'getAll',
		parameters: limited({ filters: { includeInactive: true } }),
		request: { path: '/Category/All' },
		field: 'categoryID',
		count: 3,
	},
	{
		resource: 'reasonCode',
		operation: 'getAll',
		parameters: { returnAll: true },
		request: { path: '/ReasonCode' },
		field: 'code',
		count: 9,
	},
	{
		resource: 'reasonCode',
		operation: 'getAll',
		parameters: { returnAll: true, filters: { includeInactive: true } },
		request: { path: '/ReasonCode/All' },
		field: 'code',
		count: 11,
	},
	{
		resource: 'location',
		operation: 'getAll',
		parameters: limited({ filters: { sort: 'spot' } }),
		request: { path: '/Location', query: { sort: 'spot' } },
		field: 'spot',
		count: 3,
	},
	{
		resource: 'warehouse',
		operation: 'getAll',
		parameters: { returnAll: true },
		request: { path: '/Warehouse' },
		field: 'warehouseID',
		count: 4,
	},
	{
		resource: 'warehouse',
		operation: 'getItems',
		parameters: limited({ warehouseID: fromList(2) }),
		request: { path: '/Warehouse/2/Items' },
		field: 'partNo',
		count: 3,
	},
	{
		resource: 'report',
		operation: 'getAll',
		parameters: { returnAll: true },
		request: { path: '/Report' },
		field: 'reportID',
	},
	{
		resource: 'report',
		operation: 'run',
		parameters: limited({ reportID: byId(1), filters: { sort: 'totalValue', direction: 'DESC' } }),
		request: { path: '/Report/1', query: { sort: 'totalValue', direction: 'DESC' } },
		field: 'totalValue',
		count: 3,
	},
	{
		resource: 'report',
		operation: 'getLatestRows',
		parameters: { reportID: byId(2), count: 4 },
		request: { path: '/Report/2/4' },
		field: 'shortfall',
		count: 4,
	},
];

/** Record numbers that depend on the seed, filled in from the sandbox's store. */
function fill<T>(value: T): T {
	const { store } = h.sandbox;
	const text = JSON.stringify(value)
		.replace(/\{\{SO\}\}/g, String(store.shippingOrders.rows[0].soNo))
		.replace(/\{\{WO\}\}/g, String(store.workOrders.rows[0].woNo));
	return JSON.parse(text) as T;
}

describe('read operations', () => {
	it.each(cases.map((c) => [`${c.resource}.${c.operation} → ${c.request.path}`, c] as const))(
		'%s',
		async (_, raw) => {
			const c = fill(raw);
			const { result, requests } = await capture(h, () =>
				items(h, c.resource, c.operation, c.parameters),
			);
			expect(requests.length).toBeGreaterThan(0);
			const [first] = requests;
			expect(first.method).toBe(c.request.method ?? 'GET');
			expect(first.path).toBe(`/api/v2${c.request.path}`);
			expect(first.status).toBe(200);
			if (c.request.query) expect(first.query).toEqual(expect.objectContaining(c.request.query));
			if (c.count !== undefined) expect(result).toHaveLength(c.count);
			expect(result.length).toBeGreaterThan(0);
			for (const record of result) expect(record).toHaveProperty([c.field]);
		},
	);

	it('pages through every active item: several requests, each record once', async () => {
		const active = h.sandbox.store.items.rows.filter((item) => !item.discontinued).length;
		const { result, requests } = await capture(h, () =>
			items(h, 'item', 'getAll', { returnAll: true }),
		);
		expect(result).toHaveLength(active);
		expect(new Set(result.map((item) => item.partNo)).size).toBe(active);
		expect(requests.map((request) => request.query.page)).toEqual(
			Array.from({ length: Math.ceil(active / 250) }, (_, index) => String(index + 1)),
		);
		expect(requests.every((request) => request.query.pageSize === '250')).toBe(true);
		expect(result.some((item) => item.discontinued)).toBe(false);
	});

	it('Inventory › Get Many (lots): the documented lot fields, newest received first; Simplified keeps recNo and shortID first', async () => {
		const documented = (
			JSON.parse(readFileSync(join(__dirname, '../contract/vendor-fields.json'), 'utf8')) as Record<
				string,
				string[]
			>
		).lot;
		const raw = await capture(h, () =>
			items(h, 'inventory', 'getAll', { returnAll: false, limit: 5, output: 'raw' }),
		);
		expect(raw.requests[0].query).not.toHaveProperty('sort');
		expect(raw.result).toHaveLength(5);
		for (const lot of raw.result) expect(Object.keys(lot)).toEqual(documented);
		const received = raw.result.map((lot) => String(lot.received));
		expect(received).toEqual([...received].sort().reverse());
		const simple = await items(h, 'inventory', 'getAll', { returnAll: false, limit: 5 });
		expect(simple.map((lot) => Object.keys(lot).slice(0, 2))).toEqual(
			simple.map(() => ['recNo', 'shortID']),
		);
		expect(simple.map((lot) => [lot.recNo, lot.shortID])).toEqual(
			raw.result.map((lot) => [lot.recNo, lot.shortID]),
		);
		expect(Object.keys(simple[0]).length).toBeLessThan(documented.length);
	});

	it('Get Stock Levels: every level of all warehouses, or of one, each once', async () => {
		const all = await capture(h, () =>
			items(h, 'inventory', 'getStockLevels', { returnAll: true }),
		);
		const expected = new Set(
			h.sandbox.store.stock.rows.filter((s) => s.units > 0).map((s) => `${s.partNo}|${s.wID}`),
		);
		expect(
			all.result.map((level) => `${String(level.partNo)}|${String(level.wID)}`).sort(),
		).toEqual([...expected].sort());
		expect(all.requests.every((request) => request.path === '/api/v2/Inventory/StockLevels')).toBe(
			true,
		);
		const one = await capture(h, () =>
			items(h, 'inventory', 'getStockLevels', {
				returnAll: true,
				filters: { warehouseID: fromList(2) },
			}),
		);
		expect(one.requests[0].path).toBe('/api/v2/Inventory/StockLevels/2');
		expect(one.result.length).toBe([...expected].filter((key) => key.endsWith('|2')).length);
		expect(one.result.every((level) => level.wID === 2)).toBe(true);
	});

	// Shipping orders: the purchase order list holds open orders only (vendor docs), fewer than 120 here.
	it('pages orders at their page size of 50 and stops at the limit', async () => {
		const { result, requests } = await capture(h, () =>
			items(h, 'shippingOrder', 'getAll', { returnAll: false, limit: 120 }),
		);
		expect(result).toHaveLength(120);
		expect(requests).toHaveLength(3);
		expect(requests.every((request) => request.query.pageSize === '50')).toBe(true);
	});

	it('includes discontinued items only when asked (/Item/All)', async () => {
		const { result, requests } = await capture(h, () =>
			items(h, 'item', 'getAll', {
				returnAll: true,
				filters: { includeInactive: true, sort: 'shortID', direction: 'DESC' },
			}),
		);
		expect(requests[0].path).toBe('/api/v2/Item/All');
		expect(result).toHaveLength(h.sandbox.store.items.rows.length);
		expect(result.some((item) => item.discontinued)).toBe(true);
		const ids = result.map((item) => String(item.shortID).toLowerCase());
		expect(ids).toEqual([...ids].sort().reverse());
	});

	it('looks an item up by its shortID', async () => {
		const shortID = h.sandbox.store.items.rows[5].shortID;
		const { result, requests } = await capture(h, () =>
			items(h, 'item', 'get', { key: byId(shortID) }),
		);
		expect(requests[0].query).toEqual({ key: shortID, type: 'id' });
		expect(result).toEqual([
			expect.objectContaining({ shortID, partNo: h.sandbox.store.items.rows[5].partNo }),
		]);
	});

	it('runs a whole report into flat rows, one item each', async () => {
		const { result, requests } = await capture(h, () =>
			items(h, 'report', 'run', { reportID: byId(1), returnAll: true }),
		);
		expect(requests.length).toBeGreaterThan(1);
		expect(result.length).toBeGreaterThan(250);
		for (const row of result.slice(0, 50)) {
			for (const value of Object.values(row))
				expect(value === null || typeof value !== 'object').toBe(true);
		}
		expect(Object.keys(result[0])).toEqual([
			'partNo',
			'shortID',
			'description',
			'category',
			'uOM',
			'quantity',
			'unitCost',
			'totalValue',
			'lastReceived',
		]);
	});

	// Vendor docs (reports page): GET /Report/{id} takes flags ("report-specific flag string") and count.
	it('Report › Run sends flags and count on every page when set, and neither when not', async () => {
		const plain = await capture(h, () =>
			items(h, 'report', 'run', { reportID: byId(4), returnAll: true }),
		);
		expect(plain.requests.length).toBeGreaterThan(0);
		for (const request of plain.requests) {
			expect(request.query).not.toHaveProperty('flags');
			expect(request.query).not.toHaveProperty('count');
		}
		const partial = plain.result.filter((row) => row.status === 'Partial');
		expect(partial.length).toBeGreaterThan(2);

		const flagged = await capture(h, () =>
			items(h, 'report', 'run', {
				reportID: byId(4),
				returnAll: true,
				reportOptions: { flags: 'P', count: 2 },
			}),
		);
		expect(flagged.requests.length).toBeGreaterThan(0);
		for (const request of flagged.requests)
			expect(request.query).toEqual(expect.objectContaining({ flags: 'P', count: '2' }));
		// The sandbox's report 4 keeps Partial orders for P, and count keeps the newest two.
		expect(flagged.result).toHaveLength(2);
		expect(flagged.result.every((row) => row.status === 'Partial')).toBe(true);
	});

	it('Report › Run refuses a count that is not a whole number before sending anything', async () => {
		const { result, requests } = await capture(h, () =>
			runOp(h, 'report', 'run', {
				reportID: byId(1),
				returnAll: true,
				reportOptions: { count: 2.5 },
			}),
		);
		expect(result.error?.message).toMatch(/\(count\) must be a whole number/);
		expect(requests.filter((request) => request.endpointId === 'report.run')).toEqual([]);
	});

	it('returns the latest report rows newest first', async () => {
		const rows = await items(h, 'report', 'getLatestRows', { reportID: byId(1), count: 10 });
		const dates = rows.map((row) => String(row.lastReceived));
		expect(rows).toHaveLength(10);
		expect(dates).toEqual([...dates].sort().reverse());
	});

	// Issue 32: lines and notes come only with Get, and are why a user reads one order.
	it('orders: Get returns the lines (work orders also the notes) by default, Simplified', async () => {
		const { store } = h.sandbox;
		const po = store.purchaseOrders.rows.find((order) => order.lines.length > 1)!;
		const so = store.shippingOrders.rows.find((order) => order.lines.length > 1)!;
		const wo = store.workOrders.rows.find((order) => order.notes.length > 0)!;
		const [purchase] = await items(h, 'purchaseOrder', 'get', { poNo: byId(po.poNo) });
		const [shipping] = await items(h, 'shippingOrder', 'get', { soNo: byId(so.soNo) });
		const [work] = await items(h, 'workOrder', 'get', { woNo: byId(wo.woNo) });
		// The default (version 2) is Simplified: the registry's fields, lines among them.
		expect(Object.keys(purchase)).toEqual(RECORDS.purchaseOrder.simple);
		expect(Object.keys(shipping)).toEqual(RECORDS.shippingOrder.simple);
		expect(Object.keys(work)).toEqual(RECORDS.workOrder.simple);
		expect(purchase.lines).toEqual(JSON.parse(JSON.stringify(po.lines)));
		expect(shipping.lines).toEqual(JSON.parse(JSON.stringify(so.lines)));
		expect(work.lines).toEqual(JSON.parse(JSON.stringify(wo.lines)));
		expect(work.notes).toEqual(JSON.parse(JSON.stringify(wo.notes)));
	});

	it('pairs each of many output items with the input item it came from (n8n-core cannot fill that in)', async () => {
		const result = await h.run({
			type: 'inventoryPro',
			parameters: {
				resource: 'item',
				operation: 'getAll',
				returnAll: false,
				limit: '={{ $json.limit }}',
			},
			inputItems: [{ limit: 2 }, { limit: 3 }],
		});
		expect(result.error).toBeUndefined();
		const output = result.runData['Under Test'][0].data!.main[0]!;
		expect(output.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
			{ item: 1 },
		]);
	});

	it('reads one record per input item, in input order', async () => {
		const inputItems: IDataObject[] = h.sandbox.store.items.rows
			.slice(0, 3)
			.map((item) => ({ part: item.shortID }));
		const result = await h.run({
			type: 'inventoryPro',
			parameters: {
				resource: 'item',
				operation: 'get',
				output: 'raw',
				key: { __rl: true, mode: 'id', value: '={{ $json.part }}' },
			},
			inputItems,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.shortID)).toEqual(inputItems.map((item) => item.part));
	});
});
