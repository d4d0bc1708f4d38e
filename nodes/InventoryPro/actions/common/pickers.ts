import type { INodeProperties } from 'n8n-workflow';

import type { ListEndpointId } from '../../../shared/endpoints';
import { RECORDS, type RecordKind as RegistryKind } from '../../../shared/records';
import { label } from '../../../shared/validation/labels';
import type * as LoadOptions from '../../methods/loadOptions';
import { locator, type SearchMethod } from './locators';

/** Records the UI offers from the service: warehouses, reports, categories, reason codes, locations. */
export type Picker = 'warehouse' | 'report' | 'category' | 'reasonCode' | 'location';

export interface PickerSpec {
	/** The registry's record kind: key, key type, label. */
	kind: RegistryKind;
	/** List endpoint read for the dropdown. */
	list: ListEndpointId;
	/** What a write body names the record by: its key, or its label (reason codes go by code). */
	sends: 'key' | 'label';
	searchMethod: SearchMethod;
	loadMethod: keyof typeof LoadOptions;
}

export const PICKERS: Record<Picker, PickerSpec> = {
	warehouse: {
		kind: 'warehouse',
		list: 'warehouse.list',
		sends: 'key',
		searchMethod: 'searchWarehouses',
		loadMethod: 'getWarehouses',
	},
	report: {
		kind: 'report',
		list: 'report.list',
		sends: 'key',
		searchMethod: 'searchReports',
		loadMethod: 'getReports',
	},
	// Items name their category and sub-category by id (vendor docs, items page: both integers).
	category: {
		kind: 'category',
		list: 'category.list',
		sends: 'key',
		searchMethod: 'searchCategories',
		loadMethod: 'getCategories',
	},
	reasonCode: {
		kind: 'reasonCode',
		list: 'reasonCode.list',
		sends: 'label',
		searchMethod: 'searchReasonCodes',
		loadMethod: 'getReasonCodes',
	},
	location: {
		kind: 'location',
		list: 'location.list',
		sends: 'key',
		searchMethod: 'searchLocations',
		loadMethod: 'getLocations',
	},
};

/** Whether the picker's record is sent as a whole number (integer key sent by key). */
export function sendsNumber(picker: Picker): boolean {
	const spec = PICKERS[picker];
	return spec.sends === 'key' && RECORDS[spec.kind].keyType === 'integer';
}

/** A "From List / By ID" selector; read it with `extractValue: true`. */
export function pickerLocator(
	picker: Picker,
	name: string,
	options: { displayName?: string; description?: string } = {},
): INodeProperties {
	const spec = PICKERS[picker];
	const record = RECORDS[spec.kind];
	return locator({
		name,
		displayName: options.displayName ?? label(picker),
		description: options.description ?? `The ${record.noun}`,
		noun: record.noun,
		searchMethod: spec.searchMethod,
		numeric: record.keyType === 'integer',
		example: record.example,
	});
}

/** A dropdown inside a collection (n8n's convention for dynamic options that also take an expression). */
export function pickerDropdown(picker: Picker, name: string, description: string): INodeProperties {
	return {
		displayName: `${label(name).replace(/ ID$/, '')} Name or ID`,
		name,
		type: 'options',
		typeOptions: { loadOptionsMethod: PICKERS[picker].loadMethod },
		default: '',
		description: `${description}. Choose from the list, or specify a value using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}
