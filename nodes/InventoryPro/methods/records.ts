import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import type { ListEndpointId } from '../../shared/endpoints';
import { RECORDS, type RecordKind, type RecordKindSpec } from '../../shared/records';
import { apiRequestAllItems } from '../../shared/transport';
import { textOf } from '../../shared/validation';

/** Pickers read at most this many records; beyond that, "By ID" or an expression is the way. */
const MAX_RECORDS = 1000;

const join = (...words: unknown[]) =>
	words
		.filter((word) => word !== undefined && word !== null && word !== '')
		.map((word) => textOf(word))
		.join(' — ');

/**
 * What "From List" shows for a record: a text key (the value is that key), its label, its detail and,
 * where the kind has statuses, its status. Whole-number keys are not shown: the list's value is the number.
 */
export function recordTitle(kind: RecordKindSpec, record: IDataObject): string {
	const key = kind.keyType === 'string' ? record[kind.key] : undefined;
	const detail = kind.detail === undefined ? undefined : record[kind.detail];
	return (
		join(key, record[kind.label], detail, kind.statuses ? record.status : undefined) ||
		textOf(record[kind.key] ?? '')
	);
}

export interface PickerRecord {
	name: string;
	id: string | number;
	/** What a write body names the record by: its key, or (reason codes) its code. */
	bodyValue: string | number;
}

/** Reads a picker's records from `list`, titled from the registry (records.ts), in the service's order. */
export async function pickerRecords(
	this: ILoadOptionsFunctions,
	kind: RecordKind,
	list: ListEndpointId,
	sends: 'key' | 'label' = 'key',
): Promise<PickerRecord[]> {
	const spec: RecordKindSpec = RECORDS[kind];
	const records = await apiRequestAllItems.call(this, list, {}, MAX_RECORDS);
	return records.map((record: IDataObject) => {
		const id = record[spec.key] as string | number;
		return {
			name: recordTitle(spec, record),
			id,
			bodyValue: (sends === 'key' ? id : record[spec.label]) as string | number,
		};
	});
}
