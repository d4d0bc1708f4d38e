import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { Picker } from '../actions/common/pickers';
import { pickerRecords } from './records';

/** "From List" of the resource locators: the record's ID as value, filtered by name, code or ID. */
function search(picker: Picker) {
	return async function (this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
		const needle = filter?.trim().toLowerCase();
		const records = await pickerRecords.call(this, picker);
		return {
			results: records
				.filter((record) => !needle || `${record.name} ${record.id}`.toLowerCase().includes(needle))
				.map((record) => ({ name: record.name, value: String(record.id) })),
		};
	};
}

export const searchWarehouses = search('warehouse');
export const searchReports = search('report');
export const searchCategories = search('category');
export const searchReasonCodes = search('reasonCode');
export const searchLocations = search('location');
