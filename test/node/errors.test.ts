/**
 * What goes wrong, and how the node says so: bad input stopped before any request (naming the field),
 * the service's 400/403/409 answers passed on readably, and continueOnFail per item.
 */
import type { INodeParameters } from 'n8n-workflow';

import { DEMO_CLIENTS } from '../../sandbox';
import { byId, capture, harness, items, runOp, type Harness } from './setup';

let h: Harness;
let readonlyCredential: string;
let scopedCredential: string;
let reportsCredential: string;

const secretOf = (clientId: string) =>
	DEMO_CLIENTS.find((client) => client.clientId === clientId)!.clientSecret;

beforeAll(async () => {
	h = await harness();
	readonlyCredential = h.addCredential(
		h.credential({ clientId: 'readonly', clientSecret: secretOf('readonly') }),
	);
	scopedCredential = h.addCredential(
		h.credential({ clientId: 'scoped', clientSecret: secretOf('scoped') }),
	);
	reportsCredential = h.addCredential(
		h.credential({ clientId: 'reports', clientSecret: secretOf('reports') }),
	);
});
afterAll(async () => await h?.stop());

const existingItem = () => h.sandbox.store.items.rows.find((item) => !item.discontinued)!.shortID;

describe('sort columns the service judges', () => {
	it('sends any column as given; the service\'s 400 "Invalid sort column or direction." names Sort Column and the column', async () => {
		const { result, requests } = await capture(h, () =>
			runOp(h, 'customer', 'getAll', {
				returnAll: true,
				filters: { sort: 'colour' },
			}),
		);
		expect(requests.map((request) => [request.query.sort, request.status])).toEqual([
			['colour', 400],
		]);
		expect(result.error?.message).toBe(
			'Sort Column (sort) "colour" was refused by the service: Invalid sort column or direction.',
		);
		expect(result.error?.description).toContain('/Customer does not sort by "colour"');
	});

	it('a documented column picked from the list is sent and sorts: Customer by shortID descending', async () => {
		const { result: records, requests } = await capture(h, () =>
			items(h, 'customer', 'getAll', {
				returnAll: true,
				filters: { sort: 'shortID', direction: 'DESC' },
				output: 'raw',
			}),
		);
		expect(requests[0].query).toEqual(
			expect.objectContaining({ sort: 'shortID', direction: 'DESC' }),
		);
		const keys = records.map((record) => String(record.shortID));
		expect(keys).toEqual([...keys].sort().reverse());
		expect(keys).toContain('ACME-CORP');
	});

	it('takes any column from an expression, sent as the expression gives it', async () => {
		for (const sort of ['={{ "city".toUpperCase() }}', '={{ "ci" + "ty" }}']) {
			const { requests } = await capture(h, () =>
				items(h, 'vendor', 'getAll', { returnAll: true, filters: { sort }, output: 'raw' }),
			);
			expect(requests.map((request) => [request.query.sort, request.status])).toEqual([
				['city', 200],
			]);
		}
	});
});

