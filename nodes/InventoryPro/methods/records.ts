import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { recordTitle } from '../actions/common/locators';
import { PICKERS, type Picker } from '../actions/common/pickers';
import { RECORDS } from '../../shared/records';
import { apiRequestAllItems } from '../../shared/transport';

/** Pickers read at most this many records; beyond that, "By ID" or an expression is the way. */
const MAX_RECORDS = 1000;

export interface PickerRecord {
	name: string;
	id: string | number;
	bodyValue: string | number;
}

/** Reads a picker's records, titled from the registry (records.ts), in the service's order. */
export async function pickerRecords(
	this: ILoadOptionsFunctions,
	picker: Picker,
): Promise<PickerRecord[]> {
	const spec = PICKERS[picker];
	const kind = RECORDS[spec.kind];
	const records = await apiRequestAllItems.call(this, spec.list, {}, MAX_RECORDS);
	return records.map((record: IDataObject) => {
		const id = record[kind.key] as string | number;
		return {
			name: recordTitle(kind, record),
			id,
			bodyValue: (spec.sends === 'key' ? id : record[kind.label]) as string | number,
		};
	});
}
