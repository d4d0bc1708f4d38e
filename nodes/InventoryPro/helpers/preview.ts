/**
 * "Preview (Write Nothing)": a row of Set Counted Quantity or Create or Update comes out as it would be
 * written, after every read the run makes to decide it, and nothing is sent that writes. The operations
 * decide as in a run and, in preview, stop where the run would write; these helpers say what that write
 * would have been.
 */
import type { IDataObject } from 'n8n-workflow';

import { ENDPOINTS, type EndpointId } from '../../shared/endpoints';
import { fillPlaceholders } from '../../shared/validation';
import { changedFields } from './changes';

/** The request a write would make: method and path (placeholders filled), and its body. */
export function wouldSend(
	id: EndpointId,
	body: IDataObject,
	path: Record<string, string | number> = {},
): IDataObject {
	const row = ENDPOINTS[id];
	return { request: `${row.method} ${fillPlaceholders(row.path, path)}`, body };
}

/**
 * What Create or Update would do with a row, given the record as the service holds it (null: none):
 * `action` create, update or unchanged, the mapped fields that would change, the request it would send
 * (none when unchanged) and the record as it is now.
 */
export function wouldUpsert(
	key: IDataObject,
	fields: IDataObject,
	current: IDataObject | null,
	writes: { create: IDataObject; update: IDataObject },
): IDataObject[] {
	if (current === null)
		return [
			{
				preview: true,
				action: 'create',
				...key,
				changed: Object.keys(fields),
				wouldSend: writes.create,
				current: null,
			},
		];
	const changed = changedFields(fields, current);
	const action = changed.length === 0 ? 'unchanged' : 'update';
	return [
		{
			preview: true,
			action,
			...key,
			changed,
			wouldSend: action === 'update' ? writes.update : null,
			current,
		},
	];
}
