/** The error envelope for every error code of the spec, fault injection and switched-off endpoints. */
import { expectError, openSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeAll(async () => {
	t = await openSandbox({ disabledEndpoints: ['asset.create'] });
});
afterAll(() => t.sandbox.close());

describe('every error code of the spec is reachable', () => {
	it.each([
		['bad_request', 400, () => t.demo.get('/Item', { page: 0 })],
		['validation_error', 400, () => t.demo.post('/Item', {})],
		['unauthorized', 401, () => t.demo.get('/Item', {}, { token: null })],
		['forbidden', 403, () => t.as('limited').get('/Customer')],
		['not_found', 404, () => t.demo.get('/Customer/99999')],
		['conflict', 409, () => t.demo.post('/Item', { itemID: 'SCR-00001' })],
		['not_implemented', 501, () => t.demo.post('/Asset', { assetTag: 'NI-1' })],
	] as const)('%s (%i) with the envelope', async (error, status, call) => {
		const response = await call();
		expectError(response, status, error);
		expect(typeof response.body.message).toBe('string');
		expect(response.body.message.length).toBeGreaterThan(0);
		if (error === 'validation_error')
			expect(Object.keys(response.body.details ?? {}).length).toBeGreaterThan(0);
	});

	it('rate_limited (429) is the one failure without an envelope', async () => {
		t.sandbox.failNext('warehouse.list', 'rate_limited');
		const response = await t.demo.get('/Warehouse');
		expect(response.status).toBe(429);
		expect(response.body).toEqual({ message: 'Rate Limit Exceeded. 1000000 per Minute.' });
		expect(response.headers['retry-after']).toBe('60');
	});
});

describe('failNext', () => {
	it('answers the next request to the endpoint with 500 internal_error, then serves normally', async () => {
		t.sandbox.failNext('item.list');
		const failed = await t.demo.get('/Item');
		expectError(failed, 500, 'internal_error', 'An error has occurred.');
		expect((await t.demo.get('/Item')).status).toBe(200);
	});

	it('repeats `times` times with the chosen code, and only for that endpoint', async () => {
		t.sandbox.failNext('vendor.list', 'not_implemented', 2);
		expect((await t.demo.get('/Customer')).status).toBe(200);
		expectError(await t.demo.get('/Vendor'), 501, 'not_implemented');
		expectError(await t.demo.get('/Vendor'), 501, 'not_implemented');
		expect((await t.demo.get('/Vendor')).status).toBe(200);
	});

	it('applies to token requests with "token"', async () => {
		t.sandbox.failNext('token', 'internal_error');
		expectError(await t.demo.requestToken(), 500, 'internal_error');
		expect((await t.demo.requestToken()).status).toBe(200);
	});

	it('leaves the store untouched when it fails a write', async () => {
		t.sandbox.failNext('item.create');
		const count = t.sandbox.store.items.size;
		expectError(await t.demo.post('/Item', { itemID: 'FAULTY-1' }), 500, 'internal_error');
		expect(t.sandbox.store.items.size).toBe(count);
		expect(t.sandbox.store.item('FAULTY-1')).toBeUndefined();
	});
});

describe('disabledEndpoints', () => {
	it('answers 501 for a switched-off endpoint after authentication and permission checks', async () => {
		const response = await t.demo.post('/Asset', { shortID: 'NI-2' });
		expectError(
			response,
			501,
			'not_implemented',
			'POST /Asset is not available on this deployment.',
		);
		expectError(
			await t.as('readonly').post('/Asset', { shortID: 'NI-3' }),
			403,
			'forbidden',
			'Account is read-only.',
		);
		expect(t.sandbox.store.assets.rows.some((a) => a.shortID.startsWith('NI-'))).toBe(false);
		// The rest of the resource still works.
		expect((await t.demo.get('/Asset')).status).toBe(200);
	});
});

describe('the request log', () => {
	it('records method, path, query, body, client, endpoint and status of what the sandbox received', async () => {
		await t.demo.put('/Item', { itemID: 'SCR-00001', description: 'Logged' }, {});
		await t.demo.get('/Item', { page: 2, pageSize: 10 });
		const [put, get] = t.sandbox.requests.slice(-2);
		expect(put).toMatchObject({
			method: 'PUT',
			path: '/api/v2/Item',
			body: { itemID: 'SCR-00001', description: 'Logged' },
			clientId: 'demo',
			endpointId: 'item.update',
			status: 200,
		});
		expect(get).toMatchObject({
			method: 'GET',
			path: '/api/v2/Item',
			query: { page: '2', pageSize: '10' },
			endpointId: 'item.list',
			status: 200,
		});
		expect(put.at).toBe(t.clock.now());
	});
});
