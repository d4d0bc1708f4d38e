import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { pickerRecords } from './records';

/** Dropdowns inside collections: the value is what a write body names the record by. */
export async function getWarehouses(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const records = await pickerRecords.call(this, 'warehouse', 'warehouse.list');
	return records.map((record) => ({ name: record.name, value: record.bodyValue }));
}

export async function getReports(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const records = await pickerRecords.call(this, 'report', 'report.list');
	return records.map((record) => ({ name: record.name, value: record.bodyValue }));
}

/** Items name their category and sub-category by id (vendor docs, items page: both integers). */
export async function getCategories(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const records = await pickerRecords.call(this, 'category', 'category.list');
	return records.map((record) => ({ name: record.name, value: record.bodyValue }));
}

/** Stock movements name their reason by its code. */
export async function getReasonCodes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const records = await pickerRecords.call(this, 'reasonCode', 'reasonCode.list', 'label');
	return records.map((record) => ({ name: record.name, value: record.bodyValue }));
}

export async function getLocations(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const records = await pickerRecords.call(this, 'location', 'location.list');
	return records.map((record) => ({ name: record.name, value: record.bodyValue }));
}
