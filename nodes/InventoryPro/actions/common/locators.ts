import type { IDataObject, INodeProperties, INodePropertyMode } from 'n8n-workflow';

import type { ListEndpointId } from '../../../shared/endpoints';
import { label } from '../../../shared/validation/labels';

/** Records named by a path value, offered "From List" (searched page by page) or typed "By ID". */
export type RecordKind = 'item' | 'customer' | 'vendor' | 'purchaseOrder' | 'shippingOrder' | 'workOrder' | 'asset' | 'webhook';

export interface RecordListSpec {
	list: ListEndpointId;
	/** The record field the path takes. */
	idField: string;
	noun: string;
	/** Method in methods/listSearch.ts. */
	searchMethod: string;
	/** What the list shows for a record (and what the search text is matched against, with the id). */
	title(record: IDataObject): string;
	/** "By ID" accepts whole numbers only, except for items (shortID text). */
	numeric: boolean;
	example: string;
}

const join = (...words: unknown[]) => words.filter((word) => word !== undefined && word !== null && word !== '').join(' — ');

export const RECORD_LISTS: Record<RecordKind, RecordListSpec> = {
	item: {
		list: 'item.list',
		idField: 'shortID',
		noun: 'item',
		searchMethod: 'searchItems',
		title: (r) => join(r.shortID, r.description),
		numeric: false,
		example: 'WIDGET-01',
	},
	customer: {
		list: 'customer.list',
		idField: 'customerID',
		noun: 'customer',
		searchMethod: 'searchCustomers',
		title: (r) => join(r.customerCode, r.name),
		numeric: true,
		example: '12',
	},
	vendor: {
		list: 'vendor.list',
		idField: 'vendorID',
		noun: 'vendor',
		searchMethod: 'searchVendors',
		title: (r) => join(r.vendorCode, r.name),
		numeric: true,
		example: '7',
	},
	purchaseOrder: {
		list: 'purchaseOrder.list',
		idField: 'poNo',
		noun: 'purchase order',
		searchMethod: 'searchPurchaseOrders',
		title: (r) => join(r.poNo, r.vendorName, r.status),
		numeric: true,
		example: '5001',
	},
	shippingOrder: {
		list: 'shippingOrder.list',
		idField: 'soNo',
		noun: 'shipping order',
		searchMethod: 'searchShippingOrders',
		title: (r) => join(r.soNo, r.customerName, r.status),
		numeric: true,
		example: '7001',
	},
	workOrder: {
		list: 'workOrder.list',
		idField: 'woNo',
		noun: 'work order',
		searchMethod: 'searchWorkOrders',
		title: (r) => join(r.woNo, r.shortID, r.status),
		numeric: true,
		example: '9001',
	},
	asset: {
		list: 'asset.list',
		idField: 'assetID',
		noun: 'asset',
		searchMethod: 'searchAssets',
		title: (r) => join(r.assetTag, r.description),
		numeric: true,
		example: '3',
	},
	webhook: {
		list: 'webhook.list',
		idField: 'rec',
		noun: 'webhook subscription',
		searchMethod: 'searchWebhooks',
		title: (r) => join(r.name, r.url),
		numeric: true,
		example: '4',
	},
};

/** What a "From List / By ID" locator shows and accepts. */
export interface LocatorSpec {
	name: string;
	displayName: string;
	description: string;
	noun: string;
	/** Method in methods/listSearch.ts. */
	searchMethod: string;
	/** "By ID" accepts whole numbers only. */
	numeric: boolean;
	example: string;
	/**
	 * Further ways to name the record, after "By ID" (written under `modes` where they are declared). The
	 * editor labels the modes named list, id and url itself; the others show their displayName.
	 */
	modes?: INodePropertyMode[];
}

/**
 * The one resource locator of the node: "From List" (the list search) and "By ID", every default set.
 * Warehouses, reports, categories, reason codes, locations and every listed record use it; read it with
 * `extractValue: true`.
 */
export function locator(spec: LocatorSpec): INodeProperties {
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
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
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: `e.g. ${spec.example}`,
				validation: spec.numeric ? [{ type: 'regex', properties: { regex: '^[0-9]+$', errorMessage: `Not a valid ${spec.noun} ID` } }] : [],
			},
			...(spec.modes ?? []),
		],
	};
}

/**
 * The version 2 parameter for a record. Version 1 keeps the plain field it was saved with (`Field.legacy`),
 * so a workflow saved before stays exactly as it was.
 */
export function recordLocator(kind: RecordKind, name: string, options: Partial<LocatorSpec> = {}): INodeProperties {
	const spec = RECORD_LISTS[kind];
	return locator({
		name,
		displayName: label(name),
		description: `The ${spec.noun}: pick it from the list or give its ${spec.idField}`,
		noun: spec.noun,
		searchMethod: spec.searchMethod,
		numeric: spec.numeric,
		example: spec.example,
		...options,
	});
}
