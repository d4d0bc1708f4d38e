/**
 * Records are named with "From List / By ID" locators (Item › Get also By Alias): what n8n shows for each
 * and what the node sends. The node has one version (issue 39 dropped the unreleased version 1).
 */
import type { INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { workflowLib } from '../harness/n8n';
import { byId, capture, fromList, harness, items, runOp, type Harness } from './setup';

let h: Harness;
beforeAll(async () => (h = await harness()));
afterAll(async () => await h?.stop());

/** The parameters n8n shows for one operation (its displayOptions, as n8n evaluates them). */
function shown(resource: string, operation: string): INodeProperties[] {
	const description = h.nodeTypes.getByNameAndVersion(h.nodeTypes.resolve('inventoryPro'), 2)
		.description as INodeTypeDescription;
	const { NodeHelpers } = workflowLib;
	const node = { typeVersion: 2 } as never;
	const values = { resource, operation };
	return description.properties.filter((property) =>
		NodeHelpers.displayParameter(values, property, node, description),
	);
}

describe('records a body or a path names', () => {
	const lineItem = (props: INodeProperties[]) => {
		const lines = props.find((p) => p.name === 'lines');
		const line = (
			lines?.options as Array<{ name: string; values: INodeProperties[] }> | undefined
		)?.[0];
		return line?.values.find((value) => value.name === 'shortID')?.type;
	};

	it('are shown as one locator each, order lines included, and Output defaults to Simplified', () => {
		const cases = [
			['purchaseOrder', 'get', 'poNo'],
			['purchaseOrder', 'create', 'vendor'],
			['shippingOrder', 'create', 'customer'],
			['customer', 'update', 'shortID'],
			['webhook', 'delete', 'rec'],
			['item', 'discontinue', 'shortID'],
			['item', 'update', 'itemID'],
			['inventory', 'receive', 'itemID'],
			['inventory', 'move', 'itemID'],
			['inventory', 'issue', 'itemID'],
		] as const;
		for (const [resource, operation, name] of cases) {
			const types = shown(resource, operation)
				.filter((p) => p.name === name)
				.map((p) => p.type);
			expect({ resource, operation, types }).toEqual({
				resource,
				operation,
				types: ['resourceLocator'],
			});
		}
		for (const resource of ['purchaseOrder', 'shippingOrder'])
			expect([resource, lineItem(shown(resource, 'create'))]).toEqual([
				resource,
				'resourceLocator',
			]);
		expect(shown('item', 'getAll').find((p) => p.name === 'output')?.default).toBe('simple');
		expect(shown('inventory', 'getAll').find((p) => p.name === 'output')?.default).toBe('simple');
	});

	it('Item › Get names the item From List, By ID (shortID) or By Alias, and nothing else', () => {
		const key = shown('item', 'get').filter((p) => ['key', 'type'].includes(p.name));
		expect(key.map((p) => [p.name, p.type])).toEqual([['key', 'resourceLocator']]);
		expect(key[0].modes?.map((mode) => mode.name)).toEqual(['list', 'id', 'alias']);
	});

	it('a stock movement sends the locations and the reason code its locators hold, whichever mode', async () => {
		const shortID = h.sandbox.store.items.rows.find((item) => !item.discontinued)!.shortID;
		const spotIn = (warehouseID: number) =>
			h.sandbox.store.locations.rows.find(
				(location) => location.warehouseID === warehouseID && !location.hold,
			)!.spot;
		const received = await capture(h, () =>
			items(h, 'inventory', 'receive', {
				itemID: fromList(shortID),
				wID: fromList(1),
				units: 5,
				additionalFields: { spot: fromList(spotIn(1)), reasonCode: fromList('RECEIPT') },
			}),
		);
		const moved = await capture(h, () =>
			items(h, 'inventory', 'move', {
				itemID: byId(shortID),
				fromWID: byId(1),
				toWID: fromList(2),
				units: 2,
				additionalFields: { fromSpot: byId(spotIn(1)), toSpot: fromList(spotIn(2)) },
			}),
		);
		const issued = await capture(h, () =>
			items(h, 'inventory', 'issue', {
				itemID: byId(shortID),
				wID: byId(1),
				units: 1,
				additionalFields: {
					spot: fromList(spotIn(1)),
					reasonCode: { __rl: true, mode: 'code', value: 'SCRAP' },
				},
			}),
		);
		expect([received, moved, issued].map((run) => run.requests.map((r) => r.body))).toEqual([
			[{ itemID: shortID, wID: 1, units: 5, spot: spotIn(1), reasonCode: 'RECEIPT' }],
			[{ itemID: shortID, fromWID: 1, toWID: 2, units: 2, fromSpot: spotIn(1), toSpot: spotIn(2) }],
			[{ itemID: shortID, wID: 1, units: 1, spot: spotIn(1), reasonCode: 'SCRAP' }],
		]);
	});

	it('an asset sends the asset type, warehouse and location its locators hold', async () => {
		const location = h.sandbox.store.locations.rows.find((row) => row.warehouseID === 3)!;
		const typeID = h.sandbox.store.assetTypes.rows[0].typeID;
		const created = await capture(h, () =>
			items(h, 'asset', 'create', {
				shortID: 'PICKED-ASSET-1',
				additionalFields: {
					assetType: fromList(typeID),
					warehouse: byId(3),
					location: fromList(location.spot),
				},
			}),
		);
		expect(created.requests.map((r) => r.body)).toEqual([
			{ shortID: 'PICKED-ASSET-1', assetType: typeID, warehouse: 3, location: location.spot },
		]);
	});

	it('filters name records with locators too, and an empty one is no filter', async () => {
		const read = async (resource: string, filters: INodeParameters) =>
			(await capture(h, () => items(h, resource, 'getAll', { limit: 1, filters }))).requests.map(
				(r) => [r.path, r.query.Category ?? r.query.wid ?? null],
			);
		expect(await read('item', { categoryID: fromList(2) })).toEqual([['/api/v2/Item', '2']]);
		expect(await read('item', { categoryID: fromList('') })).toEqual([['/api/v2/Item', null]]);
		expect(await read('location', { wid: byId(3) })).toEqual([['/api/v2/Location', '3']]);
		expect(await read('location', { wid: fromList('') })).toEqual([['/api/v2/Location', null]]);
		expect(await read('inventory', { warehouseID: fromList(2) })).toEqual([
			['/api/v2/Inventory/2', null],
		]);
		expect(await read('inventory', { warehouseID: fromList('') })).toEqual([
			['/api/v2/Inventory', null],
		]);
	});

	it('an order sends the ids its locators hold, whichever mode', async () => {
		const vendor = h.sandbox.store.vendors.rows.find((row) => row.active)!.shortID;
		const [a, b] = h.sandbox.store.items.rows
			.filter((item) => !item.discontinued)
			.map((item) => item.shortID);
		const order = await capture(h, () =>
			items(h, 'purchaseOrder', 'create', {
				vendor: fromList(vendor),
				lines: {
					line: [
						{ shortID: fromList(a), units: 2, warehouse: fromList(1) },
						{ shortID: byId(b), units: 1, warehouse: byId(2) },
					],
				},
			}),
		);
		expect(order.requests.map((r) => r.body)).toEqual([
			{
				vendor,
				lines: [
					{ shortID: a, units: 2, warehouse: 1 },
					{ shortID: b, units: 1, warehouse: 2 },
				],
			},
		]);
	});

	it('a purchase order is read by the number its locator holds', async () => {
		const [order] = await items(h, 'purchaseOrder', 'getAll', { limit: 1, output: 'raw' });
		const read = await items(h, 'purchaseOrder', 'get', {
			poNo: fromList(order.poNo as string),
			output: 'raw',
		});
		expect(read).toEqual([expect.objectContaining({ poNo: order.poNo, lines: expect.any(Array) })]);
	});

	it('stock moves and item updates take the item from a locator', async () => {
		const shortID = h.sandbox.store.items.rows.find((item) => !item.discontinued)!.shortID;
		const received = await capture(h, () =>
			items(h, 'inventory', 'receive', { itemID: fromList(shortID), wID: byId(1), units: 3 }),
		);
		expect(received.requests.map((r) => r.body)).toEqual([{ itemID: shortID, wID: 1, units: 3 }]);
		const updated = await capture(h, () =>
			items(h, 'item', 'update', {
				itemID: byId(shortID),
				updateFields: { description: 'Picked from a list' },
			}),
		);
		expect(updated.requests.map((r) => r.body)).toEqual([
			{ itemID: shortID, description: 'Picked from a list' },
		]);
	});

	it('Item › Get finds the same item by short ID, from the list and by alias (type=alias)', async () => {
		const { shortID, partNo } = h.sandbox.store.items.rows[7];
		const alias = shortID.replace('-', '');
		const get = (key: INodeParameters[string]) =>
			capture(h, () => items(h, 'item', 'get', { key, output: 'raw' }));
		const runs = [
			await get(byId(shortID)),
			await get(fromList(shortID)),
			await get({ __rl: true, mode: 'alias', value: alias }),
		];
		expect(runs.map((run) => run.requests.map((r) => r.query))).toEqual([
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
			'Item (itemID) is required',
		],
		['an alias left blank', 'item', 'get', { key: expr('alias', '" "') }, 'Item (key)'],
	] as const)(
		'%s fails before any request, naming the field',
		async (_case, resource, operation, parameters, message) => {
			const { result, requests } = await capture(h, () =>
				runOp(h, resource, operation, parameters as unknown as INodeParameters),
			);
			expect(result.error?.message).toContain(message);
			expect(requests).toEqual([]);
		},
	);
});
