import type { INodeProperties } from 'n8n-workflow';

import { ENDPOINTS, type EndpointId, type Resource } from '../../endpoints';
import { getManyOperation } from './getMany';
import { recordOperation, type RecordConfig } from './record';
import type { OperationMap } from './types';

/** How the UI names each resource: dropdown label, one record, many records. */
export const NOUNS: Record<Resource, { label: string; one: string; many: string }> = {
	item: { label: 'Item', one: 'item', many: 'items' },
	inventory: { label: 'Inventory', one: 'stock record', many: 'stock records' },
	customer: { label: 'Customer', one: 'customer', many: 'customers' },
	vendor: { label: 'Vendor', one: 'vendor', many: 'vendors' },
	purchaseOrder: { label: 'Purchase Order', one: 'purchase order', many: 'purchase orders' },
	shippingOrder: { label: 'Shipping Order', one: 'shipping order', many: 'shipping orders' },
	workOrder: { label: 'Work Order', one: 'work order', many: 'work orders' },
	asset: { label: 'Asset', one: 'asset', many: 'assets' },
	category: { label: 'Category', one: 'category', many: 'categories' },
	reasonCode: { label: 'Reason Code', one: 'reason code', many: 'reason codes' },
	location: { label: 'Location', one: 'location', many: 'locations' },
	warehouse: { label: 'Warehouse', one: 'warehouse', many: 'warehouses' },
	report: { label: 'Report', one: 'report', many: 'reports' },
	webhook: { label: 'Webhook Subscription', one: 'webhook subscription', many: 'webhook subscriptions' },
};

const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

const row = (resource: Resource, suffix: string) => {
	const id = `${resource}.${suffix}`;
	return id in ENDPOINTS ? (id as EndpointId) : undefined;
};

/** The conventional rows of a resource (list, listAll, get, create, update) as getAll/get/create/update. */
export function standardOperations(resource: Resource, options: { includeLabel?: string } = {}): OperationMap {
	const noun = NOUNS[resource];
	const operations: OperationMap = {};
	const list = row(resource, 'list');
	if (list) {
		operations.getAll = getManyOperation({
			list,
			listAll: row(resource, 'listAll'),
			includeLabel: options.includeLabel,
			action: `Get many ${noun.many}`,
		});
	}
	const get = row(resource, 'get');
	if (get) operations.get = recordOperation({ id: get, name: 'Get', action: `Get ${article(noun.one)}` });
	const create = row(resource, 'create');
	if (create) operations.create = recordOperation({ id: create, name: 'Create', action: `Create ${article(noun.one)}` });
	const update = row(resource, 'update');
	if (update) {
		operations.update = recordOperation({ id: update, name: 'Update', action: `Update ${article(noun.one)}`, update: true });
	}
	return operations;
}

/** A verb on one record (discontinue, delete, disable, hold, release, finalize, …), named after the row. */
export function actionOperation(id: EndpointId, name: string, extra: Partial<RecordConfig> = {}) {
	const noun = NOUNS[ENDPOINTS[id].resource].one;
	return recordOperation({ id, name, action: `${name} ${article(noun)}`, ...extra });
}

/** The operation dropdown of a resource followed by every operation's fields, each shown only for it. */
export function resourceDescription(resource: string, operations: OperationMap, defaultOperation?: string): INodeProperties[] {
	const entries = Object.entries(operations);
	const defaultValue = defaultOperation ?? (operations.getAll ? 'getAll' : entries[0][0]);
	return [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource] } },
			options: entries
				.map(([value, operation]) => ({ ...operation.option, value }))
				.sort((a, b) => a.name.localeCompare(b.name)),
			default: defaultValue,
		},
		...entries.flatMap(([value, operation]) =>
			operation.properties.map((property) => ({
				...property,
				displayOptions: {
					...property.displayOptions,
					show: { ...property.displayOptions?.show, resource: [resource], operation: [value] },
				},
			})),
		),
	];
}
