/**
 * The sandbox's own model of the service's routes: for each route its method, path, Security ID,
 * success status, body and query rules, the warehouse fields a scoped client may write, and the event
 * it emits. Declared here, not read from the node's table: test/contract/routes.test.ts checks that the
 * node's endpoint table and these routes agree on method, path and Security ID, so a wrong edit on
 * either side fails a test.
 */

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
}

export interface RouteSpec {
	method: Method;
	/** Relative to the API root. Placeholders in braces are path parameters. */
	path: string;
	permission: Permission;
	write: boolean;
	/** Status of success: 201 for a created resource, otherwise 200. */
	success: 200 | 201;
	list?: ListSpec;
	query?: readonly FieldSpec[];
	body?: readonly FieldSpec[];
	/** Body or path fields naming a warehouse: writes outside the client's warehouses get 403. */
	warehouseFields?: readonly string[];
	/** Event type a successful call emits to webhook subscribers. */
	emits?: string;
}

/** The field that identifies one record of each resource in paths and payloads. */
export const ID_FIELD = {
	item: 'shortID',
	inventory: 'recNo',
	customer: 'customerID',
	vendor: 'vendorID',
	purchaseOrder: 'poNo',
	shippingOrder: 'soNo',
	workOrder: 'woNo',
	asset: 'assetID',
	category: 'categoryID',
	reasonCode: 'reasonCodeID',
	location: 'locationID',
	warehouse: 'warehouseID',
	report: 'reportID',
	webhook: 'rec',
} as const;

const modified = ['modified', 'created'] as const;

const standardList = (sort: readonly string[], modifiedSince: ModifiedSinceSupport = 'supported'): ListSpec => ({
	maxPageSize: STANDARD_PAGE_SIZE,
	modifiedSince,
	sort: [...sort, ...modified],
	defaultSort: sort[0],
});

const orderList = (sort: readonly string[]): ListSpec => ({
	maxPageSize: ORDER_PAGE_SIZE,
	modifiedSince: 'headerOnly',
	orderDates: true,
	sort: [...sort, ...modified],
	defaultSort: sort[0],
});

const itemFields: readonly FieldSpec[] = [
	{ name: 'description', type: 'string', description: 'Item description' },
	{ name: 'category', type: 'string', description: 'Category name' },
	{ name: 'subCategory', type: 'string', description: 'Sub-category name' },
	{ name: 'uOM', type: 'string', description: 'Unit of measure, e.g. EA, BOX, KG' },
	{ name: 'units', type: 'number', description: 'Units per unit of measure' },
];

const partyFields = (codeField: string): readonly FieldSpec[] => [
	{ name: 'name', type: 'string', required: true, description: 'Name' },
	{ name: codeField, type: 'string', description: 'Short code' },
	{ name: 'email', type: 'string', description: 'Email address' },
	{ name: 'phone', type: 'string', description: 'Phone number' },
	{ name: 'address', type: 'string', description: 'Street address' },
	{ name: 'city', type: 'string', description: 'City' },
	{ name: 'postalCode', type: 'string', description: 'Postal code' },
	{ name: 'country', type: 'string', description: 'Country (ISO 3166 alpha-2)' },
	{ name: 'active', type: 'boolean', description: 'Whether the record is active' },
];

const optional = (fields: readonly FieldSpec[]): readonly FieldSpec[] => fields.map((field) => ({ ...field, required: false }));

const assetFields: readonly FieldSpec[] = [
	{ name: 'assetTag', type: 'string', required: true, description: 'Asset tag, unique' },
	{ name: 'description', type: 'string', description: 'Description' },
	{ name: 'typeID', type: 'integer', description: 'Asset type (see Asset Types)' },
	{ name: 'warehouseID', type: 'integer', description: 'Warehouse holding the asset' },
	{ name: 'location', type: 'string', description: 'Bin or location code' },
	{ name: 'serialNo', type: 'string', description: 'Serial number' },
	{ name: 'status', type: 'string', description: 'Status', options: ['In Service', 'In Repair', 'Retired'] },
];