describe('bad input is refused before any request, naming the field', () => {
	const cases: Array<[string, string, string, INodeParameters, RegExp]> = [
		[
			'a date that is not ISO 8601',
			'item',
			'getAll',
			{ returnAll: true, filters: { modifiedSince: 'yesterday' } },
			/modifiedSince.*ISO 8601/,
		],
		[
			'a direction other than ASC/DESC',
			'customer',
			'getAll',
			{ returnAll: true, filters: { direction: 'UPWARDS' } },
			/direction/,
		],
		[
			'a sort value that is not one column',
			'vendor',
			'getAll',
			{ returnAll: true, filters: { sort: 'name, city' } },
			/Sort Column \(sort\) must be one column name/,
		],
		[
			'startDate after endDate',
			'workOrder',
			'getAll',
			{ returnAll: true, filters: { startDate: '2025-06-01', endDate: '2025-01-01' } },
			/startDate/,
		],
		['a limit of zero', 'item', 'getAll', { returnAll: false, limit: 0 }, /Limit \(limit\)/],
		[
			'a missing required body field',
			'item',
			'create',
			{ itemID: '  ' },
			/Item \(itemID\) is required/,
		],
		[
			'a record number that is not one',
			'webhook',
			'get',
			{ rec: 'abc' },
			/\(rec\) must be a number/,
		],
		['a text key left blank', 'customer', 'get', { shortID: '  ' }, /\(shortID\) is required/],
		[
			'a warehouse ID of zero',
			'inventory',
			'receive',
			{ itemID: 'X', wID: byId(0), units: 1 },
			/wID.*greater than zero/,
		],
		[
			'an update with nothing to change',
			'vendor',
			'update',
			{ shortID: 'ACME-FASTENERS', updateFields: {} },
			/updateFields/,
		],
		[
			'a report count above 1000',
			'report',
			'getLatestRows',
			{ reportID: byId(1), count: 1001 },
			/Count \(count\) must be between 1 and 1000/,
		],
		[
			'an order date that is not a date',
			'purchaseOrder',
			'create',
			{
				vendor: 'ACME-FASTENERS',
				lines: { line: [{ shortID: 'X', units: 1, warehouse: 1 }] },
				additionalFields: { orderDate: 'next week' },
			},
			/orderDate/,
		],
		[
			'an order without lines',
			'shippingOrder',
			'create',
			{ customer: 'ACME-CORP', lines: {} },
			/Lines \(lines\) needs at least one line/,
		],
		[
			'a webhook URL over plain HTTP',
			'webhook',
			'create',
			{
				name: 'x',
				url: 'http://example.com/hook',
				events: ['item.created'],
				payloadMode: 1,
				active: true,
			},
			/URL \(url\) must be an https/,
		],
		[
			'a webhook without events',
			'webhook',
			'create',
			{
				name: 'x',
				url: 'https://example.com/hook',
				events: '={{ [] }}',
				payloadMode: 1,
				active: true,
			},
			/Events \(events\) needs at least one/,
		],
		[
			'webhook headers that are not text',
			'webhook',
			'create',
			{
				name: 'x',
				url: 'https://example.com/hook',
				events: ['item.created'],
				payloadMode: 1,
				active: true,
				additionalFields: { headers: '{"X-Count": 3}' },
			},
			/headers/,
		],
		[
			'a custom body that is not JSON',
			'customApi',
			'request',
			{ method: 'POST', path: '/Item', body: '{itemID:' },
			/JSON Body|body/,
		],
		[
			'a custom path with a host',
			'customApi',
			'request',
			{ method: 'GET', path: 'https://elsewhere.example/api' },
			/path/,
		],
	];

	it.each(cases)('%s', async (_, resource, operation, parameters, message) => {
		const { result, requests } = await capture(h, () => runOp(h, resource, operation, parameters));
		expect(result.error?.message).toMatch(message);
		expect(requests).toEqual([]);
	});
});

describe('filters the spec does not support', () => {
	it.each([
		['inventory', 'getAll', {}],
		['warehouse', 'getItems', { warehouseID: byId(1) }],
	])(
		'modifiedSince never reaches %s.%s (the service would answer 400)',
		async (resource, operation, extra) => {
			// Not offered there; a saved workflow carrying it anyway has it dropped by n8n's parameter layer.
			const { result, requests } = await capture(h, () =>
				runOp(h, resource, operation, {
					...extra,
					returnAll: false,
					limit: 2,
					filters: { modifiedSince: '2025-01-01T00:00:00Z' },
				}),
			);
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(2);
			expect(requests.map((request) => [request.status, 'modifiedSince' in request.query])).toEqual(
				[[200, false]],
			);
		},
	);

	it('a required field left empty is refused by n8n itself before the node runs', async () => {
		const { result, requests } = await capture(h, async () => {
			try {
				await runOp(h, 'webhook', 'create', {
					name: 'x',
					url: 'https://example.com/hook',
					events: [],
					payloadMode: 1,
					active: true,
				});
				return undefined;
			} catch (error) {
				return error as Error;
			}
		});
		expect(result?.message).toMatch(/Parameter "Events" is required/);
		expect(requests).toEqual([]);
	});
});

