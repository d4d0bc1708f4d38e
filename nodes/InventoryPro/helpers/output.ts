import type { IDataObject } from 'n8n-workflow';

/** One record per n8n item: arrays give one item per element, an empty answer a plain success flag. */
export function toRecords(response: unknown): IDataObject[] {
	if (Array.isArray(response)) return response.map(toRecord);
	if (response && typeof response === 'object') return [response as IDataObject];
	if (response === undefined || response === null || response === '') return [{ success: true }];
	return [{ value: response }];
}

const toRecord = (value: unknown): IDataObject =>
	value && typeof value === 'object' && !Array.isArray(value)
		? (value as IDataObject)
		: { value: value as string };

/**
 * Spreadsheet-ready rows: nested objects become dotted keys (`vendor.name`), arrays become JSON text,
 * so a Google Sheets or Spreadsheet File node can take every row as it is.
 */
export function flatten(record: IDataObject, prefix = '', into: IDataObject = {}): IDataObject {
	for (const [key, value] of Object.entries(record)) {
		const name = prefix ? `${prefix}.${key}` : key;
		if (Array.isArray(value)) into[name] = JSON.stringify(value);
		else if (value && typeof value === 'object' && !(value instanceof Date))
			flatten(value as IDataObject, name, into);
		else into[name] = value;
	}
	return into;
}

/** A single-record call's answer: the record(s), or for an empty answer a success flag with the path values. */
export function recordResult(response: unknown, path: IDataObject = {}): IDataObject[] {
	if (response === undefined || response === null || response === '')
		return [{ success: true, ...path }];
	return toRecords(response);
}
