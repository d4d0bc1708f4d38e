/**
 * The sandbox's own model of the service's routes: for each route its method, path, Security ID,
 * success status, body and query rules, the warehouse fields a scoped client may write, and the event
 * it emits. Declared here, not read from the node's table: test/contract/routes.test.ts checks that the
 * node's endpoint table and these routes agree on method, path and Security ID, so a wrong edit on
 * either side fails a test. Record shapes come from the registry, as the store's do.
 */
import { RECORDS } from '../nodes/shared/records';

export const API_PREFIX = '/api/v2';
export const TOKEN_PATH = '/Token';
export const DEFAULT_PAGE_SIZE = 25;
export const STANDARD_PAGE_SIZE = 250;
export const ORDER_PAGE_SIZE = 50;
export const REPORT_COUNT_RANGE = { min: 1, max: 1000 } as const;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A Security ID, 'report' for per-report group rights, or null for no check. */
export type Permission = number | 'report' | null;
export type ModifiedSinceSupport = 'supported' | 'headerOnly' | 'rejected' | 'ignored';

export interface FieldSpec {
	name: string;
	type: 'string' | 'number' | 'integer' | 'boolean' | 'dateTime' | 'object' | 'lines';
	required?: boolean;
	description: string;
	options?: readonly string[];
	typeOptions?: { password?: boolean };
	/** For type 'lines': the fields of one order line. */
	lineFields?: readonly FieldSpec[];
}

export interface ListSpec {
	maxPageSize: number;
	modifiedSince: ModifiedSinceSupport;
	orderDates?: boolean;
	sort: readonly string[] | 'reportColumns';
	defaultSort: string;
	/** The order without sort and direction, when not ascending (lots: newest first, vendor docs). */
	defaultDirection?: 'DESC';
}

export interface RouteSpec {
	method: Method;
	/** Relative to the API root. Placeholders in braces are path parameters. */
	path: string;
	permission: Permission;
	write: boolean;
	/** Status of success: 201 for a created resource, 204 for an answer without a body, otherwise 200. */
	success: 200 | 201 | 204;
	list?: ListSpec;
	query?: readonly FieldSpec[];
	body?: readonly FieldSpec[];
	/** Body or path fields naming a warehouse: writes outside the client's warehouses get 403. */
	warehouseFields?: readonly string[];
	/** Event type a successful call emits to webhook subscribers. */
	emits?: string;
	/** Other documented names of a body field (alias → field, e.g. the quickstart's), renamed before validation. */
	aliases?: Readonly<Record<string, string>>;
}

const modified = ['modified', 'created'] as const;

/** Sort columns end with the stamps the list's records carry (most carry both). */
const standardList = (
	sort: readonly string[],
	modifiedSince: ModifiedSinceSupport = 'supported',
	stamps: readonly string[] = modified,
): ListSpec => ({
	maxPageSize: STANDARD_PAGE_SIZE,
	modifiedSince,
	sort: [...sort, ...stamps],
	defaultSort: sort[0],
});

const orderList = (sort: readonly string[]): ListSpec => ({
	maxPageSize: ORDER_PAGE_SIZE,
	modifiedSince: 'headerOnly',
	orderDates: true,
	sort: [...sort, ...modified],
	defaultSort: sort[0],
});

/** The item object's writable fields as the items page documents them (category ids are integers). */
const itemFields: readonly FieldSpec[] = [
	{ name: 'description', type: 'string', description: 'Item description' },
	{ name: 'category', type: 'integer', description: 'Category ID' },
	{
		name: 'subCategory',
		type: 'integer',
		description: 'Sub-category ID (a category with a parent)',
	},
	{ name: 'uOM', type: 'string', description: 'Unit of measure, e.g. EA, BOX, KG' },
	{ name: 'putUp', type: 'string', description: 'Packaging, e.g. Box/100' },
	{ name: 'units', type: 'number', description: 'Units per package' },
	{
		name: 'dfltOwner',
		type: 'integer',
		description: 'Default owner: a customer id, 0 = own stock',
	},
];

