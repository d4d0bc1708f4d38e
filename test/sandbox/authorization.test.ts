/** Authorization from the endpoint table, and the documented order of checks (sandbox/authorize.ts). */
import type { Page } from '../../sandbox/lists';
import { ROUTES, type RouteId } from '../../sandbox/routes';
import { SandboxClient } from '../support/sandboxClient';
import { expectError, FORBIDDEN, openSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeAll(async () => {
	t = await openSandbox();
});
afterAll(() => t.sandbox.close());

const receive = (wID: number) => ({ itemID: 'SCR-00001', wID, units: 5 });

describe('Security IDs', () => {
	it('answers 403 "Insufficient permissions." without the endpoint\'s Security ID (reads and writes)', async () => {
		const limited = t.as('limited');
		const read = await limited.get('/Customer'); // 130 missing
		expectError(read, 403, 'forbidden', FORBIDDEN.permission);
		const write = await limited.post('/Item', { itemID: 'LIMITED-1' }); // 116 missing
		expectError(write, 403, 'forbidden', FORBIDDEN.permission);
		const webhooks = await limited.get('/Webhook'); // 370 missing
		expectError(webhooks, 403, 'forbidden', FORBIDDEN.permission);
		expect(t.sandbox.store.item('LIMITED-1')).toBeUndefined();
		// What it has still works.
		expect((await limited.get('/Vendor')).status).toBe(200);
	});

	it('checks every numeric permission of the table: a client with only that ID passes, one without fails', async () => {
		const reads = (Object.keys(ROUTES) as RouteId[]).filter((id) => {
			const row = ROUTES[id];
			return row.method === 'GET' && typeof row.permission === 'number' && !row.path.includes('{');
		});
		for (const id of reads) {
			const permission = ROUTES[id].permission as number;
			const clientId = `only-${id}`;
			t.sandbox.addClient({ clientId, clientSecret: 's', securityIds: [permission] });
			t.sandbox.addClient({ clientId: `without-${id}`, clientSecret: 's', securityIds: [] });
			const allowed = await new SandboxClient(t.sandbox, { clientId, clientSecret: 's' }).get(
				ROUTES[id].path,
			);
			const denied = await new SandboxClient(t.sandbox, {
				clientId: `without-${id}`,
				clientSecret: 's',
			}).get(ROUTES[id].path);
			expect({ id, status: allowed.status }).toEqual({ id, status: 200 });
			expectError(denied, 403, 'forbidden', FORBIDDEN.permission);
		}
		expect(reads.length).toBeGreaterThanOrEqual(20);
	});
});

describe('read-only accounts', () => {
	it('answer 403 "Account is read-only." on every POST, PUT and DELETE, and read normally', async () => {
		const readonly = t.as('readonly');
		expect((await readonly.get('/Item', { pageSize: 1 })).status).toBe(200);
		const writes: Array<[string, string, unknown]> = [
			['POST', '/Item', { itemID: 'RO-1' }],
			['PUT', '/Item', { itemID: 'SCR-00001', description: 'changed' }],
			['DELETE', '/Item/SCR-00001', undefined],
			['POST', '/Inventory/Receive', receive(1)],
			[
				'POST',
				'/Webhook',
				{
					name: 'x',
					url: 'https://127.0.0.1/x',
					events: 'item.created',
					payloadMode: 1,
					active: true,
				},
			],
			['POST', '/Location/Hold?id=A-01-03', undefined],
		];
		for (const [method, path, body] of writes) {
			const response = await readonly.request(method, path, { body });
			expectError(response, 403, 'forbidden', FORBIDDEN.readOnly);
		}
		expect(t.sandbox.store.item('SCR-00001')?.description).not.toBe('changed');
		expect(t.sandbox.store.item('SCR-00001')?.discontinued).toBe(false);
	});
});

describe('warehouse scope', () => {
	it("answers 403 for writes whose body names a warehouse outside the client's list", async () => {
		const scoped = t.as('scoped');
		const before = t.sandbox.store.materialIn.size;
		const outside = await scoped.post('/Inventory/Receive', receive(2));
		expectError(outside, 403, 'forbidden', FORBIDDEN.warehouse);
		const move = await scoped.post('/Inventory/Move', {
			itemID: 'SCR-00001',
			fromWID: 1,
			toWID: 3,
			units: 1,
		});
		expectError(move, 403, 'forbidden', FORBIDDEN.warehouse);
		expect(t.sandbox.store.materialIn.size).toBe(before);
		const inside = await scoped.post('/Inventory/Receive', receive(1));
		expect(inside.status).toBe(201);
	});

	it('answers 403 for writes to a record (location, order, asset) that lives in another warehouse', async () => {
		const scoped = t.as('scoped');
		const store = t.sandbox.store;
		const location = store.locations.rows.find((l) => l.warehouseID === 2 && !l.hold)!;
		expectError(
			await scoped.post(`/Location/Hold?id=${location.spot}`),
			403,
			'forbidden',
			FORBIDDEN.warehouse,
		);
		expect(store.locations.get(location.spot)?.hold).toBe(false);
		const elsewhere = (o: { lines: Array<{ warehouse: number }> }) =>
			o.lines.some((l) => l.warehouse !== 1);
		const po = store.purchaseOrders.rows.find((o) => elsewhere(o) && o.status === 'Open')!;
		expectError(
			await scoped.post(`/PurchaseOrder/${po.poNo}/Finalize`),
			403,
			'forbidden',
			FORBIDDEN.warehouse,
		);
		const so = store.shippingOrders.rows.find((o) => elsewhere(o) && o.status !== 'Closed')!;
		expectError(
			await scoped.put(`/ShippingOrder/${so.soNo}`, { status: 'Partial' }),
			403,
			'forbidden',
			FORBIDDEN.warehouse,
		);
		const asset = store.assets.rows.find((a) => a.warehouse !== 1)!;
		expectError(
			await scoped.put(`/Asset/${asset.shortID}`, { warehouse: 1 }),
			403,
			'forbidden',
			FORBIDDEN.warehouse,
		);
		expect(store.assets.get(asset.shortID)?.warehouse).not.toBe(1);
	});

	it('does not scope reads', async () => {
		const response = await t
			.as('scoped')
			.get<Page<{ wID: number }>>('/Inventory/3', { pageSize: 5 });
		expect(response.status).toBe(200);
		expect(response.body.value.every((row: { wID: number }) => row.wID === 3)).toBe(true);
	});
});

describe('report rights', () => {
	it('answers 403 "Report access denied." for reports outside the group\'s rights', async () => {
		const reports = t.as('reports');
		expect((await reports.get('/Report/1')).status).toBe(200);
		expectError(await reports.get('/Report/2'), 403, 'forbidden', FORBIDDEN.report);
		expectError(await reports.get('/Report/3/10'), 403, 'forbidden', FORBIDDEN.report);
		const list = await reports.get<Page<{ reportID: number }>>('/Report');
		expect(list.body.value.map((r: { reportID: number }) => r.reportID)).toEqual([1]);
	});
});

describe('order of checks', () => {
	it('401 comes before 404, 403 and validation', async () => {
		expectError(await t.demo.get('/Nothing', {}, { token: null }), 401, 'unauthorized');
		expectError(await t.as('limited').post('/Item', {}, { token: 'bogus' }), 401, 'unauthorized');
	});

	it('429 comes after 401 and before 404 and 403', async () => {
		const small = await openSandbox({ rateLimitPerMinute: 1 });
		try {
			const limited = small.as('limited');
			expect((await limited.get('/Vendor')).status).toBe(200);
			expectError(await limited.get('/Vendor', {}, { token: 'bogus' }), 401, 'unauthorized');
			expect((await limited.get('/Nothing')).status).toBe(429);
			expect((await limited.get('/Customer')).status).toBe(429);
		} finally {
			await small.sandbox.close();
		}
	});

	it('read-only 403 comes before the missing Security ID and before validation', async () => {
		// readonly lacks 116 too, and the body is invalid: it hears about being read-only.
		expectError(await t.as('readonly').post('/Item', {}), 403, 'forbidden', FORBIDDEN.readOnly);
	});

	it('permission 403 comes before validation 400 and 404', async () => {
		expectError(await t.as('limited').post('/Item', {}), 403, 'forbidden', FORBIDDEN.permission);
		expectError(
			await t.as('limited').delete('/Item/NO-SUCH-ITEM'),
			403,
			'forbidden',
			FORBIDDEN.permission,
		);
		expectError(await t.as('reports').get('/Report/999'), 403, 'forbidden', FORBIDDEN.report);
	});

	it('validation 400 comes before warehouse scope 403, which comes before 404 and 409', async () => {
		const scoped = t.as('scoped');
		const invalid = await scoped.post('/Inventory/Receive', { wID: 2, units: 1 });
		expectError(invalid, 400, 'validation_error', 'Model validation failed.');
		expect(invalid.body.details).toEqual({ itemID: ['The itemID field is required.'] });
		// Unknown item, foreign warehouse: scope first.
		expectError(
			await scoped.post('/Inventory/Receive', { itemID: 'NO-SUCH', wID: 2, units: 1 }),
			403,
			'forbidden',
			FORBIDDEN.warehouse,
		);
		// Allowed warehouse: now the unknown item is a 404.
		expectError(
			await scoped.post('/Inventory/Receive', { itemID: 'NO-SUCH', wID: 1, units: 1 }),
			404,
			'not_found',
			'Item "NO-SUCH" was not found.',
		);
		// Path records: 404 before scope, scope before 409.
		expectError(
			await scoped.post('/Location/Hold?id=Z-99-99'),
			404,
			'not_found',
			'Location Z-99-99 was not found.',
		);
		const held = t.sandbox.store.locations.rows.find((l) => l.warehouseID === 2 && l.hold)!;
		expectError(
			await scoped.post(`/Location/Hold?id=${held.spot}`),
			403,
			'forbidden',
			FORBIDDEN.warehouse,
		);
		expectError(await t.demo.post(`/Location/Hold?id=${held.spot}`), 409, 'conflict');
	});
});
