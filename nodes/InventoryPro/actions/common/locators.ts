import type { IDataObject, INodeProperties, INodePropertyMode } from 'n8n-workflow';

import type { ListEndpointId } from '../../../shared/endpoints';
import { RECORDS, type RecordKindSpec } from '../../../shared/records';
import { textOf } from '../../../shared/validation';
import { label } from '../../../shared/validation/labels';
import type * as ListSearch from '../../methods/listSearch';

/** Records named by a path value, offered "From List" (searched page by page) or typed "By ID". */
export type RecordKind =
	| 'item'
	| 'customer'
	| 'vendor'
	| 'purchaseOrder'
	| 'shippingOrder'
	| 'workOrder'
	| 'asset'
	| 'webhook';

/** A method of methods/listSearch.ts, by a name the compiler checks. */
export type SearchMethod = keyof typeof ListSearch;

export interface RecordListSpec {
	list: ListEndpointId;
	searchMethod: SearchMethod;
}

/** Which list "From List" pages through; key, label and statuses come from the registry (records.ts). */
export const RECORD_LISTS: Record<RecordKind, RecordListSpec> = {
	item: { list: 'item.list', searchMethod: 'searchItems' },
	customer: { list: 'customer.list', searchMethod: 'searchCustomers' },
	vendor: { list: 'vendor.list', searchMethod: 'searchVendors' },
	purchaseOrder: { list: 'purchaseOrder.list', searchMethod: 'searchPurchaseOrders' },
	shippingOrder: { list: 'shippingOrder.list', searchMethod: 'searchShippingOrders' },
	workOrder: { list: 'workOrder.list', searchMethod: 'searchWorkOrders' },
	asset: { list: 'asset.list', searchMethod: 'searchAssets' },
	webhook: { list: 'webhook.list', searchMethod: 'searchWebhooks' },
};

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

/** What a "From List / By ID" locator shows and accepts. */
export interface LocatorSpec {
	name: string;
	displayName: string;
	description: string;
	noun: string;
	searchMethod: SearchMethod;
	/** "By ID" accepts whole numbers only (keys documented as integers). */
	numeric: boolean;
	example: string;
	/**
	 * Further ways to name the record, after "By ID" (written under `modes` where they are declared). The
	 * editor labels the modes named list, id and url itself; the others show their displayName.
	 */
	modes?: INodePropertyMode[];
	/** The typed mode is "By Name" instead of "By ID" (Sort By: any column name). */
	byName?: boolean;
	/** False for a locator inside a collection that may stay empty (Sort By). */
	required?: boolean;
}

/**
 * The one resource locator of the node: "From List" (the list search) and "By ID", every default set.
 * Warehouses, reports, categories, reason codes, locations, every listed record and Sort By (with "By
 * Name") use it; read it with `extractValue: true`.
 */
export function locator(spec: LocatorSpec): INodeProperties {
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: spec.required ?? true,
		description: spec.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${spec.noun}...`,
				typeOptions: { searchListMethod: spec.searchMethod, searchable: true },
			},
			{
				displayName: spec.byName ? 'By Name' : 'By ID',
				name: spec.byName ? 'name' : 'id',
				type: 'string',
				placeholder: `e.g. ${spec.example}`,
				validation: spec.numeric
					? [
							{
								type: 'regex',
								properties: { regex: '^[0-9]+$', errorMessage: `Not a valid ${spec.noun} ID` },
							},
						]
					: [],
			},
			...(spec.modes ?? []),
		],
	};
}

/**
 * The version 2 parameter for a record. Version 1 keeps the plain field it was saved with (`Field.legacy`),
 * so a workflow saved before stays exactly as it was.
 */
export function recordLocator(
	kind: RecordKind,
	name: string,
	options: Partial<LocatorSpec> = {},
): INodeProperties {
	const record = RECORDS[kind];
	return locator({
		name,
		displayName: label(name),
		description: `The ${record.noun}: pick it from the list or give its ${record.key}`,
		noun: record.noun,
		searchMethod: RECORD_LISTS[kind].searchMethod,
		numeric: record.keyType === 'integer',
		example: record.example,
		...options,
	});
}
