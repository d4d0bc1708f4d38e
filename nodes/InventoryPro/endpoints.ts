/**
 * The endpoint table the node calls: method, path below the API root, Security ID, a one-line summary,
 * and for lists the paging, sort and date-filter rules (spec, List conventions). Nothing else ships:
 * how the sandbox serves a row (status, events, body rules) lives in sandbox/routes.ts, where each row
 * came from (spec, v1, assumed) in scripts/sources.ts, and test/contract checks the two tables agree.
 * Anything missing: the node's Custom API Request.
 */

export const RESOURCES = [
	'item', 'inventory', 'customer', 'vendor', 'purchaseOrder', 'shippingOrder', 'workOrder', 'asset', 'category', 'reasonCode', 'location', 'warehouse', 'report', 'webhook',
] as const;
export type Resource = (typeof RESOURCES)[number];

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A Security ID, 'report' for per-report group rights, or null for no check. */
export type Permission = number | 'report' | null;

/** How a list endpoint treats modifiedSince (spec, List conventions rule 6). */
export type ModifiedSinceSupport = 'supported' | 'headerOnly' | 'rejected' | 'ignored';

export interface ListSpec {
	maxPageSize: number;
	modifiedSince: ModifiedSinceSupport;
	/** Order endpoints also take startDate / endDate (order creation time). */
	orderDates?: boolean;
	/** Allowed sort columns; 'reportColumns' means the columns of the report being run. */
	sort: readonly string[] | 'reportColumns';
	defaultSort: string;
}

interface Row {
	method: Method;
	/** Relative to the API root (…/api/v2). Placeholders in braces are path parameters. */
	path: string;
	permission: Permission;
	summary: string;
	/** Names of the non-paging query parameters (the operation file declares and checks them). */
	query?: readonly string[];
	list?: ListSpec;
}

