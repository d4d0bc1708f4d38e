import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import type { Picker } from '../actions/common/pickers';
import { pickerRecords } from './records';

/** Dropdowns inside collections: the value is what a write body names the record by (warehouse or category ID, reason code). */
function options(picker: Picker) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const records = await pickerRecords.call(this, picker);
		return records.map((record) => ({ name: record.name, value: record.bodyValue }));
	};
}

export const getWarehouses = options('warehouse');
export const getReports = options('report');
export const getCategories = options('category');
export const getReasonCodes = options('reasonCode');
export const getLocations = options('location');
