/**
 * The one endpoint table: every path, method, body and permission the package knows.
 * The node builds its operations from it and the sandbox serves it, so the two cannot drift.
 *
 * `source` says where a row comes from, because the spec leaves most write paths unshown:
 *  - 'spec'     : stated by the v2 interface description (../shared/spec/inventory-api.md)
 *  - 'v1'       : the vendor's public v1 documentation; assumed unchanged in v2
 *  - 'assumed'  : REST convention, chosen by us; verify against your deployment
 * The README lists every non-'spec' row. Anything missing: the node's Custom API Request.
 */

export const RESOURCES = [
	'item',
	'inventory',
	'customer',
	'vendor',
	'purchaseOrder',
	'shippingOrder',
	'workOrder',
	'asset',
	'category',
	'reasonCode',
	'location',
	'warehouse',
	'report',
	'webhook',
] as const;
export type Resource = (typeof RESOURCES)[number];

export type PathSource = 'spec' | 'v1' | 'assumed';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A Security ID, 'report' for per-report group rights, or null for no check. */
export type Permission = number | 'report' | null;

/** How a list endpoint treats modifiedSince (spec, List conventions rule 6). */
export type ModifiedSinceSupport = 'supported' | 'headerOnly' | 'rejected' | 'ignored';

export interface FieldSpec {
	name: string;
	type: 'string' | 'number' | 'integer' | 'boolean' | 'dateTime' | 'object' | 'lines';
	required?: boolean;
	description: string;
	options?: readonly string[];
	/** Mirrors n8n's parameter option: a secret is masked in the UI and never echoed. */
	typeOptions?: { password?: boolean };
	/** For type 'lines': the fields of one order line. */
	lineFields?: readonly FieldSpec[];
}

export interface ListSpec {
	maxPageSize: number;
	modifiedSince: ModifiedSinceSupport;
	/** Order endpoints also take startDate / endDate (order creation time). */
	orderDates?: boolean;
	/** Allowed sort columns; 'reportColumns' means the columns of the report being run. */
	sort: readonly string[] | 'reportColumns';
	defaultSort: string;
}

export interface Endpoint {
	resource: Resource;
	method: Method;
	/** Relative to the API root (…/api/v2). Placeholders in braces are path parameters. */
	path: string;
	permission: Permission;
	write: boolean;
	source: PathSource;
	summary: string;
	/** Status of success: 201 for a created resource, otherwise 200. */
	success: 200 | 201;
	list?: ListSpec;
	/** Non-paging query parameters. */
	query?: readonly FieldSpec[];
	/** JSON body fields of a write. */
	body?: readonly FieldSpec[];
	/** Body or path fields naming a warehouse: writes outside the client's warehouses get 403. */
	warehouseFields?: readonly string[];
	/** Event type a successful call emits to webhook subscribers. */
	emits?: string;
}

/** The field that identifies one record of each resource in paths and payloads. */
export const ID_FIELD: Record<Resource, string> = {
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
};

export const STANDARD_PAGE_SIZE = 250;
export const ORDER_PAGE_SIZE = 50;
export const DEFAULT_PAGE_SIZE = 25;
export const REPORT_COUNT_RANGE = { min: 1, max: 1000 } as const;

/** The spec's common event types; deployments may publish more. */
export const COMMON_EVENTS = [
	'inventory.received',
	'inventory.issued',
	'inventory.moved',
	'item.created',
	'item.updated',
	'order.created',
	'order.completed',
] as const;

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

const optional = (fields: readonly FieldSpec[]): readonly FieldSpec[] =>
	fields.map((field) => ({ ...field, required: false }));

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

