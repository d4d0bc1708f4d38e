import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { PICKERS, type Picker } from '../actions/common/pickers';
import { textOf } from '../../shared/validation';
import { apiRequestAllItems } from '../../shared/transport';

/** Pickers read at most this many records; beyond that, "By ID" or an expression is the way. */
const MAX_RECORDS = 1000;

export interface PickerRecord {
	name: string;
	id: string | number;
	bodyValue: string | number;
}

/** Reads a picker's records, labelled by code and name, in the service's order. */
export async function pickerRecords(this: ILoadOptionsFunctions, picker: Picker): Promise<PickerRecord[]> {
	const spec = PICKERS[picker];
	const records = await apiRequestAllItems.call(this, spec.list, {}, MAX_RECORDS);
	return records.map((record: IDataObject) => {
		const id = record[spec.idField] as string | number;
		const words = [record.code, record.name ?? record.description].filter((word) => word !== undefined && word !== '');
		return {
			name: words.length ? words.map(textOf).join(' — ') : String(id),
			id,
			bodyValue: (record[spec.bodyField] ?? id) as string | number,
		};
	});
}