/**
 * The item key is itemID: the spec's validation example (an empty create names itemID) outranks the
 * quickstart, whose create body says shortID, categoryID and unit; those are taken as other names.
 */
const ITEM_ALIASES = { shortID: 'itemID', categoryID: 'category', unit: 'uOM' } as const;

const partyFields: readonly FieldSpec[] = [
	{ name: 'name', type: 'string', required: true, description: 'Name' },
	...['address1', 'address2', 'city', 'state', 'zip', 'phone', 'fax', 'email', 'contact'].map(
		(name): FieldSpec => ({
			name,
			type: 'string',
			description: name,
		}),
	),
	{ name: 'country', type: 'string', description: 'Country (ISO 3166 alpha-2)' },
	{ name: 'active', type: 'boolean', description: 'Whether the record is active' },
];
const shortIdField: FieldSpec = {
	name: 'shortID',
	type: 'string',
	required: true,
	description: 'Unique identifier',
};

const optional = (fields: readonly FieldSpec[]): readonly FieldSpec[] =>
	fields.map((field) => ({ ...field, required: false }));

const assetFields: readonly FieldSpec[] = [
	{ name: 'description', type: 'string', description: 'Description' },
	{ name: 'assetType', type: 'integer', description: 'Asset type (see Asset Types)' },
	{ name: 'warehouse', type: 'integer', description: 'Warehouse holding the asset' },
	{ name: 'location', type: 'string', description: 'Spot in the warehouse' },
	{ name: 'serial', type: 'string', description: 'Serial number' },
	{ name: 'status', type: 'string', description: 'Status', options: ['Active', 'Discontinued'] },
];

const orderLine = (price: boolean): readonly FieldSpec[] => [
	{ name: 'shortID', type: 'string', required: true, description: 'Item shortID' },
	{ name: 'units', type: 'number', required: true, description: 'Units ordered' },
	{ name: 'warehouse', type: 'integer', required: true, description: 'Warehouse of the line' },
	...(price ? [{ name: 'unitPrice', type: 'number', description: 'Price per unit' } as const] : []),
];

/** Stock writes in the vocabulary of the documented stock records (vendor docs: units, wID, spot, serial, remark). */
const stockFields = (extra: readonly FieldSpec[]): readonly FieldSpec[] => [
	{ name: 'itemID', type: 'string', required: true, description: 'Item shortID' },
	...extra,
	{ name: 'units', type: 'number', required: true, description: 'Units, greater than zero' },
	{ name: 'serial', type: 'string', description: 'Serial or lot number' },
	{ name: 'remark', type: 'string', description: 'Free note, e.g. a delivery note' },
];

const warehouseId = (name: string, description: string): FieldSpec => ({
	name,
	type: 'integer',
	required: true,
	description,
});

/** Lots have no created / modified (vendor docs): their own columns only, newest received first. */
const lotList = (sort: readonly string[]): ListSpec => ({
	maxPageSize: STANDARD_PAGE_SIZE,
	modifiedSince: 'rejected',
	sort,
	defaultSort: 'received',
	defaultDirection: 'DESC',
});
/** The lot's documented fields, as the registry states them (the store's lots have exactly these). */
const LOT_SORT = RECORDS.lot.fields;
const STOCK_LEVEL_SORT = ['shortID', 'partNo', 'wID', 'units'];
const PARTY_SORT = ['shortID', 'name', 'city', 'state', 'zip', 'country', 'contact', 'active'];
const ASSET_SORT = [
	'shortID',
	'description',
	'assetType',
	'serial',
	'warehouse',
	'location',
	'status',
];
const spotQuery: FieldSpec = {
	name: 'id',
	type: 'string',
	required: true,
	description: 'The spot code',
};

