/**
 * GET /Report/{id} with the vendor's two optional parameters (reports page, v1): `count` ("alternate row
 * count") and `flags` ("report-specific flag string"). The sandbox's reading: count keeps the newest rows
 * as GET /Report/{id}/{count} does (clamped to 1..1000), flags are read by the reports that define them.
 */
import { expectError, expectPage, openSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeAll(async () => {
	t = await openSandbox();
});
afterAll(() => t.sandbox.close());

type Row = Record<string, unknown>;
const rows = async (id: number, query: Record<string, string | number> = {}) => {
	const response = await t.demo.get(`/Report/${id}`, { pageSize: 250, ...query });
	expectPage(response);
	return response;
};

describe('count', () => {
	it('keeps the newest rows by the report’s date column, the same rows as the path form', async () => {
		const counted = await rows(1, { count: 7, sort: 'lastReceived', direction: 'DESC' });
		expect(counted.body.totalCount).toBe(7);
		const latest = await t.demo.get('/Report/1/7');
		const byDate = (list: Row[]) => list.map((row) => row.partNo);
		expect(byDate(counted.body.value as Row[])).toEqual(byDate(latest.body.value as Row[]));
	});

	it('pages the rows it keeps, and is clamped to 1..1000', async () => {
		const two = await t.demo.get('/Report/1', { count: 12, pageSize: 5, page: 3 });
		expect(two.body).toMatchObject({ totalCount: 12, pageCount: 3, hasMore: false });
		expect(two.body.value).toHaveLength(2);
		expect((await rows(1, { count: 0 })).body.totalCount).toBe(1);
		const all = (await rows(1)).body.totalCount as number;
		expect((await rows(1, { count: 5000 })).body.totalCount).toBe(Math.min(all, 1000));
	});

	it('is 400 when not a whole number', async () => {
		expectError(await t.demo.get('/Report/1', { count: 'ten' }), 400, 'bad_request');
	});
});

describe('flags', () => {
	const statuses = (list: Row[]) => [...new Set(list.map((row) => row.status))].sort();

	it('Open Purchase Orders reads O (Open) and P (Partial); a letter it does not know is ignored', async () => {
		const all = (await rows(4)).body.value as Row[];
		expect(statuses(all)).toEqual(['Open', 'Partial']);
		const partial = (await rows(4, { flags: 'P' })).body.value as Row[];
		expect(statuses(partial)).toEqual(['Partial']);
		expect(partial).toEqual(all.filter((row) => row.status === 'Partial'));
		expect(statuses((await rows(4, { flags: 'o' })).body.value as Row[])).toEqual(['Open']);
		expect((await rows(4, { flags: 'OP' })).body.value).toEqual(all);
		expect((await rows(4, { flags: 'X' })).body.value).toEqual(all);
	});

	it('a report without flags of its own ignores them; flags and count combine', async () => {
		expect((await rows(1, { flags: 'P' })).body).toEqual((await rows(1)).body);
		const both = (await rows(4, { flags: 'P', count: 2 })).body.value as Row[];
		expect(both).toHaveLength(2);
		expect(statuses(both)).toEqual(['Partial']);
	});
});
