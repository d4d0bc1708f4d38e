import { placeholders } from '../validation';
import { endpoint, ENDPOINTS, type Endpoint, type EndpointId, type ListSpec } from '../endpoints';
import { kindOfList } from '../records';

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
 * The tie-break column: the key of the record kind the list returns (records.ts), when the list can
 * sort by it; otherwise the list's default sort column.
 */
function idFieldOf(id: EndpointId, endpoint: Endpoint & { list: ListSpec }): string {
	const key = kindOfList(id)?.key;
	const sort = endpoint.list.sort;
	return key !== undefined && Array.isArray(sort) && sort.includes(key)
		? key
		: endpoint.list.defaultSort;
}

export const WATCHABLE: readonly Watchable[] = (Object.keys(ENDPOINTS) as EndpointId[]).flatMap(
	(id) => {
		const row = endpoint(id);
		if (!isWatchable(row)) return [];
		return [{ id, endpoint: row, idField: idFieldOf(id, row), pathParams: placeholders(row.path) }];
	},
);

export function findWatchable(id: string): Watchable | undefined {
	return WATCHABLE.find((watchable) => watchable.id === id);
}
