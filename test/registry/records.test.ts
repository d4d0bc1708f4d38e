/** The record-kind registry (nodes/shared/records.ts) and the code that reads it instead of names. */
import { ENDPOINTS, type EndpointId } from '../../nodes/shared/endpoints';
import { kindOfList, RECORDS, type RecordKindSpec } from '../../nodes/shared/records';
import { findWatchable, WATCHABLE } from '../../nodes/shared/changes/watchable';
import type { INodeProperties } from 'n8n-workflow';

import { InventoryPro } from '../../nodes/InventoryPro/InventoryPro.node';

const kinds = Object.entries(RECORDS) as Array<[string, RecordKindSpec]>;

describe('each kind states itself once', () => {
	it.each(kinds)(
		'%s: Simplified starts with the key and the label, and keeps only documented fields',
		(_kind, spec) => {
			expect(spec.simple.slice(0, 2)).toEqual([spec.key, spec.label]);
			for (const field of spec.simple) expect(spec.fields).toContain(field);
			expect(spec.fields).toContain(spec.key);
			if (spec.done !== undefined) expect(spec.statuses).toContain(spec.done);
		},
	);

	it.each(kinds.filter(([, spec]) => spec.types))(
		'%s: its field types name only its own fields, never its text key',
		(_kind, spec) => {
			for (const field of Object.keys(spec.types!)) expect(spec.fields).toContain(field);
			if (spec.keyType === 'string') expect(spec.types![spec.key]).toBeUndefined();
		},
	);

	it('every list row belongs to at most one kind, and a kind can sort its lists by its key', () => {
		for (const id of Object.keys(ENDPOINTS) as EndpointId[]) {
			const owners = kinds.filter(([, spec]) => (spec.lists as readonly string[]).includes(id));
			expect({ id, owners: owners.length <= 1 }).toEqual({ id, owners: true });
		}
		for (const [kind, spec] of kinds) {
			for (const list of spec.lists) {
				const sort = ENDPOINTS[list].list.sort;
				expect({ kind, list, sortsByKey: Array.isArray(sort) && sort.includes(spec.key) }).toEqual({
					kind,
					list,
					sortsByKey: true,
				});
			}
		}
	});

	it('documents string keys where the vendor shows strings, integers where it shows integers', () => {
		const typed = Object.fromEntries(
			kinds.map(([kind, spec]) => [kind, `${spec.key}:${spec.keyType}`]),
		);
		expect(typed).toMatchObject({
			customer: 'shortID:string',
			vendor: 'shortID:string',
			asset: 'shortID:string',
			purchaseOrder: 'poNo:string',
			shippingOrder: 'soNo:string',
			workOrder: 'woNo:string',
			location: 'spot:string',
			category: 'categoryID:integer',
			report: 'reportID:integer',
			webhook: 'rec:integer',
			lot: 'recNo:integer',
			movement: 'recNo:integer',
		});
	});

	it('every list suggests only columns its records have (no stamp a kind lacks)', () => {
		for (const [kind, spec] of kinds) {
			for (const list of spec.lists) {
				const sort = ENDPOINTS[list].list.sort;
				if (sort === 'reportColumns') continue;
				const foreign = sort.filter((column) => !spec.fields.includes(column));
				expect({ kind, list, foreign }).toEqual({ kind, list, foreign: [] });
			}
		}
	});

	it('lot lists sort only by the lot’s own fields (no created / modified) and refuse modifiedSince', () => {
		for (const list of RECORDS.lot.lists) {
			const spec = ENDPOINTS[list].list;
			const fields: readonly string[] = RECORDS.lot.fields;
			const foreign = (spec.sort as readonly string[]).filter((column) => !fields.includes(column));
			expect({ list, foreign }).toEqual({ list, foreign: [] });
			expect({ list, defaultSort: spec.defaultSort }).toEqual({ list, defaultSort: 'received' });
			expect({ list, modifiedSince: spec.modifiedSince }).toEqual({
				list,
				modifiedSince: 'rejected',
			});
		}
	});
});

describe('the change feed breaks ties by the registry key', () => {
	it.each([
		['customer.listAll', 'shortID'],
		['vendor.list', 'shortID'],
		['asset.listAll', 'shortID'],
		['purchaseOrder.list', 'poNo'],
		['location.list', 'spot'],
		['item.listAll', 'shortID'],
		['category.list', 'categoryID'],
		['inventory.materialIn', 'recNo'],
		['inventory.materialOutByWarehouse', 'recNo'],
	])('%s → %s', (id, column) => {
		expect(findWatchable(id)?.idField).toBe(column);
		expect(kindOfList(id as EndpointId)?.key).toBe(column);
	});

	it('every watched list has a tie-break column it can sort by', () => {
		for (const watchable of WATCHABLE) {
			const sort = watchable.endpoint.list.sort;
			expect({
				id: watchable.id,
				ok: Array.isArray(sort) && sort.includes(watchable.idField),
			}).toEqual({ id: watchable.id, ok: true });
		}
	});
});

describe('By ID accepts what the registry types the key as', () => {
	// The version 2 locator of each kind's Get (its key parameter).
	const byIdMode = (kind: 'customer' | 'purchaseOrder' | 'asset' | 'webhook') =>
		new InventoryPro().description.properties.find(
			(p: INodeProperties) =>
				p.type === 'resourceLocator' &&
				p.name === RECORDS[kind].key &&
				p.displayOptions?.show?.resource?.[0] === kind &&
				p.displayOptions?.show?.operation?.[0] === 'get',
		)!.modes![1];
	it.each(['customer', 'purchaseOrder', 'asset'] as const)(
		'%s: any text, e.g. its documented example',
		(kind) => {
			expect(byIdMode(kind).validation).toEqual([]);
			expect(byIdMode(kind).placeholder).toBe(`e.g. ${RECORDS[kind].example}`);
		},
	);
	it('webhook subscriptions: whole numbers only', () => {
		expect(JSON.stringify(byIdMode('webhook').validation)).toContain('^[0-9]+$');
	});
});
