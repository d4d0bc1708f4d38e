/** Reports: list of runnable reports, paged rows sorted by report columns, latest rows with a clamped count. */
import type { Page } from '../../sandbox/lists';
import { stockLevels } from '../../sandbox/stockLevels';
import { expectError, expectPage, FORBIDDEN, openSandbox, type TestSandbox } from './helpers';

/** A row of Stock Valuation (report 1). */
interface ValuationRow {
	partNo: number;
	shortID: string;
	description: string;
	category: string;
	uOM: string;
	quantity: number;
	unitCost: number;
	totalValue: number;
	lastReceived: string;
}

let t: TestSandbox;
beforeAll(async () => {
	t = await openSandbox();
});
afterAll(() => t.sandbox.close());

describe('GET /Report', () => {
	it('lists the reports the client may run, in the documented shape (reportID, reportName, reportType)', async () => {
		const response = await t.demo.get<Page<{ reportName: string }>>('/Report');
		expectPage(response, { totalCount: 4 });
		expect(response.body.value.map((r: { reportName: string }) => r.reportName)).toEqual([
			'Stock Valuation',
			'Low Stock',
			'Sales by Customer',
			'Open Purchase Orders',
		]);
		expect(response.body.value[0]).toEqual({
			reportID: 1,
			reportName: 'Stock Valuation',
			reportType: 1,
		});
	});
});