describe('the service says no', () => {
	it('409 for a duplicate shortID, with the service message', async () => {
		const shortID = existingItem();
		const { result, requests } = await capture(h, () =>
			runOp(h, 'item', 'create', { itemID: shortID }),
		);
		expect(requests.map((request) => request.status)).toEqual([409]);
		expect(result.error?.httpCode).toBe('409');
		expect(result.error?.message).toBe(`An item with ID "${shortID}" already exists.`);
	});

	it('400 validation_error with its details per field', async () => {
		const { result, requests } = await capture(h, () =>
			runOp(h, 'customApi', 'request', { method: 'POST', path: '/Item', body: '{}' }),
		);
		expect(requests.map((request) => [request.path, request.status])).toEqual([
			['/api/v2/Item', 400],
		]);
		expect(result.error?.message).toBe('Model validation failed.');
		expect(result.error?.description).toMatch(/^itemID: /m);
	});

	it('403 for a read-only account', async () => {
		const { result, requests } = await capture(h, () =>
			runOp(
				h,
				'item',
				'update',
				{ itemID: existingItem(), updateFields: { description: 'x' } },
				{ credentials: readonlyCredential },
			),
		);
		expect(requests.map((request) => [request.method, request.status])).toEqual([['PUT', 403]]);
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toBe('Account is read-only.');
	});

	it('403 for a warehouse outside the client scope, while its own warehouse works', async () => {
		const receive = (warehouseID: number) =>
			runOp(
				h,
				'inventory',
				'receive',
				{ itemID: existingItem(), wID: byId(warehouseID), units: 1 },
				{ credentials: scopedCredential },
			);
		const outside = await capture(h, () => receive(2));
		expect(outside.requests.map((request) => request.status)).toEqual([403]);
		expect(outside.result.error?.message).toBe(
			"Warehouse is outside the client's authorized scope.",
		);
		const inside = await receive(1);
		expect(inside.error).toBeUndefined();
		expect(inside.items[0]).toEqual(expect.objectContaining({ wID: 1, type: 'Receipt' }));
	});

	it('403 for a report the group may not run', async () => {
		const result = await runOp(
			h,
			'report',
			'run',
			{ reportID: byId(2), returnAll: true },
			{ credentials: reportsCredential },
		);
		expect(result.error?.message).toBe('Report access denied.');
		expect(result.error?.httpCode).toBe('403');
	});

	it('never shows the client secret or the token in an error', async () => {
		const result = await runOp(
			h,
			'item',
			'update',
			{ itemID: existingItem(), updateFields: { units: 2 } },
			{ credentials: readonlyCredential },
		);
		const shown = JSON.stringify({
			message: result.error?.message,
			description: result.error?.description,
			context: result.error?.context,
		});
		expect(shown).not.toContain(secretOf('readonly'));
		expect(shown).not.toMatch(/Bearer/i);
	});
});

describe('continue on fail', () => {
	const inputItems = () => [
		{ id: existingItem() },
		{ id: 'NO-SUCH-ITEM' },
		{ id: h.sandbox.store.items.rows[10].shortID },
	];
	const parameters = {
		resource: 'item',
		operation: 'get',
		key: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
	};

	it('puts the error into the failed item and goes on with the rest', async () => {
		const result = await h.run({
			type: 'inventoryPro',
			parameters,
			inputItems: inputItems(),
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items[0].shortID).toBe(inputItems()[0].id);
		expect(result.items[1]).toEqual({
			error: 'Item "NO-SUCH-ITEM" was not found.',
			description: expect.any(String),
			httpCode: '404',
		});
		expect(result.items[2].shortID).toBe(inputItems()[2].id);
	});

	it('pairs many outputs and the failed item with their inputs', async () => {
		const result = await h.run({
			type: 'inventoryPro',
			parameters: {
				resource: 'customer',
				operation: 'getAll',
				returnAll: false,
				limit: '={{ $json.limit }}',
			},
			inputItems: [{ limit: 2 }, { limit: 'many' }, { limit: 3 }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		const output = result.runData['Under Test'][0].data!.main[0]!;
		expect(output.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 2 },
			{ item: 2 },
		]);
		expect(output[2].json.error).toMatch(/^Limit \(limit\) must be a number/);
	});

	it('also for bad input of one item', async () => {
		const result = await h.run({
			type: 'inventoryPro',
			parameters: { resource: 'customer', operation: 'get', shortID: '={{ $json.id }}' },
			inputItems: [{ id: 'ACME-CORP' }, { id: ' ' }],
			continueOnFail: true,
		});
		expect(result.items[0].shortID).toBe('ACME-CORP');
		expect(result.items[1].error).toMatch(/shortID/);
	});

	it('without it, stops at the failing item and says which', async () => {
		const { result, requests } = await capture(h, () =>
			h.run({ type: 'inventoryPro', parameters, inputItems: inputItems() }),
		);
		expect(result.error?.message).toBe('Item "NO-SUCH-ITEM" was not found.');
		expect(result.error?.context?.itemIndex).toBe(1);
		expect(requests).toHaveLength(2);
	});
});
