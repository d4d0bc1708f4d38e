/** Item writes: create / update / discontinue, generic validation from the table, events. */
import type { Page } from '../../sandbox/lists';
import type { Item } from '../../sandbox/records';
import { expectError, expectJsonHeaders, openSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeEach(async () => {
	t = await openSandbox();
});
afterEach(() => t.sandbox.close());

const NOW = '2026-01-05T08:00:00.000Z';

/** A seeded category's id by its name. */
const category = (name: string) =>
	t.sandbox.store.categories.rows.find((c) => c.name === name)!.categoryID;

describe('POST /Item', () => {
	it("answers an empty body with exactly the spec's validation error", async () => {
		const response = await t.demo.post('/Item', '', {
			headers: { 'Content-Type': 'application/json' },
		});
		expect(response.status).toBe(400);
		expectJsonHeaders(response);
		expect(response.body).toEqual({
			statusCode: 400,
			error: 'validation_error',
			message: 'Model validation failed.',
			details: { itemID: ['The itemID field is required.'] },
		});
		const emptyObject = await t.demo.post('/Item', {});
		expect(emptyObject.body).toEqual(response.body);
	});

	it('creates an item: 201 with the full record, its new partNo and clock stamps, and item.created', async () => {
		const before = t.sandbox.store.items.size;
		const tools = category('Tools');
		t.clock.advance(5000);
		const response = await t.demo.post<Item>('/Item', {
			itemID: 'NEW-WIDGET',
			description: 'New widget',
			category: tools,
			uOM: 'EA',
			putUp: 'Box/10',
			units: 10,
			dfltOwner: 7,
		});
		expect(response.status).toBe(201);
		expectJsonHeaders(response);
		const stamp = '2026-01-05T08:00:05.000Z';
		expect(response.body).toEqual({
			partNo: 10001 + before,
			shortID: 'NEW-WIDGET',
			description: 'New widget',
			category: tools,
			subCategory: 0,
			uOM: 'EA',
			putUp: 'Box/10',
			units: 10,
			dfltOwner: 7,
			created: stamp,
			modified: stamp,
			discontinued: false,
		});
		expect(t.sandbox.store.items.size).toBe(before + 1);
		expect(t.sandbox.events.at(-1)).toEqual({
			event: 'item.created',
			data: response.body,
			ids: { partNo: response.body.partNo, shortID: 'NEW-WIDGET' },
			reference: `RecNo:${response.body.partNo}`,
		});
		const fetched = await t.demo.get('/Item', { key: 'NEW-WIDGET', type: 'id' });
		expect(fetched.body).toEqual(response.body);
	});

	it('answers a duplicate shortID (any case) with 409 conflict and changes nothing', async () => {
		const before = t.sandbox.store.items.size;
		const response = await t.demo.post('/Item', { itemID: 'scr-00001' });
		expectError(response, 409, 'conflict', 'An item with ID "scr-00001" already exists.');
		expect(t.sandbox.store.items.size).toBe(before);
		expect(t.sandbox.events).toHaveLength(0);
	});

	it("reports every invalid field at once, by the table's types", async () => {
		const response = await t.demo.post('/Item', {
			itemID: 42,
			units: 'ten',
			description: ['x'],
			category: 'Tools',
			subCategory: 2.5,
			dfltOwner: '0',
			putUp: 100,
		});
		expectError(response, 400, 'validation_error', 'Model validation failed.');
		expect(response.body.details).toEqual({
			itemID: ['The itemID field must be a string.'],
			units: ['The units field must be a number.'],
			description: ['The description field must be a string.'],
			category: ['The category field must be a whole number.'],
			subCategory: ['The subCategory field must be a whole number.'],
			dfltOwner: ['The dfltOwner field must be a whole number.'],
			putUp: ['The putUp field must be a string.'],
		});
		expect(t.sandbox.events).toHaveLength(0);
	});

	it("takes the quickstart's names (shortID, categoryID, unit) for itemID, category and uOM", async () => {
		const response = await t.demo.post('/Item', {
			shortID: 'QUICK-01',
			description: 'From the quickstart',
			unit: 'KG',
			categoryID: category('Tools'),
		});
		expect(response.status).toBe(201);
		expect(response.body).toMatchObject({
			shortID: 'QUICK-01',
			uOM: 'KG',
			category: category('Tools'),
		});
	});

	it('files under categories that exist and are active: 404 unknown, 409 disabled, nothing written', async () => {
		const before = t.sandbox.store.items.size;
		expectError(
			await t.demo.post('/Item', { itemID: 'CAT-404', subCategory: 999 }),
			404,
			'not_found',
			'Category 999 was not found.',
		);
		expectError(
			await t.demo.post('/Item', { itemID: 'CAT-409', category: category('Legacy') }),
			409,
			'conflict',
			'Category "Legacy" is disabled.',
		);
		expectError(
			await t.demo.put('/Item', { itemID: 'SCR-00001', dfltOwner: -1 }),
			400,
			'validation_error',
			'Model validation failed.',
		);
		expect(t.sandbox.store.items.size).toBe(before);
		expect(t.sandbox.events).toHaveLength(0);
	});
});

describe('PUT /Item', () => {
	it('changes only the fields sent, stamps modified, emits item.updated', async () => {
		const original = { ...t.sandbox.store.item('SCR-00001')! };
		t.clock.advance(60_000);
		const response = await t.demo.put('/Item', {
			itemID: 'SCR-00001',
			description: 'Renamed screw',
		});
		expect(response.status).toBe(200);
		expectJsonHeaders(response);
		expect(response.body).toEqual({
			...original,
			description: 'Renamed screw',
			modified: '2026-01-05T08:01:00.000Z',
		});
		expect(t.sandbox.events.map((e) => e.event)).toEqual(['item.updated']);
		expect(t.sandbox.events[0].ids).toEqual({ partNo: original.partNo, shortID: 'SCR-00001' });
	});

	it('answers 404 for an unknown itemID', async () => {
		expectError(
			await t.demo.put('/Item', { itemID: 'GHOST', description: 'x' }),
			404,
			'not_found',
			'Item "GHOST" was not found.',
		);
	});
});

describe('GET /Item?Category={id}', () => {
	it('lists the active items filed under that category or sub-category id, none for an unknown one', async () => {
		const store = t.sandbox.store;
		const bolts = category('Bolts');
		const expected = store.items.rows
			.filter((i) => !i.discontinued && (i.category === bolts || i.subCategory === bolts))
			.map((i) => i.partNo)
			.sort((a, b) => a - b);
		expect(expected.length).toBeGreaterThan(0);
		const listed = await t.demo.get<Page<{ partNo: number }>>('/Item', {
			Category: bolts,
			sort: 'partNo',
			pageSize: 250,
		});
		expect(listed.body.value.map((i: { partNo: number }) => i.partNo)).toEqual(expected);
		const fasteners = await t.demo.get<Page<unknown>>('/Item', {
			Category: category('Fasteners'),
			pageSize: 1,
		});
		expect(fasteners.body.totalCount).toBeGreaterThan(listed.body.totalCount);
		const none = await t.demo.get<Page<unknown>>('/Item', { Category: 999 });
		expect(none.body.totalCount).toBe(0);
	});
});

describe('DELETE /Item/{shortID}', () => {
	it('discontinues: the item leaves /Item, stays in /Item/All; a second time is 409', async () => {
		const response = await t.demo.delete('/Item/SCR-00001');
		expect(response.status).toBe(200);
		expect(response.body).toMatchObject({
			shortID: 'SCR-00001',
			discontinued: true,
			modified: NOW,
		});
		expect(t.sandbox.events.at(-1)?.event).toBe('item.updated');
		const active = await t.demo.get<Page<{ shortID: string }>>('/Item', {
			sort: 'shortID',
			pageSize: 250,
		});
		expect(active.body.value.map((i: { shortID: string }) => i.shortID)).not.toContain('SCR-00001');
		const found = await t.demo.get('/Item', { key: 'SCR-00001', type: 'id' });
		expect(found.body.discontinued).toBe(true);
		expectError(
			await t.demo.delete('/Item/SCR-00001'),
			409,
			'conflict',
			'Item "SCR-00001" is already discontinued.',
		);
		expectError(await t.demo.delete('/Item/NOPE'), 404, 'not_found', 'Item "NOPE" was not found.');
	});
});

describe('modifiedSince sees writes', () => {
	it('an item changed after the cursor shows up, nothing else does', async () => {
		t.clock.advance(1000);
		await t.demo.put('/Item', { itemID: 'PWR-00003', description: 'Impact driver v2' });
		const changed = await t.demo.get<Page<{ shortID: string }>>('/Item', {
			modifiedSince: '2026-01-05T08:00:01Z',
		});
		expect(changed.body.totalCount).toBe(1);
		expect(changed.body.value[0].shortID).toBe('PWR-00003');
	});
});
