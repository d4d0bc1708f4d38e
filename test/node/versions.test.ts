/**
 * Node version 2 turned record ids into "From List / By ID" locators and made Output default to
 * Simplified. Version 1 workflows, saved with plain text ids and no Output, must show and run as before.
 */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { fromList, harness, items, type Harness } from './setup';

let h: Harness;
beforeAll(async () => (h = await harness()));
afterAll(async () => await h?.stop());

/** The parameters n8n shows for one operation in one node version (its displayOptions, @version included). */
function shown(resource: string, operation: string, version: number): INodeProperties[] {
	const description = h.nodeTypes.getByNameAndVersion(h.nodeTypes.resolve('inventoryPro'), version).description as INodeTypeDescription;
	const { NodeHelpers } = require('n8n-workflow') as typeof import('n8n-workflow');
	const node = { typeVersion: version } as never;
	const values = { resource, operation };
	return description.properties.filter((property) => NodeHelpers.displayParameter(values, property, node, description));
}

it('version 1 shows the text fields it was saved with; version 2 shows locators under the same names', () => {
	const cases = [
		['purchaseOrder', 'get', 'poNo'],
		['customer', 'update', 'customerID'],
		['webhook', 'delete', 'rec'],
		['item', 'discontinue', 'shortID'],
	] as const;
	for (const [resource, operation, name] of cases) {
		const v1 = shown(resource, operation, 1).filter((p) => p.name === name);
		const v2 = shown(resource, operation, 2).filter((p) => p.name === name);
		expect({ name, v1: v1.map((p) => p.type), v2: v2.map((p) => p.type) }).toEqual({ name, v1: ['string'], v2: ['resourceLocator'] });
	}
	expect(shown('item', 'getAll', 1).find((p) => p.name === 'output')?.default).toBe('raw');
	expect(shown('item', 'getAll', 2).find((p) => p.name === 'output')?.default).toBe('simple');
});

it('a version 1 workflow with a plain text id runs as before; version 2 takes the locator', async () => {
	const [order] = await items(h, 'purchaseOrder', 'getAll', { limit: 1, output: 'raw' });
	const v1 = await items(h, 'purchaseOrder', 'get', { poNo: String(order.poNo) }, { typeVersion: 1 });
	expect(v1).toEqual([expect.objectContaining({ poNo: order.poNo, lines: expect.any(Array) })]);
	const v2 = await items(h, 'purchaseOrder', 'get', { poNo: fromList(order.poNo as number), output: 'raw' }, { typeVersion: 2 });
	expect(v2).toEqual(v1);
	const [item] = await items(h, 'item', 'getAll', { limit: 1, output: 'raw' });
	const discontinued = await items(h, 'item', 'discontinue', { shortID: String(item.shortID) }, { typeVersion: 1 });
	expect(discontinued[0]).toEqual(expect.objectContaining({ shortID: item.shortID, discontinued: true }));
});