/** A row with its resource, the key of the id before the dot. */
export interface Endpoint extends Row {
	resource: Resource;
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

// prettier-ignore
export const ENDPOINTS = {
	// Items — read 11, write 116
	'item.list': {
		method: 'GET', path: '/Item', permission: 11, summary: 'Active items',
		list: standardList(['partNo', 'shortID', 'description', 'category']),
	},
	'item.listAll': {
		method: 'GET', path: '/Item/All', permission: 11, summary: 'All items, discontinued included',
		list: standardList(['partNo', 'shortID', 'description', 'category']),
	},
	'item.get': {
		method: 'GET', path: '/Item', permission: 11, summary: 'One item by shortID (type=id) or partNo (type=partNo)', query: ['key', 'type'],
	},
	'item.create': { method: 'POST', path: '/Item', permission: 116, summary: 'Create an item; answers with the new partNo' },
	'item.update': { method: 'PUT', path: '/Item', permission: 116, summary: 'Update the item named by itemID; only the fields sent change' },
	'item.discontinue': {
		method: 'DELETE', path: '/Item/{shortID}', permission: 116, summary: 'Discontinue an item (it stays readable under /Item/All)',
	},
	// Inventory — read 11; receive 95, move 15, issue 88
	'inventory.list': {
		method: 'GET', path: '/Inventory', permission: 11, summary: 'Stock on hand in all warehouses',
		list: standardList(['partNo', 'shortID', 'warehouseID', 'location', 'quantity'], 'rejected'),
	},
	'inventory.listByWarehouse': {
		method: 'GET', path: '/Inventory/{warehouseID}', permission: 11, summary: 'Stock on hand in one warehouse',
		list: standardList(['partNo', 'shortID', 'location', 'quantity'], 'rejected'),
	},
	'inventory.materialIn': {
		method: 'GET', path: '/Inventory/MaterialIn', permission: 11, summary: 'Stock movements into warehouses',
		list: standardList(['recNo', 'partNo', 'warehouseID']),
	},
	'inventory.materialOut': {
		method: 'GET', path: '/Inventory/MaterialOut', permission: 11, summary: 'Stock movements out of warehouses',
		list: standardList(['recNo', 'partNo', 'warehouseID']),
	},
	'inventory.materialInByWarehouse': {
		method: 'GET', path: '/Inventory/MaterialIn/{warehouseID}', permission: 11,
		summary: 'Movements into one warehouse (a MaterialIn variant)', list: standardList(['recNo', 'partNo']),
	},
	'inventory.materialOutByWarehouse': {
		method: 'GET', path: '/Inventory/MaterialOut/{warehouseID}', permission: 11,
		summary: 'Movements out of one warehouse (a MaterialOut variant)', list: standardList(['recNo', 'partNo']),
	},
	'inventory.receive': {
		method: 'POST', path: '/Inventory/Receive', permission: 95, summary: 'Receive stock; answers with the MaterialIn record',
	},
	'inventory.move': {
		method: 'POST', path: '/Inventory/Move', permission: 15,
		summary: 'Move stock between bins or warehouses; answers with the MaterialIn record at the target',
	},
	'inventory.issue': {
		method: 'POST', path: '/Inventory/Issue', permission: 88,
		summary: 'Issue stock out; answers with the MaterialOut record (409 when stock is short)',
	},
	// Customers — read 130, write 131
	'customer.list': {
		method: 'GET', path: '/Customer', permission: 130, summary: 'Active customers',
		list: standardList(['customerID', 'name', 'customerCode']),
	},
	'customer.listAll': {
		method: 'GET', path: '/Customer/All', permission: 130, summary: 'All customers, inactive included',
		list: standardList(['customerID', 'name', 'customerCode']),
	},
	'customer.get': { method: 'GET', path: '/Customer/{customerID}', permission: 130, summary: 'One customer' },
	'customer.create': { method: 'POST', path: '/Customer', permission: 131, summary: 'Create a customer' },
	'customer.update': {
		method: 'PUT', path: '/Customer/{customerID}', permission: 131, summary: 'Update a customer; only the fields sent change',
	},
	// Vendors — read 19, write 20
	'vendor.list': {
		method: 'GET', path: '/Vendor', permission: 19, summary: 'Active vendors', list: standardList(['vendorID', 'name', 'vendorCode']),
	},
	'vendor.listAll': {
		method: 'GET', path: '/Vendor/All', permission: 19, summary: 'All vendors, inactive included',
		list: standardList(['vendorID', 'name', 'vendorCode']),
	},
	'vendor.get': { method: 'GET', path: '/Vendor/{vendorID}', permission: 19, summary: 'One vendor' },
	'vendor.create': { method: 'POST', path: '/Vendor', permission: 20, summary: 'Create a vendor' },
	'vendor.update': { method: 'PUT', path: '/Vendor/{vendorID}', permission: 20, summary: 'Update a vendor; only the fields sent change' },
	// Purchase orders — read 18, write 42 (create and finalize)
	'purchaseOrder.list': {
		method: 'GET', path: '/PurchaseOrder', permission: 18, summary: 'Purchase orders',
		list: orderList(['poNo', 'orderDate', 'vendorID', 'status']),
	},
	'purchaseOrder.get': { method: 'GET', path: '/PurchaseOrder/{poNo}', permission: 18, summary: 'One purchase order with its lines' },
	'purchaseOrder.create': { method: 'POST', path: '/PurchaseOrder', permission: 42, summary: 'Create a purchase order' },
	'purchaseOrder.finalize': {
		method: 'POST', path: '/PurchaseOrder/{poNo}/Finalize', permission: 42, summary: 'Finalize a purchase order (409 when already final)',
	},
	// Shipping orders — read 120, write 125
	'shippingOrder.list': {
		method: 'GET', path: '/ShippingOrder', permission: 120, summary: 'Shipping orders',
		list: orderList(['soNo', 'orderDate', 'customerID', 'status']),
	},
	'shippingOrder.get': { method: 'GET', path: '/ShippingOrder/{soNo}', permission: 120, summary: 'One shipping order with its lines' },
	'shippingOrder.create': { method: 'POST', path: '/ShippingOrder', permission: 125, summary: 'Create a shipping order' },
	'shippingOrder.update': {
		method: 'PUT', path: '/ShippingOrder/{soNo}', permission: 125,
		summary: 'Update a shipping order; status Completed finalizes it and emits order.completed',
	},
	// Work orders — read 134, read-only
	'workOrder.list': {
		method: 'GET', path: '/WorkOrder', permission: 134, summary: 'Work orders', list: orderList(['woNo', 'orderDate', 'partNo', 'status']),
	},
	'workOrder.get': { method: 'GET', path: '/WorkOrder/{woNo}', permission: 134, summary: 'One work order with its component lines' },
	// Assets — read 26, write 161
	'asset.list': {
		method: 'GET', path: '/Asset', permission: 26, summary: 'Assets in service',
		list: standardList(['assetID', 'assetTag', 'typeID', 'warehouseID']),
	},
	'asset.listAll': {
		method: 'GET', path: '/Asset/All', permission: 26, summary: 'All assets, retired included',
		list: standardList(['assetID', 'assetTag', 'typeID', 'warehouseID']),
	},
	'asset.types': { method: 'GET', path: '/Asset/Types', permission: 26, summary: 'Asset types', list: standardList(['typeID', 'name']) },
	'asset.get': { method: 'GET', path: '/Asset/{assetID}', permission: 26, summary: 'One asset' },
	'asset.create': { method: 'POST', path: '/Asset', permission: 161, summary: 'Create an asset' },
	'asset.update': { method: 'PUT', path: '/Asset/{assetID}', permission: 161, summary: 'Update an asset; only the fields sent change' },
	// Categories — read 104, write 105 (delete, disable)
	'category.list': {
		method: 'GET', path: '/Category', permission: 104, summary: 'Active categories', list: standardList(['categoryID', 'name']),
	},
	'category.listAll': {
		method: 'GET', path: '/Category/All', permission: 104, summary: 'All categories, disabled included',
		list: standardList(['categoryID', 'name']),
	},
	'category.delete': {
		method: 'DELETE', path: '/Category/{categoryID}', permission: 105, summary: 'Delete a category (409 while items use it)',
	},
	'category.disable': { method: 'POST', path: '/Category/{categoryID}/Disable', permission: 105, summary: 'Disable a category' },
	// Reason codes — read 104, write 105 (delete, disable)
	'reasonCode.list': {
		method: 'GET', path: '/ReasonCode', permission: 104, summary: 'Active reason codes', list: standardList(['reasonCodeID', 'code']),
	},
	'reasonCode.listAll': {
		method: 'GET', path: '/ReasonCode/All', permission: 104, summary: 'All reason codes, disabled included',
		list: standardList(['reasonCodeID', 'code']),
	},
	'reasonCode.delete': { method: 'DELETE', path: '/ReasonCode/{reasonCodeID}', permission: 105, summary: 'Delete a reason code' },
	'reasonCode.disable': { method: 'POST', path: '/ReasonCode/{reasonCodeID}/Disable', permission: 105, summary: 'Disable a reason code' },
	// Locations — read 114, write 115 (hold, release)
	'location.list': {
		method: 'GET', path: '/Location', permission: 114, summary: 'Bins and locations',
		list: standardList(['locationID', 'warehouseID', 'code']),
	},
	'location.hold': { method: 'POST', path: '/Location/{locationID}/Hold', permission: 115, summary: 'Put a location on hold' },
	'location.release': { method: 'POST', path: '/Location/{locationID}/Release', permission: 115, summary: 'Release a held location' },
	// Warehouses — read 113, read-only
	'warehouse.list': {
		method: 'GET', path: '/Warehouse', permission: 113, summary: 'Warehouses', list: standardList(['warehouseID', 'code', 'name']),
	},
	'warehouse.items': {
		method: 'GET', path: '/Warehouse/{warehouseID}/Items', permission: 113, summary: 'Items stocked in one warehouse',
		list: standardList(['partNo', 'shortID', 'quantity'], 'rejected'),
	},
	// Reports — per-report group rights
	'report.list': {
		method: 'GET', path: '/Report', permission: 'report', summary: 'Reports the client may run (for pickers)',
		list: standardList(['reportID', 'name'], 'ignored'),
	},
	'report.run': {
		method: 'GET', path: '/Report/{reportID}', permission: 'report', summary: 'Rows of a report, paged',
		list: { maxPageSize: STANDARD_PAGE_SIZE, modifiedSince: 'ignored', sort: 'reportColumns', defaultSort: '' },
	},
	'report.latest': {
		method: 'GET', path: '/Report/{reportID}/{count}', permission: 'report',
		summary: 'The latest rows of a report; count is clamped to 1..1000',
	},
	// Webhook subscriptions — 370 for everything; each client sees only its own
	'webhook.list': {
		method: 'GET', path: '/Webhook', permission: 370, summary: 'Subscriptions of this client',
		list: standardList(['rec', 'name'], 'ignored'),
	},
	'webhook.get': { method: 'GET', path: '/Webhook/{rec}', permission: 370, summary: 'One subscription' },
	'webhook.create': {
		method: 'POST', path: '/Webhook', permission: 370,
		summary: 'Create a subscription; the answer holds rec and the signing secret, shown only now',
	},
	'webhook.update': {
		method: 'PUT', path: '/Webhook/{rec}', permission: 370, summary: 'Replace a subscription; the secret changes only when one is sent',
	},
	'webhook.delete': { method: 'DELETE', path: '/Webhook/{rec}', permission: 370, summary: 'Delete a subscription and its delivery log' },
	'webhook.test': {
		method: 'POST', path: '/Webhook/{rec}/test', permission: 370, summary: 'Send a test event (the subscription must be active)',
	},
	'webhook.log': {
		method: 'GET', path: '/Webhook/{rec}/log', permission: 370, summary: 'Delivery log of a subscription',
		list: standardList(['rec', 'event'], 'ignored'),
	},
} as const satisfies Record<`${Resource}.${string}`, Row>;

export type EndpointId = keyof typeof ENDPOINTS;

/** The rows that are paged lists: only these can back a Get Many (a wrong id does not compile). */
export type ListEndpointId = {
	[Id in EndpointId]: (typeof ENDPOINTS)[Id] extends { list: ListSpec } ? Id : never;
}[EndpointId];

/** The `{name}` placeholders of a path, as a type: `PathParam<'customer.get'>` is 'customerID'. */
type Placeholders<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;
export type PathParam<Id extends EndpointId> = Placeholders<(typeof ENDPOINTS)[Id]['path']>;

export const TOKEN_PATH = '/Token';
export const API_PREFIX = '/api/v2';

/** Any row, typed as the common shape, for code that works on every row alike (the transport). */
export function endpoint(id: EndpointId): Endpoint {
	return { ...ENDPOINTS[id], resource: id.slice(0, id.indexOf('.')) as Resource };
}

/** The list rules of a list row. */
export function listSpec(id: ListEndpointId): ListSpec {
	return ENDPOINTS[id].list;
}
