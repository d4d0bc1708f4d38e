import type { INodeProperties } from 'n8n-workflow';

import type { EndpointId } from '../../endpoints';
import { label } from './labels';

/** Records the UI offers from the service: warehouses, reports, categories, reason codes, locations. */
export type Picker = 'warehouse' | 'report' | 'category' | 'reasonCode' | 'location';

export interface PickerSpec {
	/** List endpoint read for the dropdown. */
	list: EndpointId;
	/** Record field used in paths. */
	idField: string;
	/** Record field a write body names it by (category name, reason code, location code, warehouse id). */
	bodyField: string;
	noun: string;
	/** Methods in methods/listSearch.ts and methods/loadOptions.ts. */
	searchMethod: string;
	loadMethod: string;
}

export const PICKERS: Record<Picker, PickerSpec> = {
	warehouse: {
		list: 'warehouse.list',
		idField: 'warehouseID',
		bodyField: 'warehouseID',
		noun: 'warehouse',
		searchMethod: 'searchWarehouses',
		loadMethod: 'getWarehouses',
	},
	report: {
		list: 'report.list',
		idField: 'reportID',
		bodyField: 'reportID',
		noun: 'report',
		searchMethod: 'searchReports',
		loadMethod: 'getReports',
	},
	category: {
		list: 'category.list',
		idField: 'categoryID',
		bodyField: 'name',
		noun: 'category',
		searchMethod: 'searchCategories',
		loadMethod: 'getCategories',
	},
	reasonCode: {
		list: 'reasonCode.list',
		idField: 'reasonCodeID',
		bodyField: 'code',
		noun: 'reason code',
		searchMethod: 'searchReasonCodes',
		loadMethod: 'getReasonCodes',
	},
	location: {
		list: 'location.list',
		idField: 'locationID',
		bodyField: 'code',
		noun: 'location',
		searchMethod: 'searchLocations',
		loadMethod: 'getLocations',
	},
};

/** Path placeholders and body fields that name a picker record. */
export function pickerFor(name: string): Picker | undefined {
	if (/warehouseID$/i.test(name)) return 'warehouse';
	if (name === 'reportID') return 'report';
	if (name === 'categoryID' || name === 'category') return 'category';
	if (name === 'reasonCodeID' || name === 'reasonCode') return 'reasonCode';
	if (name === 'locationID' || name === 'location' || name === 'fromLocation' || name === 'toLocation') {
		return 'location';
	}
	return undefined;
}

/** A "From List / By ID" selector; read it with `extractValue: true`. */
export function pickerLocator(
	name: string,
	picker: Picker,
	options: { required?: boolean; description?: string } = {},
): INodeProperties {
	const spec = PICKERS[picker];
	const displayName = name.startsWith('from') || name.startsWith('to') ? label(name).replace(/ ID$/, '') : label(picker);
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: options.required ?? true,
		description: options.description ?? `The ${spec.noun}`,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${spec.noun}...`,
				typeOptions: { searchListMethod: spec.searchMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 2',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^[0-9]+$', errorMessage: `Not a valid ${spec.noun} ID` },
					},
				],
			},
		],
	};
}
