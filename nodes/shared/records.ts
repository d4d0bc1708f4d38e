/**
 * The record kinds the service returns, each stated once: its key (field and type as documented), the
 * field that names it for people, its documented fields, what Simplified keeps, its statuses, the row
 * that reads one record and the lists that return it. Pickers, path values, Simplified output, the
 * change feed's tie-break column and the sandbox's seeded shapes read this; nothing is derived from a
 * field's name. Evidence per kind as for endpoint rows (endpoints.ts `Evidence`); 'assumed' here means
 * neither shows the shape (the sandbox's own choice).
 */
import { LOT_FIELDS, type EndpointId, type Evidence, type ListEndpointId } from './endpoints';

export type KeyType = 'string' | 'integer';

/** A field's type where the evidence gives one that is not text (the docs' integer, decimal, boolean, datetime). */
export type FieldType = 'integer' | 'number' | 'boolean' | 'dateTime';

export interface RecordKindSpec {
	noun: string;
	/** The field that identifies one record in paths, pickers and the change feed's tie order. */
	key: string;
	keyType: KeyType;
	/**
	 * The fields that identify one record in an event or a delivery log reference, the one that never
	 * changes first; when unset, the key alone.
	 */
	identity?: readonly string[];
	/** The field that names the record for people (From List titles). */
	label: string;
	/** A second field From List titles show after the label. */
	detail?: string;
	/** Every field the evidence shows for this kind, in its order. */
	fields: readonly string[];
	/** The types the evidence gives for its fields that are not text (stated where a write maps them). */
	types?: Readonly<Record<string, FieldType>>;
	/** What Simplified output keeps: always the key and the label first. */
	simple: readonly string[];
	/** Documented values of `status`, when the kind has one. */
	statuses?: readonly string[];
	/** The status a finished record ends in (orders: Closed). */
	done?: string;
	/** The row that reads one record by its key. */
	get?: EndpointId;
	/** The list rows whose entries are records of this kind. */
	lists: readonly ListEndpointId[];
	/** A key as the docs show one, for placeholders. */
	example: string;
	evidence: Evidence;
}

const party = [
	'shortID',
	'name',
	'address1',
	'address2',
	'city',
	'state',
	'zip',
	'country',
	'phone',
	'fax',
	'email',
	'contact',
	'active',
];
const stamps = ['created', 'modified'];
const stampTypes = { created: 'dateTime', modified: 'dateTime' } as const;

const kind = <const K extends RecordKindSpec>(spec: K) => spec;

/** Customers and vendors share one documented object, keyed by shortID (vendor docs). */
const partyKind = <const R extends 'customer' | 'vendor'>(noun: R, example: string) =>
	kind({
		noun,
		key: 'shortID',
		keyType: 'string',
		label: 'name',
		fields: [...party, ...stamps],
		types: { active: 'boolean', ...stampTypes },
		simple: [
			'shortID',
			'name',
			'contact',
			'email',
			'phone',
			'city',
			'country',
			'active',
			'modified',
		],
		get: `${noun}.get`,
		lists: [`${noun}.list`, `${noun}.listAll`],
		example,
		evidence: 'vendor docs',
	});

