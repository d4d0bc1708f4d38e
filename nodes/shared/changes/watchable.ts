import { placeholders } from '../validation';
import { endpoint, ENDPOINTS, ID_FIELD, type Endpoint, type EndpointId, type ListSpec } from '../endpoints';

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
