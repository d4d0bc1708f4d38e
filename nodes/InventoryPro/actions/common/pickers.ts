import type { INodeProperties } from 'n8n-workflow';

import type { EndpointId } from '../../../shared/endpoints';
import { label } from '../../../shared/validation/labels';
import { locator } from './locators';

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
	/** Whether a write sends the record's number (warehouse, report) rather than its code or name. */
	sendsNumber: boolean;
}

export const PICKERS: Record<Picker, PickerSpec> = {
	warehouse: {
		list: 'warehouse.list',
		idField: 'warehouseID',
		bodyField: 'warehouseID',
		noun: 'warehouse',
		searchMethod: 'searchWarehouses',
		loadMethod: 'getWarehouses',
		sendsNumber: true,
	},
	report: {
		list: 'report.list',
		idField: 'reportID',
		bodyField: 'reportID',
		noun: 'report',
		searchMethod: 'searchReports',
		loadMethod: 'getReports',
		sendsNumber: true,
	},
	category: {
		list: 'category.list',
		idField: 'categoryID',
		bodyField: 'name',
		noun: 'category',
		searchMethod: 'searchCategories',
		loadMethod: 'getCategories',
		sendsNumber: false,
	},
	reasonCode: {
		list: 'reasonCode.list',
		idField: 'reasonCodeID',
		bodyField: 'code',
		noun: 'reason code',
		searchMethod: 'searchReasonCodes',
		loadMethod: 'getReasonCodes',
		sendsNumber: false,
	},
	location: {
		list: 'location.list',
		idField: 'locationID',
		bodyField: 'code',
		noun: 'location',
		searchMethod: 'searchLocations',
		loadMethod: 'getLocations',
		sendsNumber: false,
	},
};

/** A "From List / By ID" selector; read it with `extractValue: true`. */
export function pickerLocator(picker: Picker, name: string, options: { displayName?: string; description?: string } = {}): INodeProperties {
	const spec = PICKERS[picker];
	return locator({
		name,
		displayName: options.displayName ?? label(picker),
		description: options.description ?? `The ${spec.noun}`,
		noun: spec.noun,
		searchMethod: spec.searchMethod,
		numeric: true,
		example: '2',
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
