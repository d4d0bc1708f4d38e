/**
 * Node version 2 turned record ids into "From List / By ID" locators and made Output default to
 * Simplified. Version 1 workflows, saved with plain text ids and no Output, must show and run as before.
 */
import type { INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { workflowLib } from '../harness/n8n';
import { byId, capture, fromList, harness, items, runOp, type Harness } from './setup';

let h: Harness;
beforeAll(async () => (h = await harness()));
afterAll(async () => await h?.stop());

/** The parameters n8n shows for one operation in one node version (its displayOptions, @version included). */
function shown(resource: string, operation: string, version: number): INodeProperties[] {
	const description = h.nodeTypes.getByNameAndVersion(h.nodeTypes.resolve('inventoryPro'), version)
		.description as INodeTypeDescription;
	const { NodeHelpers } = workflowLib;
	const node = { typeVersion: version } as never;
	const values = { resource, operation };
	return description.properties.filter((property) =>
		NodeHelpers.displayParameter(values, property, node, description),
	);
}

it('version 1 shows the text fields it was saved with; version 2 shows locators under the same names', () => {
	const cases = [
		['purchaseOrder', 'get', 'poNo'],
		['customer', 'update', 'shortID'],
		['webhook', 'delete', 'rec'],
		['item', 'discontinue', 'shortID'],
	] as const;
	for (const [resource, operation, name] of cases) {
		const v1 = shown(resource, operation, 1).filter((p) => p.name === name);
		const v2 = shown(resource, operation, 2).filter((p) => p.name === name);
		expect({ name, v1: v1.map((p) => p.type), v2: v2.map((p) => p.type) }).toEqual({
			name,
			v1: ['string'],
			v2: ['resourceLocator'],
		});
	}
	expect(shown('item', 'getAll', 1).find((p) => p.name === 'output')?.default).toBe('raw');
	expect(shown('item', 'getAll', 2).find((p) => p.name === 'output')?.default).toBe('simple');
});

it('a version 1 workflow with a plain text id runs as before; version 2 takes the locator', async () => {
	const [order] = await items(h, 'purchaseOrder', 'getAll', { limit: 1, output: 'raw' });
	const v1 = await items(
		h,
		'purchaseOrder',
		'get',
		{ poNo: String(order.poNo) },
		{ typeVersion: 1 },
	);
	expect(v1).toEqual([expect.objectContaining({ poNo: order.poNo, lines: expect.any(Array) })]);
	const v2 = await items(
		h,
		'purchaseOrder',
		'get',
		{ poNo: fromList(order.poNo as string), output: 'raw' },
		{ typeVersion: 2 },
	);
	expect(v2).toEqual(v1);
	const [item] = await items(h, 'item', 'getAll', { limit: 1, output: 'raw' });
	const discontinued = await items(
		h,
		'item',
		'discontinue',
		{ shortID: String(item.shortID) },
		{ typeVersion: 1 },
	);
	expect(discontinued[0]).toEqual(
		expect.objectContaining({ shortID: item.shortID, discontinued: true }),
	);
});

describe('records a body names (node version 2: locators; version 1: the plain fields it was saved with)', () => {
	const lineItem = (props: INodeProperties[]) => {
		const lines = props.find((p) => p.name === 'lines');
		const line = (
			lines?.options as Array<{ name: string; values: INodeProperties[] }> | undefined
		)?.[0];
		return line?.values.find((value) => value.name === 'shortID')?.type;
	};

	it('version 1 shows text and number fields; version 2 shows locators under the same names, order lines included', () => {
		const cases = [
			['purchaseOrder', 'create', 'vendor', 'string'],
			['shippingOrder', 'create', 'customer', 'string'],
			['item', 'update', 'itemID', 'string'],
			['inventory', 'receive', 'itemID', 'string'],
			['inventory', 'move', 'itemID', 'string'],
			['inventory', 'issue', 'itemID', 'string'],
		] as const;
		for (const [resource, operation, name, plain] of cases) {
			const v1 = shown(resource, operation, 1).filter((p) => p.name === name);
			const v2 = shown(resource, operation, 2).filter((p) => p.name === name);
			expect({ resource, operation, v1: v1.map((p) => p.type), v2: v2.map((p) => p.type) }).toEqual(
				{
					resource,
					operation,
					v1: [plain],
					v2: ['resourceLocator'],
				},
			);
		}
		for (const resource of ['purchaseOrder', 'shippingOrder']) {
			expect([
				resource,
				lineItem(shown(resource, 'create', 1)),
				lineItem(shown(resource, 'create', 2)),
			]).toEqual([resource, 'string', 'resourceLocator']);
		}
	});

	it('Item › Get: version 1 keeps key + type; version 2 names the item From List, By ID (shortID) or By Alias', () => {
		const v1 = shown('item', 'get', 1).filter((p) => ['key', 'type'].includes(p.name));
		expect(v1.map((p) => [p.name, p.type])).toEqual([
			['key', 'string'],
			['type', 'options'],
		]);
		const v2 = shown('item', 'get', 2).filter((p) => ['key', 'type'].includes(p.name));
		expect(v2.map((p) => [p.name, p.type])).toEqual([['key', 'resourceLocator']]);
		expect(v2[0].modes?.map((mode) => mode.name)).toEqual(['list', 'id', 'alias']);
	});

	it('a version 1 order with plain ids sends the same body as version 2 with locators', async () => {
		const vendor = h.sandbox.store.vendors.rows.find((row) => row.active)!.shortID;
		const [a, b] = h.sandbox.store.items.rows
			.filter((item) => !item.discontinued)
			.map((item) => item.shortID);
		const order = (parameters: INodeParameters, typeVersion: number) =>
			capture(h, () => items(h, 'purchaseOrder', 'create', parameters, { typeVersion }));
		const v1 = await order(
			{
				vendor,
				lines: {
					line: [
						{ shortID: a, units: 2, warehouse: 1 },
						{ shortID: b, units: 1, warehouse: 1 },
					],
				},
			},
			1,
		);
		const v2 = await order(
			{
				vendor: fromList(vendor),
				lines: {
					line: [
						{ shortID: fromList(a), units: 2, warehouse: 1 },
						{ shortID: byId(b), units: 1, warehouse: 1 },
					],
				},
			},
			2,
		);
		expect(v1.requests.map((r) => r.body)).toEqual([
			{
				vendor,
				lines: [
					{ shortID: a, units: 2, warehouse: 1 },
					{ shortID: b, units: 1, warehouse: 1 },
				],
			},
		]);
		expect(v2.requests.map((r) => r.body)).toEqual(v1.requests.map((r) => r.body));
	});

	it('stock moves and item updates take the item from a locator', async () => {
		const shortID = h.sandbox.store.items.rows.find((item) => !item.discontinued)!.shortID;
		const received = await capture(h, () =>
			items(
				h,
				'inventory',
				'receive',
				{ itemID: fromList(shortID), wID: byId(1), units: 3 },
				{ typeVersion: 2 },
			),
		);
		expect(received.requests.map((r) => r.body)).toEqual([{ itemID: shortID, wID: 1, units: 3 }]);
		const updated = await capture(h, () =>
			items(
				h,
				'item',
				'update',
				{ itemID: byId(shortID), updateFields: { description: 'Picked from a list' } },
				{ typeVersion: 2 },
			),
		);
		expect(updated.requests.map((r) => r.body)).toEqual([
			{ itemID: shortID, description: 'Picked from a list' },
		]);
	});

	it('Item › Get finds the same item by short ID and by alias (type=alias), in version 1 and version 2', async () => {
		const { shortID, partNo } = h.sandbox.store.items.rows[7];
		const alias = shortID.replace('-', '');
		const get = (parameters: INodeParameters, typeVersion: number) =>
			capture(h, () => items(h, 'item', 'get', { ...parameters, output: 'raw' }, { typeVersion }));
		const runs = [
			await get({ key: shortID, type: 'id' }, 1),
			await get({ key: alias, type: 'alias' }, 1),
			await get({ key: byId(shortID) }, 2),
			await get({ key: fromList(shortID) }, 2),
			await get({ key: { __rl: true, mode: 'alias', value: alias } }, 2),
		];
		expect(runs.map((run) => run.requests.map((r) => r.query))).toEqual([
			[{ key: shortID, type: 'id' }],
			[{ key: alias, type: 'alias' }],
			[{ key: shortID, type: 'id' }],
			[{ key: shortID, type: 'id' }],
			[{ key: alias, type: 'alias' }],
		]);
		for (const run of runs)
			expect(run.result).toEqual([expect.objectContaining({ shortID, partNo })]);
	});

	// Values from expressions: n8n checks a typed value itself (required, the mode's pattern) before the node runs.
	const expr = (mode: string, expression: string) => ({
		__rl: true,
		mode,
		value: `={{ ${expression} }}`,
	});
	it.each([
		[
			'an order line without an item',
			'purchaseOrder',
			'create',
			{
				vendor: fromList('ACME-FASTENERS'),
				lines: { line: [{ shortID: expr('list', '" "'), units: 1, warehouse: 1 }] },
			},
			'Short ID (shortID) is required',
		],
		[
			'a customer left empty',
			'shippingOrder',
			'create',
			{
				customer: expr('list', '""'),
				lines: { line: [{ shortID: byId('X'), units: 1, warehouse: 1 }] },
			},
			'Customer (customer) is required',
		],
		[
			'a stock move without an item',
			'inventory',
			'move',
			{ itemID: expr('id', 'null'), fromWID: byId(1), toWID: byId(2), units: 1 },
			'Item ID (itemID) is required',
		],
		['an alias left blank', 'item', 'get', { key: expr('alias', '" "') }, 'Item Key (key)'],
	] as const)(
		'%s fails before any request, naming the field',
		async (_case, resource, operation, parameters, message) => {
			const { result, requests } = await capture(h, () =>
				runOp(h, resource, operation, parameters as unknown as INodeParameters, { typeVersion: 2 }),
			);
			expect(result.error?.message).toContain(message);
			expect(requests).toEqual([]);
		},
	);
});