describe('GET /Report/{id}', () => {
	it("pages flat rows (about 600 for Stock Valuation) in the first column's order", async () => {
		const response = await t.demo.get<Page<ValuationRow>>('/Report/1', { pageSize: 250 });
		expectPage(response, { pageSize: 250 });
		expect(response.body.totalCount).toBeGreaterThan(500);
		expect(response.body.totalCount).toBeLessThan(700);
		const row = response.body.value[0];
		expect(Object.keys(row)).toEqual([
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
		expect(Object.values(row).every((v) => v === null || typeof v !== 'object')).toBe(true);
		expect(row.totalValue).toBeCloseTo(row.quantity * row.unitCost, 1);
		// The item holds its category's id; the report shows the category's name, as before.
		const item = t.sandbox.store.items.get(row.partNo)!;
		expect(row.category).toBe(t.sandbox.store.categories.get(item.category)!.name);
		expect(row.unitCost).toBe(t.sandbox.store.terms(row.partNo).unitCost);
		const partNos = response.body.value.map((r: { partNo: number }) => r.partNo);
		expect(partNos).toEqual([...partNos].sort((a, b) => a - b));
	});

	it("sorts by any of the report's own columns", async () => {
		const response = await t.demo.get<Page<{ units: number }>>('/Report/3', {
			sort: 'units',
			direction: 'DESC',
		});
		const units = response.body.value.map((r: { units: number }) => r.units);
		expect(units).toEqual([...units].sort((a, b) => b - a));
		expectError(
			await t.demo.get('/Report/3', { sort: 'partNo' }),
			400,
			'bad_request',
			'Invalid sort column or direction.',
		);
	});

	it('Low Stock lists exactly the stock-level rows of active items below their restocking level (Min)', async () => {
		const { store } = t.sandbox;
		const rows = await allRows('/Report/2');
		const levels = stockLevels(store).filter(
			(level) =>
				level.min > 0 && level.units < level.min && !store.items.get(level.partNo)!.discontinued,
		);
		expect(rows.length).toBeGreaterThan(20);
		expect(rows.map((r) => `${r.partNo}|${r.wID}`).sort()).toEqual(
			levels.map((l) => `${l.partNo}|${l.wID}`).sort(),
		);
		expect(Object.keys(rows[0])).toEqual([
			'partNo',
			'shortID',
			'description',
			'wID',
			'warehouse',
			'onHand',
			'min',
			'max',
			'shortfall',
			'lastMovement',
		]);
		for (const row of rows) {
			expect(row.onHand).toBeLessThan(row.min);
			expect(row.shortfall).toBeCloseTo(row.min - row.onHand, 6);
			expect(store.restockLevel(row.partNo, row.wID)).toEqual({ min: row.min, max: row.max });
		}
	});

	it('reflects writes: receiving up to the restocking level takes the row off Low Stock; a new level puts one on', async () => {
		const { store } = t.sandbox;
		const before = await allRows('/Report/2');
		const row = before[0];
		const received = await t.demo.post('/Inventory/Receive', {
			itemID: row.shortID,
			wID: row.wID,
			units: row.shortfall,
		});
		expect(received.status).toBe(201);
		const after = await allRows('/Report/2');
		expect(after).toHaveLength(before.length - 1);
		expect(after.map((r) => `${r.partNo}|${r.wID}`)).not.toContain(`${row.partNo}|${row.wID}`);

		const level = stockLevels(store).find(
			(l) => l.units > 0 && !store.items.get(l.partNo)!.discontinued && l.units >= l.min,
		)!;
		store.setRestockLevel(level.partNo, level.wID, { min: level.units + 1, max: level.units + 50 });
		const raised = await allRows('/Report/2');
		expect(raised.find((r) => r.partNo === level.partNo && r.wID === level.wID)).toMatchObject({
			onHand: level.units,
			min: level.units + 1,
			shortfall: 1,
		});
	});

	it('answers 404 for an unknown report', async () => {
		expectError(await t.demo.get('/Report/42'), 404, 'not_found', 'Report 42 was not found.');
	});
});

describe('GET /Report/{id}/{count}', () => {
	it('answers the newest rows as a one-page envelope', async () => {
		const response = await t.demo.get<Page<ValuationRow>>('/Report/1/5');
		expectPage(response, { page: 1, pageSize: 5, totalCount: 5 });
		const stamps = response.body.value.map((r: { lastReceived: string }) => r.lastReceived);
		expect(stamps).toEqual([...stamps].sort().reverse());
		const all = await t.demo.get<Page<ValuationRow>>('/Report/1', {
			sort: 'lastReceived',
			direction: 'DESC',
			pageSize: 5,
		});
		expect(response.body.value).toEqual(all.body.value);
	});

	it('clamps count to 1..1000', async () => {
		expectPage(await t.demo.get('/Report/1/0'), { pageSize: 1, totalCount: 1 });
		expectPage(await t.demo.get('/Report/1/-3'), { pageSize: 1, totalCount: 1 });
		const many = await t.demo.get<Page<ValuationRow>>('/Report/1/5000');
		expectPage(many, { pageSize: 1000 });
		const total = (await t.demo.get<Page<ValuationRow>>('/Report/1')).body.totalCount;
		expect(many.body.totalCount).toBe(Math.min(1000, total));
	});

	it('answers a count that is not a whole number with 400 bad_request', async () => {
		expectError(
			await t.demo.get('/Report/1/ten'),
			400,
			'bad_request',
			'The count must be a whole number.',
		);
	});

	it('follows report rights like the paged read', async () => {
		expectError(await t.as('reports').get('/Report/4/3'), 403, 'forbidden', FORBIDDEN.report);
		expect((await t.as('reports').get('/Report/1/3')).status).toBe(200);
	});
});

/** A row of Low Stock (report 2). */
interface LowStockRow {
	partNo: number;
	shortID: string;
	description: string;
	wID: number;
	warehouse: string;
	onHand: number;
	min: number;
	max: number;
	shortfall: number;
	lastMovement: string | null;
}

/** Every row of Low Stock, page by page. */
async function allRows(path: string): Promise<LowStockRow[]> {
	const rows: LowStockRow[] = [];
	for (let page = 1; ; page++) {
		const body = (await t.demo.get<Page<LowStockRow>>(path, { pageSize: 250, page })).body;
		rows.push(...body.value);
		if (!body.hasMore) return rows;
	}
}
