/** Customers, vendors, assets, categories, reason codes and locations: reads and writes from the table. */
import { expectError, expectJsonHeaders, openSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeEach(async () => {
	t = await openSandbox();
});
afterEach(() => t.sandbox.close());

const NOW = '2026-01-05T08:00:00.000Z';

describe.each([
	['Customer', 'customerID', 'customerCode', 'customers'],
	['Vendor', 'vendorID', 'vendorCode', 'vendors'],
] as const)('%s', (resource, idField, codeField, table) => {
	it('create answers 201 with the full record; update changes only what was sent', async () => {
		const count = t.sandbox.store[table].size;
		const created = await t.demo.post(`/${resource}`, { name: 'Acme Test Co', [codeField]: 'ACME1', country: 'NL' });
		expect(created.status).toBe(201);
		expectJsonHeaders(created);
		expect(created.body).toEqual({
			[idField]: count + 1,
			[codeField]: 'ACME1',
			name: 'Acme Test Co',
			email: null,
			phone: null,
			address: null,
			city: null,
			postalCode: null,
			country: 'NL',
			active: true,
			created: NOW,
			modified: NOW,
		});
		t.clock.advance(2000);
		const updated = await t.demo.put(`/${resource}/${count + 1}`, { email: 'buy@acme.example', active: false });
		expect(updated.status).toBe(200);
		expect(updated.body).toEqual({ ...created.body, email: 'buy@acme.example', active: false, modified: '2026-01-05T08:00:02.000Z' });
		const fetched = await t.demo.get(`/${resource}/${count + 1}`);
		expect(fetched.body).toEqual(updated.body);
		// Inactive now: only in the /All list.
		const active = await t.demo.get(`/${resource}`, { modifiedSince: '2026-01-05T08:00:00Z' });
		const all = await t.demo.get(`/${resource}/All`, { modifiedSince: '2026-01-05T08:00:00Z' });
		expect([active.body.totalCount, all.body.totalCount]).toEqual([0, 1]);
	});

	it('validates: name required on create, country as ISO alpha-2, code unique (409)', async () => {
		const missing = await t.demo.post(`/${resource}`, { email: 'x@y.z' });
		expectError(missing, 400, 'validation_error', 'Model validation failed.');
		expect(missing.body.details).toEqual({ name: ['The name field is required.'] });
		const country = await t.demo.post(`/${resource}`, { name: 'X', country: 'Netherlands' });
		expect(country.body.details).toEqual({ country: ['The country field must be an ISO 3166 alpha-2 code, e.g. US.'] });
		const existing = t.sandbox.store[table].rows[0] as unknown as Record<string, string>;
		const duplicate = await t.demo.post(`/${resource}`, { name: 'X', [codeField]: existing[codeField] });
		expectError(duplicate, 409, 'conflict', `${resource} code "${existing[codeField]}" is already in use.`);
		expectError(await t.demo.put(`/${resource}/9999`, { name: 'Y' }), 404, 'not_found', `${resource} 9999 was not found.`);
	});
});

describe('assets', () => {
	it('create and update, with type names, unique tags and scope', async () => {
		const created = await t.demo.post('/Asset', { assetTag: 'FL-9000', typeID: 1, warehouseID: 2, serialNo: 'SN1' });
		expect(created.status).toBe(201);
		expect(created.body).toMatchObject({
			assetID: 81,
			assetTag: 'FL-9000',
			typeID: 1,
			typeName: 'Forklift',
			warehouseID: 2,
			status: 'In Service',
			created: NOW,
		});
		const updated = await t.demo.put('/Asset/81', { status: 'Retired', typeID: 3 });
		expect(updated.body).toMatchObject({ status: 'Retired', typeID: 3, typeName: 'Barcode Scanner', serialNo: 'SN1' });
		expect((await t.demo.get('/Asset/81')).body.status).toBe('Retired');
		expectError(await t.demo.post('/Asset', { assetTag: 'fl-9000' }), 409, 'conflict', 'Asset tag "fl-9000" is already in use.');
		expectError(await t.demo.post('/Asset', { assetTag: 'X-1', typeID: 99 }), 404, 'not_found', 'Asset type 99 was not found.');
		const badStatus = await t.demo.post('/Asset', { assetTag: 'X-2', status: 'Broken' });
		expect(badStatus.body.details).toEqual({ status: ['The status field must be one of: In Service, In Repair, Retired.'] });
		expectError(
			await t.as('scoped').post('/Asset', { assetTag: 'X-3', warehouseID: 4 }),
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
		const used = store.items.rows.filter((i) => i.subCategory === 'Bolts').length;
		expectError(await t.demo.delete(`/Category/${bolts.categoryID}`), 409, 'conflict', `Category "Bolts" is used by ${used} items.`);
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
		const active = await t.demo.get('/Category', { pageSize: 250 });
		const all = await t.demo.get('/Category/All', { pageSize: 250 });
		expect(active.body.value.map((c: { name: string }) => c.name)).not.toContain('Seasonal');
		expect(all.body.value.map((c: { name: string }) => c.name)).toContain('Seasonal');
		expectError(await t.demo.post(`/Category/${seasonal.categoryID}/Disable`), 409, 'conflict', 'Category "Seasonal" is already disabled.');
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
		const all = await t.demo.get('/ReasonCode/All');
		expect(all.body.value.map((r: { code: string }) => r.code)).not.toContain('SAMPLE');
	});
});

describe('locations', () => {
	it('hold blocks stock movements there; release lifts it; repeating either is 409', async () => {
		const location =
			t.sandbox.store.locations.rows.find((l) => l.warehouseID === 1 && l.code === 'A-01' && !l.onHold) ??
			t.sandbox.store.locations.rows.find((l) => l.warehouseID === 1 && !l.onHold && l.code.includes('-'))!;
		const held = await t.demo.post(`/Location/${location.locationID}/Hold`, { reason: 'Audit' });
		expect(held.status).toBe(200);
		expect(held.body).toMatchObject({ locationID: location.locationID, onHold: true, holdReason: 'Audit', modified: NOW });
		const blocked = await t.demo.post('/Inventory/Receive', { itemID: 'SCR-00001', warehouseID: 1, location: location.code, quantity: 1 });
		expectError(blocked, 409, 'conflict', `Location "${location.code}" in warehouse 1 is on hold.`);
		expectError(
			await t.demo.post(`/Location/${location.locationID}/Hold`, {}),
			409,
			'conflict',
			`Location "${location.code}" in warehouse 1 is already on hold.`,
		);
		const released = await t.demo.post(`/Location/${location.locationID}/Release`);
		expect(released.body).toMatchObject({ onHold: false, holdReason: null });
		expect(
			(await t.demo.post('/Inventory/Receive', { itemID: 'SCR-00001', warehouseID: 1, location: location.code, quantity: 1 })).status,
		).toBe(201);
		expectError(
			await t.demo.post(`/Location/${location.locationID}/Release`),
			409,
			'conflict',
			`Location "${location.code}" in warehouse 1 is not on hold.`,
		);
	});

	it('lists locations of every warehouse, some on hold', async () => {
		const response = await t.demo.get('/Location', { pageSize: 250 });
		expect(response.body.totalCount).toBe(44);
		const warehouses = new Set(response.body.value.map((l: { warehouseID: number }) => l.warehouseID));
		expect(warehouses.size).toBe(4);
		expect(response.body.value.filter((l: { onHold: boolean }) => l.onHold).length).toBeGreaterThanOrEqual(4);
	});
});