export const ENDPOINTS = {
	// Items — read 11, write 116
	'item.list': {
		resource: 'item', method: 'GET', path: '/Item', permission: 11, write: false, source: 'spec', success: 200,
		summary: 'Active items', list: standardList(['partNo', 'shortID', 'description', 'category']),
	},
	'item.listAll': {
		resource: 'item', method: 'GET', path: '/Item/All', permission: 11, write: false, source: 'spec', success: 200,
		summary: 'All items, discontinued included', list: standardList(['partNo', 'shortID', 'description', 'category']),
	},
	'item.get': {
		resource: 'item', method: 'GET', path: '/Item', permission: 11, write: false, source: 'v1', success: 200,
		summary: 'One item by shortID (type=id) or partNo (type=partNo)',
		query: [
			{ name: 'key', type: 'string', required: true, description: 'The shortID or partNo to look up' },
			{ name: 'type', type: 'string', required: true, description: 'What key holds', options: ['id', 'partNo'] },
		],
	},
	'item.create': {
		resource: 'item', method: 'POST', path: '/Item', permission: 116, write: true, source: 'spec', success: 201,
		summary: 'Create an item; answers with the new partNo', emits: 'item.created',
		body: [{ name: 'itemID', type: 'string', required: true, description: 'The item ID (shortID), unique' }, ...itemFields],
	},
	'item.update': {
		resource: 'item', method: 'PUT', path: '/Item', permission: 116, write: true, source: 'v1', success: 200,
		summary: 'Update the item named by itemID; only the fields sent change', emits: 'item.updated',
		body: [{ name: 'itemID', type: 'string', required: true, description: 'The item ID (shortID) to update' }, ...itemFields],
	},
	'item.discontinue': {
		resource: 'item', method: 'DELETE', path: '/Item/{shortID}', permission: 116, write: true, source: 'v1', success: 200,
		summary: 'Discontinue an item (it stays readable under /Item/All)', emits: 'item.updated',
	},

	// Inventory — read 11; receive 95, move 15, issue 88
	'inventory.list': {
		resource: 'inventory', method: 'GET', path: '/Inventory', permission: 11, write: false, source: 'spec', success: 200,
		summary: 'Stock on hand in all warehouses',
		list: standardList(['partNo', 'shortID', 'warehouseID', 'location', 'quantity'], 'rejected'),
	},
	'inventory.listByWarehouse': {
		resource: 'inventory', method: 'GET', path: '/Inventory/{warehouseID}', permission: 11, write: false, source: 'spec',
		success: 200, summary: 'Stock on hand in one warehouse',
		list: standardList(['partNo', 'shortID', 'location', 'quantity'], 'rejected'),
	},
	'inventory.materialIn': {
		resource: 'inventory', method: 'GET', path: '/Inventory/MaterialIn', permission: 11, write: false, source: 'spec',
		success: 200, summary: 'Stock movements into warehouses', list: standardList(['recNo', 'partNo', 'warehouseID']),
	},
	'inventory.materialOut': {
		resource: 'inventory', method: 'GET', path: '/Inventory/MaterialOut', permission: 11, write: false, source: 'spec',
		success: 200, summary: 'Stock movements out of warehouses', list: standardList(['recNo', 'partNo', 'warehouseID']),
	},
	'inventory.materialInByWarehouse': {
		resource: 'inventory', method: 'GET', path: '/Inventory/MaterialIn/{warehouseID}', permission: 11, write: false,
		source: 'assumed', success: 200, summary: 'Movements into one warehouse (a MaterialIn variant)',
		list: standardList(['recNo', 'partNo']),
	},
	'inventory.materialOutByWarehouse': {
		resource: 'inventory', method: 'GET', path: '/Inventory/MaterialOut/{warehouseID}', permission: 11, write: false,
		source: 'assumed', success: 200, summary: 'Movements out of one warehouse (a MaterialOut variant)',
		list: standardList(['recNo', 'partNo']),
	},
	'inventory.receive': {
		resource: 'inventory', method: 'POST', path: '/Inventory/Receive', permission: 95, write: true, source: 'v1',
		success: 201, summary: 'Receive stock; answers with the MaterialIn record', emits: 'inventory.received',
		warehouseFields: ['warehouseID'],
		body: stockFields([
			warehouseId('warehouseID', 'Warehouse receiving the stock'),
			{ name: 'location', type: 'string', description: 'Bin or location code' },
			{ name: 'unitCost', type: 'number', description: 'Cost per unit' },
			{ name: 'reasonCode', type: 'string', description: 'Reason code' },
		]),
	},
	'inventory.move': {
		resource: 'inventory', method: 'POST', path: '/Inventory/Move', permission: 15, write: true, source: 'v1',
		success: 201, summary: 'Move stock between bins or warehouses; answers with the MaterialIn record at the target',
		emits: 'inventory.moved', warehouseFields: ['fromWarehouseID', 'toWarehouseID'],
		body: stockFields([
			warehouseId('fromWarehouseID', 'Warehouse the stock leaves'),
			{ name: 'fromLocation', type: 'string', description: 'Bin the stock leaves' },
			warehouseId('toWarehouseID', 'Warehouse the stock goes to'),
			{ name: 'toLocation', type: 'string', description: 'Bin the stock goes to' },
		]),
	},
	'inventory.issue': {
		resource: 'inventory', method: 'POST', path: '/Inventory/Issue', permission: 88, write: true, source: 'v1',
		success: 201, summary: 'Issue stock out; answers with the MaterialOut record (409 when stock is short)',
		emits: 'inventory.issued', warehouseFields: ['warehouseID'],
		body: stockFields([
			warehouseId('warehouseID', 'Warehouse issuing the stock'),
			{ name: 'location', type: 'string', description: 'Bin or location code' },
			{ name: 'reasonCode', type: 'string', description: 'Reason code' },
		]),
	},

	// Customers — read 130, write 131
	'customer.list': {
		resource: 'customer', method: 'GET', path: '/Customer', permission: 130, write: false, source: 'spec', success: 200,
		summary: 'Active customers', list: standardList(['customerID', 'name', 'customerCode']),
	},
	'customer.listAll': {
		resource: 'customer', method: 'GET', path: '/Customer/All', permission: 130, write: false, source: 'spec',
		success: 200, summary: 'All customers, inactive included', list: standardList(['customerID', 'name', 'customerCode']),
	},
	'customer.get': {
		resource: 'customer', method: 'GET', path: '/Customer/{customerID}', permission: 130, write: false,
		source: 'assumed', success: 200, summary: 'One customer',
	},
	'customer.create': {
		resource: 'customer', method: 'POST', path: '/Customer', permission: 131, write: true, source: 'assumed',
		success: 201, summary: 'Create a customer', body: partyFields('customerCode'),
	},
	'customer.update': {
		resource: 'customer', method: 'PUT', path: '/Customer/{customerID}', permission: 131, write: true,
		source: 'assumed', success: 200, summary: 'Update a customer; only the fields sent change',
		body: optional(partyFields('customerCode')),
	},

	// Vendors — read 19, write 20
	'vendor.list': {
		resource: 'vendor', method: 'GET', path: '/Vendor', permission: 19, write: false, source: 'spec', success: 200,
		summary: 'Active vendors', list: standardList(['vendorID', 'name', 'vendorCode']),
	},
	'vendor.listAll': {
		resource: 'vendor', method: 'GET', path: '/Vendor/All', permission: 19, write: false, source: 'spec', success: 200,
		summary: 'All vendors, inactive included', list: standardList(['vendorID', 'name', 'vendorCode']),
	},
	'vendor.get': {
		resource: 'vendor', method: 'GET', path: '/Vendor/{vendorID}', permission: 19, write: false, source: 'assumed',
		success: 200, summary: 'One vendor',
	},
	'vendor.create': {
		resource: 'vendor', method: 'POST', path: '/Vendor', permission: 20, write: true, source: 'assumed', success: 201,
		summary: 'Create a vendor', body: partyFields('vendorCode'),
	},
	'vendor.update': {
		resource: 'vendor', method: 'PUT', path: '/Vendor/{vendorID}', permission: 20, write: true, source: 'assumed',
		success: 200, summary: 'Update a vendor; only the fields sent change', body: optional(partyFields('vendorCode')),
	},

	// Purchase orders — read 18, write 42 (create and finalize)
	'purchaseOrder.list': {
		resource: 'purchaseOrder', method: 'GET', path: '/PurchaseOrder', permission: 18, write: false, source: 'spec',
		success: 200, summary: 'Purchase orders', list: orderList(['poNo', 'orderDate', 'vendorID', 'status']),
	},
	'purchaseOrder.get': {
		resource: 'purchaseOrder', method: 'GET', path: '/PurchaseOrder/{poNo}', permission: 18, write: false,
		source: 'assumed', success: 200, summary: 'One purchase order with its lines',
	},
	'purchaseOrder.create': {
		resource: 'purchaseOrder', method: 'POST', path: '/PurchaseOrder', permission: 42, write: true, source: 'assumed',
		success: 201, summary: 'Create a purchase order', emits: 'order.created', warehouseFields: ['warehouseID'],
		body: [
			{ name: 'vendorID', type: 'integer', required: true, description: 'Vendor supplying the goods' },
			warehouseId('warehouseID', 'Warehouse receiving the goods'),
			{ name: 'orderDate', type: 'dateTime', description: 'Order date (defaults to now)' },
			{ name: 'reference', type: 'string', description: 'Free reference' },
			{ name: 'lines', type: 'lines', required: true, description: 'Order lines', lineFields: orderLine('unitCost') },
		],
	},
	'purchaseOrder.finalize': {
		resource: 'purchaseOrder', method: 'POST', path: '/PurchaseOrder/{poNo}/Finalize', permission: 42, write: true,
		source: 'assumed', success: 200, summary: 'Finalize a purchase order (409 when already final)',
		emits: 'order.completed', warehouseFields: ['warehouseID'],
	},

	// Shipping orders — read 120, write 125
	'shippingOrder.list': {
		resource: 'shippingOrder', method: 'GET', path: '/ShippingOrder', permission: 120, write: false, source: 'spec',
		success: 200, summary: 'Shipping orders', list: orderList(['soNo', 'orderDate', 'customerID', 'status']),
	},
	'shippingOrder.get': {
		resource: 'shippingOrder', method: 'GET', path: '/ShippingOrder/{soNo}', permission: 120, write: false,
		source: 'assumed', success: 200, summary: 'One shipping order with its lines',
	},
	'shippingOrder.create': {
		resource: 'shippingOrder', method: 'POST', path: '/ShippingOrder', permission: 125, write: true,
		source: 'assumed', success: 201, summary: 'Create a shipping order', emits: 'order.created',
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
		resource: 'shippingOrder', method: 'PUT', path: '/ShippingOrder/{soNo}', permission: 125, write: true,
		source: 'assumed', success: 200,
		summary: 'Update a shipping order; status Completed finalizes it and emits order.completed',
		emits: 'order.completed', warehouseFields: ['warehouseID'],
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
		resource: 'workOrder', method: 'GET', path: '/WorkOrder', permission: 134, write: false, source: 'spec',
		success: 200, summary: 'Work orders', list: orderList(['woNo', 'orderDate', 'partNo', 'status']),
	},
	'workOrder.get': {
		resource: 'workOrder', method: 'GET', path: '/WorkOrder/{woNo}', permission: 134, write: false, source: 'assumed',
		success: 200, summary: 'One work order with its component lines',
	},

	// Assets — read 26, write 161
	'asset.list': {
		resource: 'asset', method: 'GET', path: '/Asset', permission: 26, write: false, source: 'spec', success: 200,
		summary: 'Assets in service', list: standardList(['assetID', 'assetTag', 'typeID', 'warehouseID']),
	},
	'asset.listAll': {
		resource: 'asset', method: 'GET', path: '/Asset/All', permission: 26, write: false, source: 'spec', success: 200,
		summary: 'All assets, retired included', list: standardList(['assetID', 'assetTag', 'typeID', 'warehouseID']),
	},
	'asset.types': {
		resource: 'asset', method: 'GET', path: '/Asset/Types', permission: 26, write: false, source: 'spec', success: 200,
		summary: 'Asset types', list: standardList(['typeID', 'name']),
	},
	'asset.get': {
		resource: 'asset', method: 'GET', path: '/Asset/{assetID}', permission: 26, write: false, source: 'assumed',
		success: 200, summary: 'One asset',
	},
	'asset.create': {
		resource: 'asset', method: 'POST', path: '/Asset', permission: 161, write: true, source: 'assumed', success: 201,
		summary: 'Create an asset', body: assetFields, warehouseFields: ['warehouseID'],
	},
	'asset.update': {
		resource: 'asset', method: 'PUT', path: '/Asset/{assetID}', permission: 161, write: true, source: 'assumed',
		success: 200, summary: 'Update an asset; only the fields sent change', body: optional(assetFields),
		warehouseFields: ['warehouseID'],
	},

	// Categories — read 104, write 105 (delete, disable)
	'category.list': {
		resource: 'category', method: 'GET', path: '/Category', permission: 104, write: false, source: 'spec',
		success: 200, summary: 'Active categories', list: standardList(['categoryID', 'name']),
	},
	'category.listAll': {
		resource: 'category', method: 'GET', path: '/Category/All', permission: 104, write: false, source: 'spec',
		success: 200, summary: 'All categories, disabled included', list: standardList(['categoryID', 'name']),
	},
	'category.delete': {
		resource: 'category', method: 'DELETE', path: '/Category/{categoryID}', permission: 105, write: true,
		source: 'assumed', success: 200, summary: 'Delete a category (409 while items use it)',
	},
	'category.disable': {
		resource: 'category', method: 'POST', path: '/Category/{categoryID}/Disable', permission: 105, write: true,
		source: 'assumed', success: 200, summary: 'Disable a category',
	},

	// Reason codes — read 104, write 105 (delete, disable)
	'reasonCode.list': {
		resource: 'reasonCode', method: 'GET', path: '/ReasonCode', permission: 104, write: false, source: 'spec',
		success: 200, summary: 'Active reason codes', list: standardList(['reasonCodeID', 'code']),
	},
	'reasonCode.listAll': {
		resource: 'reasonCode', method: 'GET', path: '/ReasonCode/All', permission: 104, write: false, source: 'spec',
		success: 200, summary: 'All reason codes, disabled included', list: standardList(['reasonCodeID', 'code']),
	},
	'reasonCode.delete': {
		resource: 'reasonCode', method: 'DELETE', path: '/ReasonCode/{reasonCodeID}', permission: 105, write: true,
		source: 'assumed', success: 200, summary: 'Delete a reason code',
	},
	'reasonCode.disable': {
		resource: 'reasonCode', method: 'POST', path: '/ReasonCode/{reasonCodeID}/Disable', permission: 105, write: true,
		source: 'assumed', success: 200, summary: 'Disable a reason code',
	},

	// Locations — read 114, write 115 (hold, release)
	'location.list': {
		resource: 'location', method: 'GET', path: '/Location', permission: 114, write: false, source: 'spec',
		success: 200, summary: 'Bins and locations', list: standardList(['locationID', 'warehouseID', 'code']),
	},
	'location.hold': {
		resource: 'location', method: 'POST', path: '/Location/{locationID}/Hold', permission: 115, write: true,
		source: 'assumed', success: 200, summary: 'Put a location on hold', warehouseFields: ['warehouseID'],
		body: [{ name: 'reason', type: 'string', description: 'Why the location is held' }],
	},
	'location.release': {
		resource: 'location', method: 'POST', path: '/Location/{locationID}/Release', permission: 115, write: true,
		source: 'assumed', success: 200, summary: 'Release a held location', warehouseFields: ['warehouseID'],
	},

	// Warehouses — read 113, read-only
	'warehouse.list': {
		resource: 'warehouse', method: 'GET', path: '/Warehouse', permission: 113, write: false, source: 'spec',
		success: 200, summary: 'Warehouses', list: standardList(['warehouseID', 'code', 'name']),
	},
	'warehouse.items': {
		resource: 'warehouse', method: 'GET', path: '/Warehouse/{warehouseID}/Items', permission: 113, write: false,
		source: 'spec', success: 200, summary: 'Items stocked in one warehouse',
		list: standardList(['partNo', 'shortID', 'quantity'], 'rejected'),
	},

	// Reports — per-report group rights
	'report.list': {
		resource: 'report', method: 'GET', path: '/Report', permission: 'report', write: false, source: 'assumed',
		success: 200, summary: 'Reports the client may run (for pickers)', list: standardList(['reportID', 'name'], 'ignored'),
	},
	'report.run': {
		resource: 'report', method: 'GET', path: '/Report/{reportID}', permission: 'report', write: false, source: 'spec',
		success: 200, summary: 'Rows of a report, paged',
		list: { maxPageSize: STANDARD_PAGE_SIZE, modifiedSince: 'ignored', sort: 'reportColumns', defaultSort: '' },
	},
	'report.latest': {
		resource: 'report', method: 'GET', path: '/Report/{reportID}/{count}', permission: 'report', write: false,
		source: 'spec', success: 200, summary: 'The latest rows of a report; count is clamped to 1..1000',
	},

	// Webhook subscriptions — 370 for everything; each client sees only its own
	'webhook.list': {
		resource: 'webhook', method: 'GET', path: '/Webhook', permission: 370, write: false, source: 'spec', success: 200,
		summary: 'Subscriptions of this client', list: standardList(['rec', 'name'], 'ignored'),
	},
	'webhook.get': {
		resource: 'webhook', method: 'GET', path: '/Webhook/{rec}', permission: 370, write: false, source: 'spec',
		success: 200, summary: 'One subscription',
	},
	'webhook.create': {
		resource: 'webhook', method: 'POST', path: '/Webhook', permission: 370, write: true, source: 'spec', success: 201,
		summary: 'Create a subscription; the answer holds rec and the signing secret, shown only now',
		body: webhookBody(),
	},
	'webhook.update': {
		resource: 'webhook', method: 'PUT', path: '/Webhook/{rec}', permission: 370, write: true, source: 'spec',
		success: 200, summary: 'Replace a subscription; the secret changes only when one is sent', body: webhookBody(),
	},
	'webhook.delete': {
		resource: 'webhook', method: 'DELETE', path: '/Webhook/{rec}', permission: 370, write: true, source: 'spec',
		success: 200, summary: 'Delete a subscription and its delivery log',
	},
	'webhook.test': {
		resource: 'webhook', method: 'POST', path: '/Webhook/{rec}/test', permission: 370, write: true, source: 'spec',
		success: 200, summary: 'Send a test event (the subscription must be active)',
	},
	'webhook.log': {
		resource: 'webhook', method: 'GET', path: '/Webhook/{rec}/log', permission: 370, write: false, source: 'spec',
		success: 200, summary: 'Delivery log of a subscription', list: standardList(['rec', 'event'], 'ignored'),
	},
} as const satisfies Record<string, Endpoint>;

export type EndpointId = keyof typeof ENDPOINTS;

export const TOKEN_PATH = '/Token';
export const API_PREFIX = '/api/v2';

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

/** Looks an endpoint up by id, typed loosely for code that iterates the table. */
export function endpoint(id: EndpointId): Endpoint {
	return ENDPOINTS[id];
}

/** Fills `{name}` placeholders; values are URI-encoded so an id cannot change the path. */
export function fillPath(path: string, params: Record<string, string | number>): string {
	return path.replace(/\{(\w+)\}/g, (_, name: string) => {
		const value = params[name];
		if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}"`);
		return encodeURIComponent(String(value));
	});
}
