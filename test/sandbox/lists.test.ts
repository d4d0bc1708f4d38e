/** List conventions (spec): envelope, headers, paging, sort, modifiedSince modes, order dates, GET /Item?key=. */
import { fillPlaceholders as fillPath } from '../../nodes/shared/validation';
import type { Page } from '../../sandbox/lists';
import type {
	Item,
	PurchaseOrder,
	ShippingOrder,
	StockLot,
	WorkOrder,
} from '../../sandbox/records';
import { ROUTES, type RouteId } from '../../sandbox/routes';
import type { JsonObject } from '../support/sandboxClient';
import { expectError, expectPage, openSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeAll(async () => {
	t = await openSandbox();
});
afterAll(() => t.sandbox.close());

const LIST_IDS = (Object.keys(ROUTES) as RouteId[]).filter(
	(id) => 'list' in ROUTES[id] && id !== 'webhook.log',
);
const pathOf = (id: RouteId) => fillPath(ROUTES[id].path, { warehouseID: 1, reportID: 1 });

/** Every page of a list; R: the shape of its rows. */
async function all<R = JsonObject>(path: string, query: Record<string, string | number> = {}) {
	const rows: R[] = [];
	for (let page = 1; ; page++) {
		const response = await t.demo.get<Page<R>>(path, {
			...query,
			page,
			pageSize: query.pageSize ?? 250,
		});
		expectPage(response, { page });
		rows.push(...response.body.value);
		if (!response.body.hasMore) return { rows, totalCount: response.body.totalCount };
	}
}

describe('every list endpoint of the table', () => {
	it.each(LIST_IDS)(
		'%s answers the paged envelope with X- headers and default paging',
		async (id) => {
			const response = await t.demo.get(pathOf(id));
			expectPage(response, { page: 1, pageSize: 25 });
			expect(response.body.value.length).toBe(Math.min(25, response.body.totalCount));
			if (id !== 'webhook.list') expect(response.body.totalCount).toBeGreaterThan(0);
			expect(t.sandbox.requests.at(-1)).toMatchObject({
				endpointId: id,
				status: 200,
				clientId: 'demo',
			});
		},
	);
});

describe('paging', () => {
	it('caps pageSize silently at 250, and at 50 on orders', async () => {
		expectPage(await t.demo.get('/Item', { pageSize: 1000 }), { pageSize: 250 });
		for (const path of ['/PurchaseOrder', '/ShippingOrder', '/WorkOrder']) {
			const response = await t.demo.get(path, { pageSize: 51 });
			expectPage(response, { pageSize: 50 });
			expect(response.body.value).toHaveLength(Math.min(50, response.body.totalCount as number));
		}
	});

	it('pages through everything exactly once until hasMore is false', async () => {
		const { rows, totalCount } = await all<Item>('/Item/All', { pageSize: 100 });
		expect(rows).toHaveLength(totalCount);
		expect(totalCount).toBe(t.sandbox.store.items.size);
		expect(new Set(rows.map((r) => r.partNo)).size).toBe(totalCount);
	});

	it('answers a page past the end with no rows and hasMore false', async () => {
		const response = await t.demo.get('/Warehouse', { page: 9 });
		expectPage(response, { page: 9, totalCount: 4 });
		expect(response.body.value).toEqual([]);
	});

	it.each([
		['page', '0'],
		['page', 'two'],
		['page', '1.5'],
		['pageSize', '0'],
		['pageSize', '-5'],
	])('answers %s=%s with 400 bad_request naming the parameter', async (name, value) => {
		const response = await t.demo.get('/Item', { [name]: value });
		expectError(
			response,
			400,
			'bad_request',
			`The ${name} parameter must be a whole number of 1 or more.`,
		);
	});

	it('treats /Item as active items and /Item/All as all items', async () => {
		const active = await t.demo.get<Page<Item>>('/Item', { pageSize: 1 });
		const allItems = await t.demo.get<Page<Item>>('/Item/All', { pageSize: 1 });
		const discontinued = t.sandbox.store.items.rows.filter((i) => i.discontinued).length;
		expect(discontinued).toBeGreaterThan(0);
		expect(allItems.body.totalCount - active.body.totalCount).toBe(discontinued);
	});
});

describe('sort and direction', () => {
	it("sorts by the table's default column ascending", async () => {
		const response = await t.demo.get<Page<{ customerID: number }>>('/Customer', { pageSize: 250 });
		const ids = response.body.value.map((c: { customerID: number }) => c.customerID);
		expect(ids).toEqual([...ids].sort((a, b) => a - b));
	});

	it('sorts by an allowed column, direction case-insensitive', async () => {
		const response = await t.demo.get<Page<{ name: string }>>('/Vendor/All', {
			sort: 'name',
			direction: 'desc',
			pageSize: 250,
		});
		expect(response.status).toBe(200);
		const names: string[] = response.body.value.map((v: { name: string }) => v.name.toLowerCase());
		expect(names).toEqual([...names].sort().reverse());
	});

	it('answers an unknown column or direction with 400 "Invalid sort column or direction."', async () => {
		expectError(
			await t.demo.get('/Item', { sort: 'price' }),
			400,
			'bad_request',
			'Invalid sort column or direction.',
		);
		expectError(
			await t.demo.get('/Item', { direction: 'UP' }),
			400,
			'bad_request',
			'Invalid sort column or direction.',
		);
		expectError(
			await t.demo.get('/Report/1', { sort: 'partNoX' }),
			400,
			'bad_request',
			'Invalid sort column or direction.',
		);
	});

	it('orders ties stably by id, so pages sorted on a repeated value neither repeat nor skip rows', async () => {
		const { rows, totalCount } = await all<Item>('/Item', { sort: 'category', pageSize: 40 });
		expect(new Set(rows.map((r) => r.partNo)).size).toBe(totalCount);
		for (let i = 1; i < rows.length; i++) {
			const [a, b] = [rows[i - 1], rows[i]];
			expect(a.category < b.category || (a.category === b.category && a.partNo < b.partNo)).toBe(
				true,
			);
		}
	});
});

describe('modifiedSince', () => {
	it('supported: only records modified on or after the value', async () => {
		const since = '2025-10-01T00:00:00Z';
		const { rows, totalCount } = await all<Item>('/Item/All', { modifiedSince: since });
		const expected = t.sandbox.store.items.rows.filter(
			(i) => i.modified >= '2025-10-01T00:00:00.000Z',
		);
		expect(totalCount).toBe(expected.length);
		expect(totalCount).toBeGreaterThan(0);
		expect(totalCount).toBeLessThan(t.sandbox.store.items.size);
		expect(rows.every((r) => r.modified >= '2025-10-01T00:00:00.000Z')).toBe(true);
		// On or after: the exact stamp of a record includes it.
		const one = expected[0];
		const exact = await t.demo.get<Page<Item>>('/Item/All', {
			modifiedSince: one.modified,
			sort: 'modified',
			pageSize: 250,
		});
		expect(exact.body.value.map((r: { partNo: number }) => r.partNo)).toContain(one.partNo);
	});

	it.each(['/Inventory', '/Inventory/1', '/Warehouse/1/Items'])(
		"rejected on %s: 400 with the spec's message",
		async (path) => {
			const response = await t.demo.get(path, { modifiedSince: '2025-01-01T00:00:00Z' });
			expectError(response, 400, 'bad_request', 'modifiedSince is not supported on this endpoint.');
		},
	);

	it('ignored on reports', async () => {
		const without = await t.demo.get('/Report/1');
		const withIt = await t.demo.get('/Report/1', { modifiedSince: '2099-01-01T00:00:00Z' });
		expectPage(withIt);
		expect(withIt.body.totalCount).toBe(without.body.totalCount);
		const garbage = await t.demo.get('/Report/1', { modifiedSince: 'not a date' });
		expect(garbage.status).toBe(200);
	});

	it('answers an invalid date with 400 naming the parameter', async () => {
		for (const value of [
			'yesterday',
			'2025-13-01',
			'2025-02-30T00:00:00Z',
			'2025-01-01T25:00:00Z',
		]) {
			const response = await t.demo.get('/Item', { modifiedSince: value });
			expectError(
				response,
				400,
				'bad_request',
				'The modifiedSince parameter must be an ISO 8601 date or date-time.',
			);
		}
	});

	it('headerOnly on orders: filters on the header stamp', async () => {
		const order = t.sandbox.store.purchaseOrders.rows.find(
			(o) => o.modified > o.created && o.status !== 'Closed',
		)!;
		const { rows: byHeader } = await all<PurchaseOrder>('/PurchaseOrder', {
			modifiedSince: order.modified,
			pageSize: 50,
		});
		expect(byHeader.map((o) => o.poNo)).toContain(order.poNo);
		expect(byHeader.every((o) => o.modified >= order.modified)).toBe(true);
	});
});

describe('startDate and endDate on orders', () => {
	it('keep orders dated on or after startDate and on or before endDate', async () => {
		const { rows, totalCount } = await all<ShippingOrder>('/ShippingOrder', {
			startDate: '2025-06-01',
			endDate: '2025-06-30',
			pageSize: 50,
		});
		const expected = t.sandbox.store.shippingOrders.rows.filter(
			(o) => o.orderDate >= '2025-06-01T00:00:00.000Z' && o.orderDate <= '2025-06-30T23:59:59.999Z',
		);
		expect(totalCount).toBe(expected.length);
		expect(totalCount).toBeGreaterThan(0);
		expect(rows.every((o) => o.orderDate.startsWith('2025-06'))).toBe(true);
	});

	it('takes an exact date-time as an inclusive bound; work orders by start and due date', async () => {
		const order = t.sandbox.store.workOrders.rows[0];
		const response = await t.demo.get<Page<WorkOrder>>('/WorkOrder', {
			startDate: order.startDate,
			endDate: order.dueDate,
		});
		expect(response.body.value.map((o: { woNo: string }) => o.woNo)).toContain(order.woNo);
		const before = await t.demo.get<Page<WorkOrder>>('/WorkOrder', {
			startDate: order.startDate,
			endDate: order.startDate,
		});
		expect(before.body.value.map((o: { woNo: string }) => o.woNo)).not.toContain(order.woNo);
	});

	it('answers an invalid date with 400 naming the parameter', async () => {
		expectError(
			await t.demo.get('/PurchaseOrder', { startDate: '06/01/2025' }),
			400,
			'bad_request',
			'The startDate parameter must be an ISO 8601 date or date-time.',
		);
		expectError(
			await t.demo.get('/PurchaseOrder', { endDate: 'soon' }),
			400,
			'bad_request',
			'The endDate parameter must be an ISO 8601 date or date-time.',
		);
	});
});

describe('GET /Item?key=&type=', () => {
	it('returns one item by shortID (type=id) or partNo (type=partNo)', async () => {
		const item = t.sandbox.store.items.rows[5];
		const byId = await t.demo.get('/Item', { key: item.shortID.toLowerCase(), type: 'id' });
		expect(byId.status).toBe(200);
		expect(byId.headers['x-api-version']).toBe('v2');
		expect(byId.headers['x-total-count']).toBeUndefined();
		expect(byId.body).toEqual(item);
		const byPartNo = await t.demo.get('/Item', { key: item.partNo, type: 'partNo' });
		expect(byPartNo.body).toEqual(item);
		expect(t.sandbox.requests.at(-1)?.endpointId).toBe('item.get');
	});

	it('answers 404 when no item matches', async () => {
		expectError(
			await t.demo.get('/Item', { key: 'NOPE-1', type: 'id' }),
			404,
			'not_found',
			'Item "NOPE-1" was not found.',
		);
		expectError(
			await t.demo.get('/Item', { key: '1', type: 'partNo' }),
			404,
			'not_found',
			'Item with partNo 1 was not found.',
		);
	});

	it('answers 400 validation_error for a missing or unknown type', async () => {
		const missing = await t.demo.get('/Item', { key: 'X' });
		expectError(missing, 400, 'validation_error', 'Model validation failed.');
		expect(missing.body.details).toEqual({ type: ['The type parameter is required.'] });
		const unknown = await t.demo.get('/Item', { key: 'X', type: 'sku' });
		expect(unknown.body.details).toEqual({
			type: ['The type parameter must be one of: id, alias, partNo.'],
		});
	});
});

describe('path records of lists', () => {
	it('answer 404 for an unknown warehouse', async () => {
		expectError(await t.demo.get('/Inventory/99'), 404, 'not_found', 'Warehouse 99 was not found.');
		expectError(
			await t.demo.get('/Warehouse/abc/Items'),
			404,
			'not_found',
			'Warehouse abc was not found.',
		);
	});

	it('filter /Inventory/{wid}, /Warehouse/{id}/Items and MaterialIn/{wid} to that warehouse', async () => {
		const { rows: lots } = await all<StockLot>('/Inventory/2');
		expect(lots.length).toBe(t.sandbox.store.stock.rows.filter((s) => s.wID === 2).length);
		expect(lots.every((l) => l.wID === 2)).toBe(true);
		const { rows: stocked } = await all<{ partNo: number; quantity: number }>('/Warehouse/2/Items');
		expect(stocked.length).toBe(new Set(lots.filter((l) => l.units > 0).map((l) => l.partNo)).size);
		const sum = (rows: StockLot[], partNo: number) =>
			rows.filter((r) => r.partNo === partNo).reduce((s, r) => s + r.units, 0);
		expect(stocked[0].quantity).toBeCloseTo(sum(lots, stocked[0].partNo));
		const { rows: receipts } = await all<{ wID: number }>('/Inventory/MaterialIn/2');
		expect(receipts.length).toBeGreaterThan(0);
		expect(receipts.every((r) => r.wID === 2)).toBe(true);
	});
});