// prettier-ignore
export const ROUTES = {
	// Items — read 11, write 116
	'item.list': {
		method: 'GET', path: '/Item', permission: 11, write: false, success: 200,
		list: standardList(['partNo', 'shortID', 'description', 'category']),
	},
	'item.listAll': {
		method: 'GET', path: '/Item/All', permission: 11, write: false, success: 200,
		list: standardList(['partNo', 'shortID', 'description', 'category']),
	},
	'item.get': {
		method: 'GET', path: '/Item', permission: 11, write: false, success: 200,
		query: [ { name: 'key', type: 'string', required: true, description: 'The shortID, alias or partNo to look up' }, { name: 'type', type: 'string', required: true, description: 'What key holds', options: ['id', 'alias', 'partNo'] }, ],
	},
	'item.create': {
		method: 'POST', path: '/Item', permission: 116, write: true, success: 201, emits: 'item.created',
		body: [{ name: 'itemID', type: 'string', required: true, description: 'The item ID (shortID), unique' }, ...itemFields],
		aliases: ITEM_ALIASES,
	},
	'item.update': {
		method: 'PUT', path: '/Item', permission: 116, write: true, success: 200, emits: 'item.updated',
		body: [{ name: 'itemID', type: 'string', required: true, description: 'The item ID (shortID) to update' }, ...itemFields],
		aliases: ITEM_ALIASES,
	},
	'item.discontinue': {
		method: 'DELETE', path: '/Item/{shortID}', permission: 116, write: true, success: 200, emits: 'item.updated',
	},
	// Inventory — read 11; receive 95, move 15, issue 88
	'inventory.list': {
		method: 'GET', path: '/Inventory', permission: 11, write: false, success: 200,
		list: lotList(LOT_SORT),
	},
	'inventory.listByWarehouse': {
		method: 'GET', path: '/Inventory/{warehouseID}', permission: 11, write: false, success: 200,
		list: lotList(LOT_SORT),
	},
	'inventory.stockLevels': {
		method: 'GET', path: '/Inventory/StockLevels', permission: 11, write: false, success: 200,
		list: standardList(STOCK_LEVEL_SORT, 'rejected', []),
	},
	'inventory.stockLevelsByWarehouse': {
		method: 'GET', path: '/Inventory/StockLevels/{warehouseID}', permission: 11, write: false, success: 200,
		list: standardList(STOCK_LEVEL_SORT, 'rejected', []),
	},
	'inventory.materialIn': {
		method: 'GET', path: '/Inventory/MaterialIn', permission: 11, write: false, success: 200,
		list: standardList(['recNo', 'partNo', 'wID']),
	},
	'inventory.materialOut': {
		method: 'GET', path: '/Inventory/MaterialOut', permission: 11, write: false, success: 200,
		list: standardList(['recNo', 'partNo', 'wID']),
	},
	'inventory.materialInByWarehouse': {
		method: 'GET', path: '/Inventory/MaterialIn/{warehouseID}', permission: 11, write: false, success: 200,
		list: standardList(['recNo', 'partNo']),
	},
	'inventory.materialOutByWarehouse': {
		method: 'GET', path: '/Inventory/MaterialOut/{warehouseID}', permission: 11, write: false, success: 200,
		list: standardList(['recNo', 'partNo']),
	},
	'inventory.receive': {
		method: 'POST', path: '/Inventory/Receive', permission: 95, write: true, success: 201, emits: 'inventory.received',
		warehouseFields: ['wID'],
		body: stockFields([
			warehouseId('wID', 'Warehouse receiving the stock'),
			{ name: 'spot', type: 'string', description: 'Spot (bin) code' },
			{ name: 'unitCost', type: 'number', description: 'Cost per unit' },
			{ name: 'reasonCode', type: 'string', description: 'Reason code' },
		]),
	},
	'inventory.move': {
		method: 'POST', path: '/Inventory/Move', permission: 15, write: true, success: 201, emits: 'inventory.moved',
		warehouseFields: ['fromWID', 'toWID'],
		body: stockFields([
			warehouseId('fromWID', 'Warehouse the stock leaves'),
			{ name: 'fromSpot', type: 'string', description: 'Spot the stock leaves' },
			warehouseId('toWID', 'Warehouse the stock goes to'),
			{ name: 'toSpot', type: 'string', description: 'Spot the stock goes to' },
		]),
	},
	'inventory.issue': {
		method: 'POST', path: '/Inventory/Issue', permission: 88, write: true, success: 201, emits: 'inventory.issued',
		warehouseFields: ['wID'],
		body: stockFields([
			warehouseId('wID', 'Warehouse issuing the stock'),
			{ name: 'spot', type: 'string', description: 'Spot (bin) code' },
			{ name: 'reasonCode', type: 'string', description: 'Reason code' },
		]),
	},
	// Customers — read 130, write 131
	'customer.list': {
		method: 'GET', path: '/Customer', permission: 130, write: false, success: 200,
		list: standardList(PARTY_SORT),
	},
	'customer.listAll': {
		method: 'GET', path: '/Customer/All', permission: 130, write: false, success: 200,
		list: standardList(PARTY_SORT),
	},
	'customer.get': {
		method: 'GET', path: '/Customer/{shortID}', permission: 130, write: false, success: 200,
	},
	'customer.create': {
		method: 'POST', path: '/Customer', permission: 131, write: true, success: 201, body: [shortIdField, ...partyFields],
	},
	'customer.update': {
		method: 'PUT', path: '/Customer/{shortID}', permission: 131, write: true, success: 200,
		body: optional(partyFields),
	},
	// Vendors — read 19, write 20
	'vendor.list': {
		method: 'GET', path: '/Vendor', permission: 19, write: false, success: 200,
		list: standardList(PARTY_SORT),
	},
	'vendor.listAll': {
		method: 'GET', path: '/Vendor/All', permission: 19, write: false, success: 200,
		list: standardList(PARTY_SORT),
	},
	'vendor.get': {
		method: 'GET', path: '/Vendor/{shortID}', permission: 19, write: false, success: 200,
	},
	'vendor.create': {
		method: 'POST', path: '/Vendor', permission: 20, write: true, success: 201, body: [shortIdField, ...partyFields],
	},
	'vendor.update': {
		method: 'PUT', path: '/Vendor/{shortID}', permission: 20, write: true, success: 200,
		body: optional(partyFields),
	},
	// Purchase orders — read 18, write 42 (create and finalize)
	'purchaseOrder.list': {
		method: 'GET', path: '/PurchaseOrder', permission: 18, write: false, success: 200,
		list: orderList(['poNo', 'orderDate', 'expectedDate', 'vendor', 'status', 'totalValue']),
	},
	'purchaseOrder.get': {
		method: 'GET', path: '/PurchaseOrder/{poNo}', permission: 18, write: false, success: 200,
	},
	'purchaseOrder.create': {
		method: 'POST', path: '/PurchaseOrder', permission: 42, write: true, success: 201, emits: 'order.created',
		body: [
			{ name: 'vendor', type: 'string', required: true, description: 'Vendor supplying the goods (shortID)' },
			{ name: 'orderDate', type: 'dateTime', description: 'Order date (defaults to now)' },
			{ name: 'expectedDate', type: 'dateTime', description: 'Expected delivery' },
			{ name: 'lines', type: 'lines', required: true, description: 'Order lines', lineFields: orderLine(true) },
		],
	},
	'purchaseOrder.finalize': {
		method: 'POST', path: '/PurchaseOrder/{poNo}/Finalize', permission: 42, write: true, success: 200,
		emits: 'order.completed',
	},
	// Shipping orders — read 120, write 125
	'shippingOrder.list': {
		method: 'GET', path: '/ShippingOrder', permission: 120, write: false, success: 200,
		list: orderList(['soNo', 'orderDate', 'shipDate', 'customer', 'status']),
	},
	'shippingOrder.get': {
		method: 'GET', path: '/ShippingOrder/{soNo}', permission: 120, write: false, success: 200,
	},
	'shippingOrder.create': {
		method: 'POST', path: '/ShippingOrder', permission: 125, write: true, success: 201, emits: 'order.created',
		body: [
			{ name: 'customer', type: 'string', required: true, description: 'Customer receiving the goods (shortID)' },
			{ name: 'orderDate', type: 'dateTime', description: 'Order date (defaults to now)' },
			{ name: 'shipDate', type: 'dateTime', description: 'Planned ship date' },
			{ name: 'lines', type: 'lines', required: true, description: 'Order lines', lineFields: orderLine(false) },
		],
	},
	'shippingOrder.update': {
		method: 'PUT', path: '/ShippingOrder/{soNo}', permission: 125, write: true, success: 200, emits: 'order.completed',
		body: [
			{ name: 'shipDate', type: 'dateTime', description: 'Ship date' },
			{ name: 'status', type: 'string', description: 'Status', options: ['Open', 'Partial', 'Closed'] },
		],
	},
	// Work orders — read 134, read-only
	'workOrder.list': {
		method: 'GET', path: '/WorkOrder', permission: 134, write: false, success: 200,
		list: orderList(['woNo', 'startDate', 'dueDate', 'assignee', 'status']),
	},
	'workOrder.get': {
		method: 'GET', path: '/WorkOrder/{woNo}', permission: 134, write: false, success: 200,
	},
	// Assets — read 26, write 161
	'asset.list': {
		method: 'GET', path: '/Asset', permission: 26, write: false, success: 200,
		list: standardList(ASSET_SORT),
	},
	'asset.listAll': {
		method: 'GET', path: '/Asset/All', permission: 26, write: false, success: 200,
		list: standardList(ASSET_SORT),
	},
	'asset.types': {
		method: 'GET', path: '/Asset/Types', permission: 26, write: false, success: 200,
		list: standardList(['typeID', 'name']),
	},
	'asset.get': {
		method: 'GET', path: '/Asset/{shortID}', permission: 26, write: false, success: 200,
	},
	'asset.create': {
		method: 'POST', path: '/Asset', permission: 161, write: true, success: 201, warehouseFields: ['warehouse'],
		body: [shortIdField, ...assetFields],
	},
	'asset.update': {
		method: 'PUT', path: '/Asset/{shortID}', permission: 161, write: true, success: 200,
		warehouseFields: ['warehouse'], body: optional(assetFields),
	},
	// Categories — read 104, write 105 (delete, disable)
	'category.list': {
		method: 'GET', path: '/Category', permission: 104, write: false, success: 200,
		list: standardList(['categoryID', 'name']),
	},
	'category.listAll': {
		method: 'GET', path: '/Category/All', permission: 104, write: false, success: 200,
		list: standardList(['categoryID', 'name']),
	},
	'category.get': {
		method: 'GET', path: '/Category/{categoryID}', permission: 104, write: false, success: 200,
	},
	'category.delete': {
		method: 'DELETE', path: '/Category/{categoryID}', permission: 105, write: true, success: 200,
	},
	'category.disable': {
		method: 'POST', path: '/Category/{categoryID}/Disable', permission: 105, write: true, success: 200,
	},
	// Reason codes — read 104, write 105 (delete, disable)
	'reasonCode.list': {
		method: 'GET', path: '/ReasonCode', permission: 104, write: false, success: 200,
		list: standardList(['reasonCodeID', 'code']),
	},
	'reasonCode.listAll': {
		method: 'GET', path: '/ReasonCode/All', permission: 104, write: false, success: 200,
		list: standardList(['reasonCodeID', 'code']),
	},
	'reasonCode.delete': {
		method: 'DELETE', path: '/ReasonCode/{reasonCodeID}', permission: 105, write: true, success: 200,
	},
	'reasonCode.disable': {
		method: 'POST', path: '/ReasonCode/{reasonCodeID}/Disable', permission: 105, write: true, success: 200,
	},
	// Locations — read 114, write 115 (hold, release)
	'location.list': {
		method: 'GET', path: '/Location', permission: 114, write: false, success: 200,
		list: standardList(['spot', 'warehouseID', 'description', 'hold'], 'supported', ['modified']),
	},
	'location.get': {
		method: 'GET', path: '/Location/{spot}', permission: 114, write: false, success: 200,
	},
	'location.hold': {
		method: 'POST', path: '/Location/Hold', permission: 115, write: true, success: 204,
		query: [spotQuery],
	},
	'location.release': {
		method: 'POST', path: '/Location/Release', permission: 115, write: true, success: 204,
		query: [spotQuery],
	},
	// Warehouses — read 113, read-only
	'warehouse.list': {
		method: 'GET', path: '/Warehouse', permission: 113, write: false, success: 200,
		list: standardList(['warehouseID', 'code', 'name']),
	},
	'warehouse.items': {
		method: 'GET', path: '/Warehouse/{warehouseID}/Items', permission: 113, write: false, success: 200,
		list: standardList(['partNo', 'shortID', 'quantity'], 'rejected'),
	},
	// Reports — per-report group rights
	'report.list': {
		method: 'GET', path: '/Report', permission: 'report', write: false, success: 200,
		list: standardList(['reportID', 'reportName', 'reportType'], 'ignored', []),
	},
	'report.run': {
		method: 'GET', path: '/Report/{reportID}', permission: 'report', write: false, success: 200,
		list: { maxPageSize: STANDARD_PAGE_SIZE, modifiedSince: 'ignored', sort: 'reportColumns', defaultSort: '' },
		// Vendor docs (reports page, v1): both optional; what they do is per report (resources/reports.ts).
		query: [ { name: 'flags', type: 'string', description: 'Report-specific flag string' }, { name: 'count', type: 'integer', description: 'Alternate row count' }, ],
	},
	'report.latest': {
		method: 'GET', path: '/Report/{reportID}/{count}', permission: 'report', write: false, success: 200,
	},
	// Webhook subscriptions — 370 for everything; each client sees only its own
	'webhook.list': {
		method: 'GET', path: '/Webhook', permission: 370, write: false, success: 200,
		list: standardList(['rec', 'name'], 'ignored'),
	},
	'webhook.get': {
		method: 'GET', path: '/Webhook/{rec}', permission: 370, write: false, success: 200,
	},
	'webhook.create': {
		method: 'POST', path: '/Webhook', permission: 370, write: true, success: 201, body: webhookBody(),
	},
	'webhook.update': {
		method: 'PUT', path: '/Webhook/{rec}', permission: 370, write: true, success: 200, body: webhookBody(),
	},
	'webhook.delete': {
		method: 'DELETE', path: '/Webhook/{rec}', permission: 370, write: true, success: 200,
	},
	'webhook.test': {
		method: 'POST', path: '/Webhook/{rec}/test', permission: 370, write: true, success: 200,
	},
	'webhook.log': {
		method: 'GET', path: '/Webhook/{rec}/log', permission: 370, write: false, success: 200,
		list: standardList(['rec', 'event'], 'ignored', ['created']),
	},
} as const satisfies Record<string, RouteSpec>;

export type RouteId = keyof typeof ROUTES;

function webhookBody(): readonly FieldSpec[] {
	return [
		{ name: 'name', type: 'string', required: true, description: 'Display name' },
		{
			name: 'url',
			type: 'string',
			required: true,
			description: 'HTTPS endpoint receiving deliveries',
		},
		{ name: 'events', type: 'string', required: true, description: 'Comma-separated event types' },
		{
			name: 'payloadMode',
			type: 'integer',
			required: true,
			description: '1 = full payload, 2 = identifiers only',
			options: ['1', '2'],
		},
		{
			name: 'active',
			type: 'boolean',
			required: true,
			description: 'true starts delivery immediately',
		},
		{
			name: 'secret',
			type: 'string',
			typeOptions: { password: true },
			description: 'Signing secret; generated when omitted',
		},
		{ name: 'headers', type: 'object', description: 'Custom headers added to each delivery' },
	];
}

/** Any route, typed as the common shape. */
export function route(id: RouteId): RouteSpec {
	return ROUTES[id];
}
