/** Customers, vendors, assets, categories, reason codes and locations: reads and writes from the table. */
import type { Page } from '../../sandbox/lists';
import type { Category, Location, ReasonCode } from '../../sandbox/records';
import { expectError, expectJsonHeaders, openSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeEach(async () => {
	t = await openSandbox();
});
afterEach(() => t.sandbox.close());

const NOW = '2026-01-05T08:00:00.000Z';

describe.each([
	['Customer', 'customers', 'ACME-CORP'],
	['Vendor', 'vendors', 'ACME-FASTENERS'],
] as const)('%s', (resource, table, example) => {
	it('create answers 201 with the documented record, keyed by shortID; update changes only what was sent', async () => {
		const created = await t.demo.post(`/${resource}`, {
			shortID: 'ACME-TEST',
			name: 'Acme Test Co',
			country: 'NL',
		});
		expect(created.status).toBe(201);
		expectJsonHeaders(created);
		expect(created.body).toEqual({
			shortID: 'ACME-TEST',
			name: 'Acme Test Co',
			address1: null,
			address2: null,
			city: null,
			state: null,
			zip: null,
			country: 'NL',
			phone: null,
			fax: null,
			email: null,
			contact: null,
			active: true,
			created: NOW,
			modified: NOW,
		});
		t.clock.advance(2000);
		const updated = await t.demo.put(`/${resource}/ACME-TEST`, {
			email: 'buy@acme.example',
			active: false,
		});
		expect(updated.status).toBe(200);
		expect(updated.body).toEqual({
			...created.body,
			email: 'buy@acme.example',
			active: false,
			modified: '2026-01-05T08:00:02.000Z',
		});
		const fetched = await t.demo.get(`/${resource}/ACME-TEST`);
		expect(fetched.body).toEqual(updated.body);
		// Inactive now: only in the /All list.
		const active = await t.demo.get(`/${resource}`, { modifiedSince: '2026-01-05T08:00:00Z' });
		const all = await t.demo.get(`/${resource}/All`, { modifiedSince: '2026-01-05T08:00:00Z' });
		expect([active.body.totalCount, all.body.totalCount]).toEqual([0, 1]);
		expect(t.sandbox.store[table].get('ACME-TEST')).toBeDefined();
	});

	it(`serves the documented example ${example}`, async () => {
		const response = await t.demo.get(`/${resource}/${example}`);
		expect(response.status).toBe(200);
		expect(response.body.shortID).toBe(example);
	});

	it('validates: shortID and name required on create, country as ISO alpha-2, shortID unique (409)', async () => {
		const missing = await t.demo.post(`/${resource}`, { email: 'x@y.z' });
		expectError(missing, 400, 'validation_error', 'Model validation failed.');
		expect(missing.body.details).toEqual({
			shortID: ['The shortID field is required.'],
			name: ['The name field is required.'],
		});
		const country = await t.demo.post(`/${resource}`, {
			shortID: 'X',
			name: 'X',
			country: 'Netherlands',
		});
		expect(country.body.details).toEqual({
			country: ['The country field must be an ISO 3166 alpha-2 code, e.g. US.'],
		});
		const duplicate = await t.demo.post(`/${resource}`, { shortID: example, name: 'X' });
		expectError(duplicate, 409, 'conflict', `Duplicate ShortID "${example}".`);
		expectError(
			await t.demo.put(`/${resource}/NO-SUCH`, { name: 'Y' }),
			404,
			'not_found',
			`${resource} NO-SUCH was not found.`,
		);
	});
});

describe('assets', () => {
	it('create and update, keyed by shortID, with type and warehouse names, unique keys and scope', async () => {
		const created = await t.demo.post('/Asset', {
			shortID: 'FORKLIFT-900',
			assetType: 1,
			warehouse: 2,
			serial: 'SN1',
		});
		expect(created.status).toBe(201);
		expect(created.body).toMatchObject({
			shortID: 'FORKLIFT-900',
			assetType: 1,
			assetTypeName: 'Forklift',
			warehouse: 2,
			warehouseName: 'East Coast Warehouse',
			status: 'Active',
			discontinued: null,
			created: NOW,
		});
		const updated = await t.demo.put('/Asset/FORKLIFT-900', {
			status: 'Discontinued',
			assetType: 3,
		});
		expect(updated.body).toMatchObject({
			status: 'Discontinued',
			assetType: 3,
			assetTypeName: 'Barcode Scanner',
			serial: 'SN1',
			discontinued: NOW,
		});
		expect((await t.demo.get('/Asset/FORKLIFT-900')).body.status).toBe('Discontinued');
		expect((await t.demo.get('/Asset/FORKLIFT-001')).body.shortID).toBe('FORKLIFT-001');
		expectError(
			await t.demo.post('/Asset', { shortID: 'FORKLIFT-900' }),
			409,
			'conflict',
			'Duplicate ShortID "FORKLIFT-900".',
		);
		expectError(
			await t.demo.post('/Asset', { shortID: 'X-1', assetType: 99 }),
			404,
			'not_found',
			'Asset type 99 was not found.',
		);
		const badStatus = await t.demo.post('/Asset', { shortID: 'X-2', status: 'Broken' });
		expect(badStatus.body.details).toEqual({
			status: ['The status field must be one of: Active, Discontinued.'],
		});
		expectError(
			await t.as('scoped').post('/Asset', { shortID: 'X-3', warehouse: 4 }),
			403,
			'forbidden',
			"Warehouse is outside the client's authorized scope.",
		);
	});
});

describe('categories and reason codes', () => {
	it('delete answers 409 while items use a category and 200 with the deleted record otherwise', async () => {
		const store = t.sandbox.store;
		const bolts = store.categories.rows.find((c) => c.name === 'Bolts')!;
		const used = store.items.rows.filter((i) => i.subCategory === bolts.categoryID).length;
		expectError(
			await t.demo.delete(`/Category/${bolts.categoryID}`),
			409,
			'conflict',
			`Category "Bolts" is used by ${used} items.`,
		);
		const seasonal = store.categories.rows.find((c) => c.name === 'Seasonal')!;
		const deleted = await t.demo.delete(`/Category/${seasonal.categoryID}`);
		expect(deleted.status).toBe(200);
		expect(deleted.body).toEqual(seasonal);
		expect(store.categories.get(seasonal.categoryID)).toBeUndefined();
		expectError(
			await t.demo.delete(`/Category/${seasonal.categoryID}`),
			404,
			'not_found',
			`Category ${seasonal.categoryID} was not found.`,
		);
	});

	it('disable hides a category from /Category, keeps it in /Category/All; twice is 409', async () => {
		const seasonal = t.sandbox.store.categories.rows.find((c) => c.name === 'Seasonal')!;
		const response = await t.demo.post(`/Category/${seasonal.categoryID}/Disable`);
		expect(response.status).toBe(200);
		expect(response.body).toMatchObject({ name: 'Seasonal', active: false, modified: NOW });
		const active = await t.demo.get<Page<Category>>('/Category', { pageSize: 250 });
		const all = await t.demo.get<Page<Category>>('/Category/All', { pageSize: 250 });
		expect(active.body.value.map((c: { name: string }) => c.name)).not.toContain('Seasonal');
		expect(all.body.value.map((c: { name: string }) => c.name)).toContain('Seasonal');
		expectError(
			await t.demo.post(`/Category/${seasonal.categoryID}/Disable`),
			409,
			'conflict',
			'Category "Seasonal" is already disabled.',
		);
	});

	it('reason codes disable and delete', async () => {
		const sample = t.sandbox.store.reasonCodes.rows.find((r) => r.code === 'SAMPLE')!;
		const disabled = await t.demo.post(`/ReasonCode/${sample.reasonCodeID}/Disable`);
		expect(disabled.body).toMatchObject({ code: 'SAMPLE', active: false });
		expectError(
			await t.demo.post(`/ReasonCode/${sample.reasonCodeID}/Disable`),
			409,
			'conflict',
			'Reason code "SAMPLE" is already disabled.',
		);
		const deleted = await t.demo.delete(`/ReasonCode/${sample.reasonCodeID}`);
		expect(deleted.body.code).toBe('SAMPLE');
		const all = await t.demo.get<Page<ReasonCode>>('/ReasonCode/All');
		expect(all.body.value.map((r: { code: string }) => r.code)).not.toContain('SAMPLE');
	});
});

describe('locations', () => {
	it('hold (POST /Location/Hold?id=) blocks stock movements there; release lifts it; both answer 204; repeating either is 409', async () => {
		const spot = 'A-01-03';
		expect(t.sandbox.store.locations.get(spot)).toMatchObject({ warehouseID: 1, hold: false });
		const held = await t.demo.post(`/Location/Hold?id=${spot}`);
		expect(held.status).toBe(204);
		expect(held.text).toBe('');
		expect(t.sandbox.store.locations.get(spot)).toMatchObject({ hold: true, modified: NOW });
		expect((await t.demo.get(`/Location/${spot}`)).body).toMatchObject({ spot, hold: true });
		const blocked = await t.demo.post('/Inventory/Receive', {
			itemID: 'SCR-00001',
			wID: 1,
			spot,
			units: 1,
		});
		expectError(blocked, 409, 'conflict', `Location "${spot}" in warehouse 1 is on hold.`);
		expectError(
			await t.demo.post(`/Location/Hold?id=${spot}`),
			409,
			'conflict',
			`Location "${spot}" is already on hold.`,
		);
		const released = await t.demo.post(`/Location/Release?id=${spot}`);
		expect(released.status).toBe(204);
		expect(t.sandbox.store.locations.get(spot)?.hold).toBe(false);
		expect(
			(
				await t.demo.post('/Inventory/Receive', {
					itemID: 'SCR-00001',
					wID: 1,
					spot,
					units: 1,
				})
			).status,
		).toBe(201);
		expectError(
			await t.demo.post(`/Location/Release?id=${spot}`),
			409,
			'conflict',
			`Location "${spot}" is not on hold.`,
		);
		expectError(
			await t.demo.get('/Location/Z-99-99'),
			404,
			'not_found',
			'Location Z-99-99 was not found.',
		);
	});

	it('lists spots of every warehouse, some on hold; wid filters to one warehouse', async () => {
		const response = await t.demo.get<Page<Location>>('/Location', { pageSize: 250 });
		expect(response.body.totalCount).toBe(44);
		const warehouses = new Set(
			response.body.value.map((l: { warehouseID: number }) => l.warehouseID),
		);
		expect(warehouses.size).toBe(4);
		expect(
			response.body.value.filter((l: { hold: boolean }) => l.hold).length,
		).toBeGreaterThanOrEqual(4);
		const one = await t.demo.get<Page<Location>>('/Location', { pageSize: 250, wid: 2 });
		expect(one.body.totalCount).toBe(11);
		expect(one.body.value.every((l: { warehouseID: number }) => l.warehouseID === 2)).toBe(true);
	});
});
