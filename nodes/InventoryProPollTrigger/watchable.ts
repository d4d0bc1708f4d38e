import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { placeholders } from '../InventoryPro/validation';
import { endpoint, ENDPOINTS, ID_FIELD, type Endpoint, type EndpointId, type ListSpec } from '../InventoryPro/endpoints';

/** A list endpoint the trigger can poll: one whose rows can be filtered by modifiedSince. */
export interface Watchable {
	id: EndpointId;
	endpoint: Endpoint & { list: ListSpec };
	/** Field that identifies one record in the list's rows. */
	idField: string;
	/** Path placeholders (e.g. warehouseID) the user must fill. */
	pathParams: string[];
}

const isWatchable = (endpoint: Endpoint): endpoint is Endpoint & { list: ListSpec } =>
	endpoint.list?.modifiedSince === 'supported' || endpoint.list?.modifiedSince === 'headerOnly';

/**
 * The resource's id field when the list can sort by it; otherwise the list's own key (asset types
 * are keyed by typeID, not assetID).
 */
function idFieldOf(endpoint: Endpoint & { list: ListSpec }): string {
	const idField = ID_FIELD[endpoint.resource];
	const sort = endpoint.list.sort;
	return Array.isArray(sort) && sort.includes(idField) ? idField : endpoint.list.defaultSort;
}

export const WATCHABLE: readonly Watchable[] = (Object.keys(ENDPOINTS) as EndpointId[]).flatMap((id) => {
	const row = endpoint(id);
	if (!isWatchable(row)) return [];
	return [{ id, endpoint: row, idField: idFieldOf(row), pathParams: placeholders(row.path) }];
});

export function findWatchable(id: string): Watchable | undefined {
	return WATCHABLE.find((watchable) => watchable.id === id);
}

const HEADER_ONLY = WATCHABLE.filter((w) => w.endpoint.list.modifiedSince === 'headerOnly').map((w) => w.id);

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const watchOptions: INodePropertyOptions[] = WATCHABLE.map((w) => ({
	name: capitalize(w.endpoint.summary),
	value: w.id,
	description: `GET ${w.endpoint.path}`,
}));

/** One number field per path placeholder, shown for the lists that need it. */
const pathParamFields: INodeProperties[] = [...new Set(WATCHABLE.flatMap((w) => w.pathParams))].map((name) => ({
	displayName: capitalize(name.replace(/ID$/, ' ID')),
	name,
	type: 'number',
	required: true,
	default: 0,
	description: `The ${name} to watch`,
	displayOptions: { show: { watch: WATCHABLE.filter((w) => w.pathParams.includes(name)).map((w) => w.id) } },
}));

export const watchProperties: INodeProperties[] = [
	{
		displayName: 'Watch',
		name: 'watch',
		type: 'options',
		noDataExpression: true,
		options: watchOptions,
		default: 'item.list',
		description: 'The list to poll. Only lists that can be filtered by modification time are offered.',
	},
	{
		displayName: "Orders are matched on the order header's Modified time only: changes to order lines alone may not show up",
		name: 'headerOnlyNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { watch: HEADER_ONLY } },
	},
	...pathParamFields,
];