const orderLine = (priceField: string): readonly FieldSpec[] => [
	{ name: 'itemID', type: 'string', required: true, description: 'Item shortID' },
	{ name: 'quantity', type: 'number', required: true, description: 'Quantity ordered' },
	{ name: priceField, type: 'number', description: 'Price per unit' },
];

const stockFields = (extra: readonly FieldSpec[]): readonly FieldSpec[] => [
	{ name: 'itemID', type: 'string', required: true, description: 'Item shortID' },
	...extra,
	{ name: 'quantity', type: 'number', required: true, description: 'Quantity, greater than zero' },
	{ name: 'lot', type: 'string', description: 'Lot or batch number' },
	{ name: 'reference', type: 'string', description: 'Free reference, e.g. a delivery note' },
];

const warehouseId = (name: string, description: string): FieldSpec => ({
	name,
	type: 'integer',
	required: true,
	description,
});

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
		query: [ { name: 'key', type: 'string', required: true, description: 'The shortID or partNo to look up' }, { name: 'type', type: 'string', required: true, description: 'What key holds', options: ['id', 'partNo'] }, ],
	},
	'item.create': {
		method: 'POST', path: '/Item', permission: 116, write: true, success: 201, emits: 'item.created',
		body: [{ name: 'itemID', type: 'string', required: true, description: 'The item ID (shortID), unique' }, ...itemFields],
	},
	'item.update': {
		method: 'PUT', path: '/Item', permission: 116, write: true, success: 200, emits: 'item.updated',
		body: [{ name: 'itemID', type: 'string', required: true, description: 'The item ID (shortID) to update' }, ...itemFields],
	},
	'item.discontinue': {
		method: 'DELETE', path: '/Item/{shortID}', permission: 116, write: true, success: 200, emits: 'item.updated',
	},
	// Inventory — read 11; receive 95, move 15, issue 88
	'inventory.list': {
		method: 'GET', path: '/Inventory', permission: 11, write: false, success: 200,
		list: standardList(['partNo', 'shortID', 'warehouseID', 'location', 'quantity'], 'rejected'),
	},
	'inventory.listByWarehouse': {
		method: 'GET', path: '/Inventory/{warehouseID}', permission: 11, write: false, success: 200,
		list: standardList(['partNo', 'shortID', 'location', 'quantity'], 'rejected'),
	},
	'inventory.materialIn': {
		method: 'GET', path: '/Inventory/MaterialIn', permission: 11, write: false, success: 200,
		list: standardList(['recNo', 'partNo', 'warehouseID']),
	},
	'inventory.materialOut': {
		method: 'GET', path: '/Inventory/MaterialOut', permission: 11, write: false, success: 200,
		list: standardList(['recNo', 'partNo', 'warehouseID']),
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
		warehouseFields: ['warehouseID'],
		body: stockFields([
			warehouseId('warehouseID', 'Warehouse receiving the stock'),
			{ name: 'location', type: 'string', description: 'Bin or location code' },
			{ name: 'unitCost', type: 'number', description: 'Cost per unit' },
			{ name: 'reasonCode', type: 'string', description: 'Reason code' },
		]),
	},
	'inventory.move': {
		method: 'POST', path: '/Inventory/Move', permission: 15, write: true, success: 201, emits: 'inventory.moved',
		warehouseFields: ['fromWarehouseID', 'toWarehouseID'],
		body: stockFields([
			warehouseId('fromWarehouseID', 'Warehouse the stock leaves'),
			{ name: 'fromLocation', type: 'string', description: 'Bin the stock leaves' },
			warehouseId('toWarehouseID', 'Warehouse the stock goes to'),
			{ name: 'toLocation', type: 'string', description: 'Bin the stock goes to' },
		]),
	},
	'inventory.issue': {
		method: 'POST', path: '/Inventory/Issue', permission: 88, write: true, success: 201, emits: 'inventory.issued',
		warehouseFields: ['warehouseID'],
		body: stockFields([
			warehouseId('warehouseID', 'Warehouse issuing the stock'),
			{ name: 'location', type: 'string', description: 'Bin or location code' },
			{ name: 'reasonCode', type: 'string', description: 'Reason code' },
		]),
	},
	// Customers — read 130, write 131
	'customer.list': {
		method: 'GET', path: '/Customer', permission: 130, write: false, success: 200,
		list: standardList(['customerID', 'name', 'customerCode']),
	},
	'customer.listAll': {
		method: 'GET', path: '/Customer/All', permission: 130, write: false, success: 200,
		list: standardList(['customerID', 'name', 'customerCode']),
	},
	'customer.get': {
		method: 'GET', path: '/Customer/{customerID}', permission: 130, write: false, success: 200,
	},
	'customer.create': {
		method: 'POST', path: '/Customer', permission: 131, write: true, success: 201, body: partyFields('customerCode'),
	},
	'customer.update': {
		method: 'PUT', path: '/Customer/{customerID}', permission: 131, write: true, success: 200,
		body: optional(partyFields('customerCode')),
	},
	// Vendors — read 19, write 20
	'vendor.list': {
		method: 'GET', path: '/Vendor', permission: 19, write: false, success: 200,
		list: standardList(['vendorID', 'name', 'vendorCode']),
	},
	'vendor.listAll': {
		method: 'GET', path: '/Vendor/All', permission: 19, write: false, success: 200,
		list: standardList(['vendorID', 'name', 'vendorCode']),
	},
	'vendor.get': {
		method: 'GET', path: '/Vendor/{vendorID}', permission: 19, write: false, success: 200,
	},
	'vendor.create': {
		method: 'POST', path: '/Vendor', permission: 20, write: true, success: 201, body: partyFields('vendorCode'),
	},
	'vendor.update': {
		method: 'PUT', path: '/Vendor/{vendorID}', permission: 20, write: true, success: 200,
		body: optional(partyFields('vendorCode')),
	},
	// Purchase orders — read 18, write 42 (create and finalize)
	'purchaseOrder.list': {
		method: 'GET', path: '/PurchaseOrder', permission: 18, write: false, success: 200,
		list: orderList(['poNo', 'orderDate', 'vendorID', 'status']),
	},
	'purchaseOrder.get': {
		method: 'GET', path: '/PurchaseOrder/{poNo}', permission: 18, write: false, success: 200,
	},
	'purchaseOrder.create': {
		method: 'POST', path: '/PurchaseOrder', permission: 42, write: true, success: 201, emits: 'order.created',
		warehouseFields: ['warehouseID'],
		body: [
			{ name: 'vendorID', type: 'integer', required: true, description: 'Vendor supplying the goods' },
			warehouseId('warehouseID', 'Warehouse receiving the goods'),
			{ name: 'orderDate', type: 'dateTime', description: 'Order date (defaults to now)' },
			{ name: 'reference', type: 'string', description: 'Free reference' },
			{ name: 'lines', type: 'lines', required: true, description: 'Order lines', lineFields: orderLine('unitCost') },
		],
	},
	'purchaseOrder.finalize': {
		method: 'POST', path: '/PurchaseOrder/{poNo}/Finalize', permission: 42, write: true, success: 200,
		emits: 'order.completed', warehouseFields: ['warehouseID'],
	},
	// Shipping orders — read 120, write 125
	'shippingOrder.list': {
		method: 'GET', path: '/ShippingOrder', permission: 120, write: false, success: 200,
		list: orderList(['soNo', 'orderDate', 'customerID', 'status']),
	},
	'shippingOrder.get': {
		method: 'GET', path: '/ShippingOrder/{soNo}', permission: 120, write: false, success: 200,
	},
	'shippingOrder.create': {
		method: 'POST', path: '/ShippingOrder', permission: 125, write: true, success: 201, emits: 'order.created',
		warehouseFields: ['warehouseID'],
		body: [
			{ name: 'customerID', type: 'integer', required: true, description: 'Customer receiving the goods' },
			warehouseId('warehouseID', 'Warehouse shipping the goods'),
			{ name: 'orderDate', type: 'dateTime', description: 'Order date (defaults to now)' },
			{ name: 'reference', type: 'string', description: 'Free reference' },
			{ name: 'lines', type: 'lines', required: true, description: 'Order lines', lineFields: orderLine('unitPrice') },
		],
	},
	'shippingOrder.update': {
		method: 'PUT', path: '/ShippingOrder/{soNo}', permission: 125, write: true, success: 200, emits: 'order.completed',
		warehouseFields: ['warehouseID'],
		body: [
			{ name: 'reference', type: 'string', description: 'Free reference' },
			{ name: 'carrier', type: 'string', description: 'Carrier' },
			{ name: 'trackingNo', type: 'string', description: 'Tracking number' },
			{ name: 'shipDate', type: 'dateTime', description: 'Ship date' },
			{ name: 'status', type: 'string', description: 'Status', options: ['Open', 'Picked', 'Shipped', 'Completed'] },
		],
	},
	// Work orders — read 134, read-only
	'workOrder.list': {
		method: 'GET', path: '/WorkOrder', permission: 134, write: false, success: 200,
		list: orderList(['woNo', 'orderDate', 'partNo', 'status']),
	},
	'workOrder.get': {
		method: 'GET', path: '/WorkOrder/{woNo}', permission: 134, write: false, success: 200,
	},
	// Assets — read 26, write 161
	'asset.list': {
		method: 'GET', path: '/Asset', permission: 26, write: false, success: 200,
		list: standardList(['assetID', 'assetTag', 'typeID', 'warehouseID']),
	},
	'asset.listAll': {
		method: 'GET', path: '/Asset/All', permission: 26, write: false, success: 200,
		list: standardList(['assetID', 'assetTag', 'typeID', 'warehouseID']),
	},
	'asset.types': {
		method: 'GET', path: '/Asset/Types', permission: 26, write: false, success: 200,
		list: standardList(['typeID', 'name']),
	},
	'asset.get': {
		method: 'GET', path: '/Asset/{assetID}', permission: 26, write: false, success: 200,
	},
	'asset.create': {
		method: 'POST', path: '/Asset', permission: 161, write: true, success: 201, warehouseFields: ['warehouseID'],
		body: assetFields,
	},
	'asset.update': {
		method: 'PUT', path: '/Asset/{assetID}', permission: 161, write: true, success: 200,
		warehouseFields: ['warehouseID'], body: optional(assetFields),
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
		list: standardList(['locationID', 'warehouseID', 'code']),
	},
	'location.hold': {
		method: 'POST', path: '/Location/{locationID}/Hold', permission: 115, write: true, success: 200,
		warehouseFields: ['warehouseID'],
		body: [{ name: 'reason', type: 'string', description: 'Why the location is held' }],
	},
	'location.release': {
		method: 'POST', path: '/Location/{locationID}/Release', permission: 115, write: true, success: 200,
		warehouseFields: ['warehouseID'],
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
		list: standardList(['reportID', 'name'], 'ignored'),
	},
	'report.run': {
		method: 'GET', path: '/Report/{reportID}', permission: 'report', write: false, success: 200,
		list: { maxPageSize: STANDARD_PAGE_SIZE, modifiedSince: 'ignored', sort: 'reportColumns', defaultSort: '' },
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
		list: standardList(['rec', 'event'], 'ignored'),
	},
} as const satisfies Record<string, RouteSpec>;

export type RouteId = keyof typeof ROUTES;

function webhookBody(): readonly FieldSpec[] {
	return [
		{ name: 'name', type: 'string', required: true, description: 'Display name' },
		{ name: 'url', type: 'string', required: true, description: 'HTTPS endpoint receiving deliveries' },
		{ name: 'events', type: 'string', required: true, description: 'Comma-separated event types' },
		{ name: 'payloadMode', type: 'integer', required: true, description: '1 = full payload, 2 = identifiers only', options: ['1', '2'] },
		{ name: 'active', type: 'boolean', required: true, description: 'true starts delivery immediately' },
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