export const RECORDS = {
	item: kind({
		noun: 'item',
		key: 'shortID',
		keyType: 'string',
		// partNo never changes, and it is the number the delivery log's RecNo gives.
		identity: ['partNo', 'shortID'],
		label: 'description',
		fields: [
			'partNo',
			'shortID',
			'description',
			'category',
			'subCategory',
			'uOM',
			'putUp',
			'units',
			'dfltOwner',
			...stamps,
			'discontinued',
		],
		types: {
			partNo: 'integer',
			category: 'integer',
			subCategory: 'integer',
			units: 'number',
			dfltOwner: 'integer',
			...stampTypes,
			discontinued: 'boolean',
		},
		simple: [
			'shortID',
			'description',
			'partNo',
			'category',
			'subCategory',
			'uOM',
			'units',
			'discontinued',
			'modified',
		],
		get: 'item.get',
		lists: ['item.list', 'item.listAll'],
		example: 'WIDGET-01',
		evidence: 'vendor docs',
	}),
	// One received lot (vendor docs, inventory page). Label shortID, not description: a lot is known on
	// the floor by the SKU it holds; its description is the item's, long and not unique. No stamps.
	lot: kind({
		noun: 'lot',
		key: 'recNo',
		keyType: 'integer',
		label: 'shortID',
		fields: LOT_FIELDS,
		simple: [
			'recNo',
			'shortID',
			'description',
			'warehouse',
			'spot',
			'units',
			'serial',
			'received',
			'shipped',
			'hold',
		],
		lists: ['inventory.list', 'inventory.listByWarehouse'],
		example: '1',
		evidence: 'vendor docs',
	}),
	// A MaterialIn / MaterialOut record. The spec names the lists, gives them modifiedSince (so a Modified
	// stamp) and numbers event records RecNo:<n>; it shows no fields, so they are assumed, named as the
	// documented lot names stock (wID, spot, serial, units, remark) and as Move's body names its ends.
	movement: kind({
		noun: 'stock movement',
		key: 'recNo',
		keyType: 'integer',
		label: 'shortID',
		fields: [
			'recNo',
			'type',
			'partNo',
			'shortID',
			'wID',
			'spot',
			'serial',
			'units',
			'unitCost',
			'reasonCode',
			'remark',
			'fromWID',
			'fromSpot',
			'toWID',
			'toSpot',
			...stamps,
		],
		simple: ['recNo', 'shortID', 'type', 'wID', 'spot', 'units', 'modified'],
		lists: [
			'inventory.materialIn',
			'inventory.materialOut',
			'inventory.materialInByWarehouse',
			'inventory.materialOutByWarehouse',
		],
		example: '1',
		evidence: 'assumed',
	}),
	// One item's stock in one warehouse (/Warehouse/{id}/Items): the spec names the list, neither source shows
	// its fields, so this shape is the sandbox's (assumed). Keyed by partNo: one row per item.
	warehouseItem: kind({
		noun: 'warehouse item',
		key: 'partNo',
		keyType: 'integer',
		label: 'shortID',
		fields: [
			'partNo',
			'shortID',
			'description',
			'warehouseID',
			'uOM',
			'quantity',
			'lots',
			...stamps,
		],
		simple: ['partNo', 'shortID', 'description', 'warehouseID', 'quantity', 'lots'],
		lists: ['warehouse.items'],
		example: '10001',
		evidence: 'assumed',
	}),
	// The vendor's stock-level response is past the docs' cut: this shape is the sandbox's (assumed). min and
	// max: the item's restocking level in that warehouse, which the product keeps per item and warehouse
	// (user guide, Restocking Levels: Min, Max); the names are assumed, after the guide's columns.
	stockLevel: kind({
		noun: 'stock level',
		key: 'shortID',
		keyType: 'string',
		label: 'description',
		fields: ['partNo', 'shortID', 'description', 'wID', 'warehouse', 'units', 'min', 'max'],
		simple: ['shortID', 'description', 'wID', 'units', 'min'],
		// No lists: a shortID repeats across warehouses, so it cannot tell rows apart when paging.
		lists: [],
		example: 'WIDGET-01',
		evidence: 'assumed',
	}),
	customer: partyKind('customer', 'ACME-CORP'),
	vendor: partyKind('vendor', 'ACME-FASTENERS'),
	purchaseOrder: kind({
		noun: 'purchase order',
		key: 'poNo',
		keyType: 'string',
		label: 'vendor',
		// created / modified: the spec's incremental-sync stamp (the vendor's list example shows neither).
		fields: [
			'poNo',
			'vendor',
			'orderDate',
			'expectedDate',
			'status',
			'totalLines',
			'totalValue',
			'lines',
			...stamps,
		],
		// Lines come only with Get (vendor docs): they are why a user reads one order, so Simplified keeps them.
		simple: [
			'poNo',
			'vendor',
			'status',
			'orderDate',
			'expectedDate',
			'totalLines',
			'totalValue',
			'lines',
			'modified',
		],
		statuses: ['Open', 'Partial', 'Closed'],
		done: 'Closed',
		get: 'purchaseOrder.get',
		lists: ['purchaseOrder.list'],
		example: 'PO-2025-0042',
		evidence: 'vendor docs',
	}),
	shippingOrder: kind({
		noun: 'shipping order',
		key: 'soNo',
		keyType: 'string',
		label: 'customer',
		fields: [
			'soNo',
			'customer',
			'orderDate',
			'shipDate',
			'status',
			'totalLines',
			'lines',
			...stamps,
		],
		simple: [
			'soNo',
			'customer',
			'status',
			'orderDate',
			'shipDate',
			'totalLines',
			'lines',
			'modified',
		],
		statuses: ['Open', 'Partial', 'Closed'],
		done: 'Closed',
		get: 'shippingOrder.get',
		lists: ['shippingOrder.list'],
		example: 'SO-2025-0015',
		evidence: 'vendor docs',
	}),
	workOrder: kind({
		noun: 'work order',
		key: 'woNo',
		keyType: 'string',
		label: 'description',
		fields: [
			'woNo',
			'description',
			'status',
			'startDate',
			'dueDate',
			'assignee',
			'totalLines',
			'lines',
			'notes',
			...stamps,
		],
		simple: [
			'woNo',
			'description',
			'status',
			'startDate',
			'dueDate',
			'assignee',
			'totalLines',
			'lines',
			'notes',
			'modified',
		],
		statuses: ['Open', 'In Progress', 'Closed'],
		done: 'Closed',
		get: 'workOrder.get',
		lists: ['workOrder.list'],
		example: 'WO-2025-0038',
		evidence: 'vendor docs',
	}),
	asset: kind({
		noun: 'asset',
		key: 'shortID',
		keyType: 'string',
		label: 'description',
		fields: [
			'shortID',
			'description',
			'assetType',
			'assetTypeName',
			'serial',
			'warehouse',
			'warehouseName',
			'location',
			'status',
			...stamps,
			'discontinued',
		],
		simple: [
			'shortID',
			'description',
			'assetTypeName',
			'serial',
			'warehouseName',
			'location',
			'status',
			'modified',
		],
		statuses: ['Active', 'Discontinued'],
		get: 'asset.get',
		lists: ['asset.list', 'asset.listAll'],
		example: 'FORKLIFT-001',
		evidence: 'vendor docs',
	}),
	assetType: kind({
		noun: 'asset type',
		key: 'typeID',
		keyType: 'integer',
		label: 'name',
		fields: ['typeID', 'name', 'description', ...stamps],
		simple: ['typeID', 'name', 'description'],
		lists: ['asset.types'],
		example: '2',
		evidence: 'assumed',
	}),
	category: kind({
		noun: 'category',
		key: 'categoryID',
		keyType: 'integer',
		label: 'name',
		fields: ['categoryID', 'name', 'description', 'active', ...stamps],
		simple: ['categoryID', 'name', 'description', 'active'],
		lists: ['category.list', 'category.listAll'],
		example: '5',
		evidence: 'vendor docs',
	}),
	reasonCode: kind({
		noun: 'reason code',
		key: 'reasonCodeID',
		keyType: 'integer',
		label: 'code',
		fields: ['reasonCodeID', 'code', 'description', 'type', 'active', ...stamps],
		simple: ['reasonCodeID', 'code', 'description'],
		lists: ['reasonCode.list', 'reasonCode.listAll'],
		example: '3',
		evidence: 'assumed',
	}),
	location: kind({
		noun: 'location',
		key: 'spot',
		keyType: 'string',
		label: 'description',
		// modified: the spec's incremental-sync stamp (the vendor's object shows none).
		fields: ['spot', 'warehouseID', 'warehouseName', 'description', 'hold', 'active', 'modified'],
		simple: ['spot', 'description', 'warehouseID', 'warehouseName', 'hold', 'active'],
		lists: ['location.list'],
		example: 'A-01-03',
		evidence: 'vendor docs',
	}),
	warehouse: kind({
		noun: 'warehouse',
		key: 'warehouseID',
		keyType: 'integer',
		label: 'name',
		fields: ['warehouseID', 'code', 'name', 'address', 'city', 'country', 'active', ...stamps],
		simple: ['warehouseID', 'name', 'code'],
		lists: ['warehouse.list'],
		example: '2',
		evidence: 'assumed',
	}),
	report: kind({
		noun: 'report',
		key: 'reportID',
		keyType: 'integer',
		label: 'reportName',
		fields: ['reportID', 'reportName', 'reportType'],
		simple: ['reportID', 'reportName', 'reportType'],
		lists: ['report.list'],
		example: '12',
		evidence: 'vendor docs',
	}),
	webhook: kind({
		noun: 'webhook subscription',
		key: 'rec',
		keyType: 'integer',
		label: 'name',
		detail: 'url',
		fields: [
			'rec',
			'name',
			'url',
			'events',
			'payloadMode',
			'active',
			'disableType',
			'failureCount',
			'failureDays',
			'lastSuccess',
			'lastFailure',
			'lastError',
			...stamps,
		],
		simple: ['rec', 'name', 'url', 'events', 'active', 'disableType'],
		get: 'webhook.get',
		lists: ['webhook.list'],
		example: '4',
		evidence: 'spec',
	}),
	webhookLog: kind({
		noun: 'delivery log entry',
		key: 'rec',
		keyType: 'integer',
		label: 'event',
		fields: [
			'rec',
			'event',
			'reference',
			'statusCode',
			'success',
			'attempt',
			'duration',
			'errorMessage',
			'payloadSize',
			'created',
		],
		simple: ['rec', 'event', 'reference', 'success'],
		lists: ['webhook.log'],
		example: '1',
		evidence: 'spec',
	}),
} as const satisfies Record<string, RecordKindSpec>;

export type RecordKind = keyof typeof RECORDS;

export function recordKind(kind: RecordKind): RecordKindSpec {
	return RECORDS[kind];
}

/** The kind a list row returns, if the registry states one. */
export function kindOfList(id: EndpointId): RecordKindSpec | undefined {
	return Object.values(RECORDS).find((spec: RecordKindSpec) =>
		(spec.lists as readonly string[]).includes(id),
	);
}
