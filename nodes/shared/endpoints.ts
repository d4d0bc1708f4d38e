/**
 * The endpoint table the node calls: method, path below the API root, Security ID, a one-line summary,
 * where the row comes from (its evidence), and for lists the paging, sort and date-filter rules (spec,
 * List conventions). How the sandbox serves a row (status, events, body rules) lives in
 * sandbox/routes.ts, and test/contract checks the two tables agree. Anything missing: the node's Custom
 * API Request.
 */

/** The lot's documented fields (vendor docs): lot lists sort by them; records.ts's lot kind holds them. */
export const LOT_FIELDS = [
	'recNo',
	'partNo',
	'shortID',
	'description',
	'associate',
	'warehouse',
	'wID',
	'spot',
	'units',
	'received',
	'shipped',
	'serial',
	'serial2',
	'rFIDTag',
	'remark',
	'hold',
	'jobID',
	'jobName',
	'active',
] as const;

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

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A Security ID, 'report' for per-report group rights, or null for no check. */
export type Permission = number | 'report' | null;

/**
 * Where a row (or a record shape, records.ts) comes from, in the order of evidence:
 *  - 'spec'        : stated by the v2 interface description; wins
 *  - 'vendor docs' : where the spec is silent, CISS's public API pages (they document v1)
 *  - 'assumed'     : both silent: REST convention, chosen by us; verify against your deployment (Extra
 *                    Body Fields and Custom API Request are the ways around it)
 */
export type Evidence = 'spec' | 'vendor docs' | 'assumed';

/** How a list endpoint treats modifiedSince (spec, List conventions rule 6). */
export type ModifiedSinceSupport = 'supported' | 'headerOnly' | 'rejected' | 'ignored';

export interface ListSpec {
	maxPageSize: number;
	modifiedSince: ModifiedSinceSupport;
	/** Order endpoints also take startDate / endDate: the record fields each one compares (vendor docs). */
	orderDates?: { startDate: string; endDate: string };
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
	evidence: Evidence;
	/** Names of the non-paging query parameters (the operation file declares and checks them). */
	query?: readonly string[];
	list?: ListSpec;
}

/** A row with its resource, the key of the id before the dot. */
export interface Endpoint extends Row {
	resource: Resource;
}

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

/** A standard list; its sort columns end with the stamps its records carry (most carry both). */
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

/** Purchase and shipping orders filter on the order date; work orders on their start and due dates. */
const ORDER_DATE = { startDate: 'orderDate', endDate: 'orderDate' } as const;
const WORK_DATES = { startDate: 'startDate', endDate: 'dueDate' } as const;

const orderList = (
	sort: readonly string[],
	dates: ListSpec['orderDates'] = ORDER_DATE,
): ListSpec => ({
	maxPageSize: ORDER_PAGE_SIZE,
	modifiedSince: 'headerOnly',
	orderDates: dates,
	sort: [...sort, ...modified],
	defaultSort: sort[0],
});

/**
 * Lot lists (/Inventory, /Inventory/{wid}): the lot carries no created / modified (vendor docs), so its
 * sort columns are its own fields only, and modifiedSince is refused (spec, List conventions rule 6).
 * The service answers newest first: received is the default column.
 */
const lotList = (sort: readonly string[], defaultSort: string): ListSpec => ({
	maxPageSize: STANDARD_PAGE_SIZE,
	modifiedSince: 'rejected',
	sort,
	defaultSort,
});
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

/** One row: method, path (its literal type gives PathParam), Security ID, summary and evidence. */
const row = <const M extends Method, const P extends string>(
	method: M,
	path: P,
	permission: Permission,
	summary: string,
	evidence: Evidence,
) => ({
	method,
	path,
	permission,
	summary,
	evidence,
});

/** A paged list row: always GET, and its list rules (so its id is a ListEndpointId). */
const list = <const P extends string>(
	path: P,
	permission: Permission,
	summary: string,
	evidence: Evidence,
	rules: ListSpec,
) => ({ method: 'GET', path, permission, summary, evidence, list: rules }) as const;

// One row a line: the table reads as data (prettier would break the long rows over several lines).
// prettier-ignore
export const ENDPOINTS = {
	// Items — read 11, write 116
	'item.list': list('/Item', 11, 'Active items', 'spec', standardList(['partNo', 'shortID', 'description', 'category'])),
	'item.listAll': list('/Item/All', 11, 'All items, discontinued included', 'spec', standardList(['partNo', 'shortID', 'description', 'category'])),
	'item.get': { ...row('GET', '/Item', 11, 'One item by shortID (type=id) or alias (type=alias)', 'vendor docs'), query: ['key', 'type'] },
	'item.create': row('POST', '/Item', 116, 'Create an item; answers with the new partNo', 'spec'),
	'item.update': row('PUT', '/Item', 116, 'Update the item named by itemID; only the fields sent change', 'vendor docs'),
	'item.discontinue': row('DELETE', '/Item/{shortID}', 116, 'Discontinue an item (it stays readable under /Item/All)', 'vendor docs'),
	// Inventory — read 11; receive 95, move 15, issue 88
	'inventory.list': list('/Inventory', 11, 'Received lots in all warehouses, newest first', 'spec', lotList(LOT_FIELDS, 'received')),
	'inventory.listByWarehouse': list('/Inventory/{warehouseID}', 11, 'Received lots in one warehouse', 'spec', lotList(LOT_FIELDS, 'received')),
	'inventory.stockLevels': list('/Inventory/StockLevels', 11, 'Units on hand and restocking level (min, max) per item and warehouse, all warehouses; row fields assumed', 'vendor docs', standardList(STOCK_LEVEL_SORT, 'rejected', [])),
	'inventory.stockLevelsByWarehouse': list('/Inventory/StockLevels/{warehouseID}', 11, 'Units on hand and restocking level per item in one warehouse; row fields assumed', 'vendor docs', standardList(STOCK_LEVEL_SORT, 'rejected', [])),
	'inventory.materialIn': list('/Inventory/MaterialIn', 11, 'Stock movements into warehouses', 'spec', standardList(['recNo', 'partNo', 'wID'])),
	'inventory.materialOut': list('/Inventory/MaterialOut', 11, 'Stock movements out of warehouses', 'spec', standardList(['recNo', 'partNo', 'wID'])),
	'inventory.materialInByWarehouse': list('/Inventory/MaterialIn/{warehouseID}', 11, 'Movements into one warehouse (a MaterialIn variant)', 'assumed', standardList(['recNo', 'partNo'])),
	'inventory.materialOutByWarehouse': list('/Inventory/MaterialOut/{warehouseID}', 11, 'Movements out of one warehouse (a MaterialOut variant)', 'assumed', standardList(['recNo', 'partNo'])),
	'inventory.receive': row('POST', '/Inventory/Receive', 95, 'Receive stock; answers with the MaterialIn record', 'vendor docs'),
	'inventory.move': row('POST', '/Inventory/Move', 15, 'Move stock between bins or warehouses; answers with the MaterialIn record at the target', 'vendor docs'),
	'inventory.issue': row('POST', '/Inventory/Issue', 88, 'Issue stock out; answers with the MaterialOut record (409 when stock is short)', 'vendor docs'),
	// Customers — read 130, write 131
	'customer.list': list('/Customer', 130, 'Active customers', 'spec', standardList(PARTY_SORT)),
	'customer.listAll': list('/Customer/All', 130, 'All customers, inactive included', 'spec', standardList(PARTY_SORT)),
	'customer.get': row('GET', '/Customer/{shortID}', 130, 'One customer by shortID', 'assumed'),
	'customer.create': row('POST', '/Customer', 131, 'Create a customer (409 on a duplicate shortID)', 'assumed'),
	'customer.update': row('PUT', '/Customer/{shortID}', 131, 'Update a customer; only the fields sent change', 'assumed'),
	// Vendors — read 19, write 20
	'vendor.list': list('/Vendor', 19, 'Active vendors', 'spec', standardList(PARTY_SORT)),
	'vendor.listAll': list('/Vendor/All', 19, 'All vendors, inactive included', 'spec', standardList(PARTY_SORT)),
	'vendor.get': row('GET', '/Vendor/{shortID}', 19, 'One vendor by shortID', 'vendor docs'),
	'vendor.create': row('POST', '/Vendor', 20, 'Create a vendor (409 on a duplicate shortID)', 'assumed'),
	'vendor.update': row('PUT', '/Vendor/{shortID}', 20, 'Update a vendor; only the fields sent change', 'assumed'),
	// Purchase orders — read 18, write 42 (create and finalize)
	'purchaseOrder.list': list('/PurchaseOrder', 18, 'Open purchase orders (vendor docs: the list holds no closed ones; Get reads one by its number)', 'spec', orderList(['poNo', 'orderDate', 'expectedDate', 'vendor', 'status', 'totalValue'])),
	'purchaseOrder.get': row('GET', '/PurchaseOrder/{poNo}', 18, 'One purchase order with its lines', 'assumed'),
	'purchaseOrder.create': row('POST', '/PurchaseOrder', 42, 'Create a purchase order', 'assumed'),
	'purchaseOrder.finalize': row('POST', '/PurchaseOrder/{poNo}/Finalize', 42, 'Finalize (close) a purchase order (409 when already closed)', 'assumed'),
	// Shipping orders — read 120, write 125
	'shippingOrder.list': list('/ShippingOrder', 120, 'Shipping orders', 'spec', orderList(['soNo', 'orderDate', 'shipDate', 'customer', 'status'])),
	'shippingOrder.get': row('GET', '/ShippingOrder/{soNo}', 120, 'One shipping order with its lines', 'assumed'),
	'shippingOrder.create': row('POST', '/ShippingOrder', 125, 'Create a shipping order', 'assumed'),
	'shippingOrder.update': row('PUT', '/ShippingOrder/{soNo}', 125, 'Update a shipping order; status Closed completes it and emits order.completed', 'assumed'),
	// Work orders — read 134, read-only
	'workOrder.list': list('/WorkOrder', 134, 'Work orders', 'spec', orderList(['woNo', 'startDate', 'dueDate', 'assignee', 'status'], WORK_DATES)),
	'workOrder.get': row('GET', '/WorkOrder/{woNo}', 134, 'One work order with its component lines', 'assumed'),
	// Assets — read 26, write 161
	'asset.list': list('/Asset', 26, 'Active assets', 'spec', standardList(ASSET_SORT)),
	'asset.listAll': list('/Asset/All', 26, 'All assets, discontinued included', 'spec', standardList(ASSET_SORT)),
	'asset.types': list('/Asset/Types', 26, 'Asset types', 'spec', standardList(['typeID', 'name'])),
	'asset.get': row('GET', '/Asset/{shortID}', 26, 'One asset by shortID', 'assumed'),
	'asset.create': row('POST', '/Asset', 161, 'Create an asset', 'assumed'),
	'asset.update': row('PUT', '/Asset/{shortID}', 161, 'Update an asset; only the fields sent change', 'assumed'),
	// Categories — read 104, write 105 (delete, disable)
	'category.list': list('/Category', 104, 'Active categories', 'spec', standardList(['categoryID', 'name'])),
	'category.listAll': list('/Category/All', 104, 'All categories, disabled included', 'spec', standardList(['categoryID', 'name'])),
	'category.get': row('GET', '/Category/{categoryID}', 104, 'One category (404 when it does not exist)', 'vendor docs'),
	'category.delete': row('DELETE', '/Category/{categoryID}', 105, 'Delete a category (409 while items use it)', 'assumed'),
	'category.disable': row('POST', '/Category/{categoryID}/Disable', 105, 'Disable a category', 'assumed'),
	// Reason codes — read 104, write 105 (delete, disable)
	'reasonCode.list': list('/ReasonCode', 104, 'Active reason codes', 'spec', standardList(['reasonCodeID', 'code'])),
	'reasonCode.listAll': list('/ReasonCode/All', 104, 'All reason codes, disabled included', 'spec', standardList(['reasonCodeID', 'code'])),
	'reasonCode.delete': row('DELETE', '/ReasonCode/{reasonCodeID}', 105, 'Delete a reason code', 'assumed'),
	'reasonCode.disable': row('POST', '/ReasonCode/{reasonCodeID}/Disable', 105, 'Disable a reason code', 'assumed'),
	// Locations — read 114, write 115 (hold, release)
	'location.list': list('/Location', 114, 'Spots (bins) of every warehouse', 'spec', standardList(['spot', 'warehouseID', 'description', 'hold'], 'supported', ['modified'])),
	'location.get': row('GET', '/Location/{spot}', 114, 'One spot (404 for an unknown spot)', 'vendor docs'),
	'location.hold': { ...row('POST', '/Location/Hold', 115, 'Put a spot on hold (?id={spot}); answers 204', 'vendor docs'), query: ['id'] },
	'location.release': { ...row('POST', '/Location/Release', 115, 'Release a held spot (?id={spot}); answers 204', 'vendor docs'), query: ['id'] },
	// Warehouses — read 113, read-only
	'warehouse.list': list('/Warehouse', 113, 'Warehouses', 'spec', standardList(['warehouseID', 'code', 'name'])),
	'warehouse.items': list('/Warehouse/{warehouseID}/Items', 113, 'Items stocked in one warehouse', 'spec', standardList(['partNo', 'shortID', 'quantity'], 'rejected')),
	// Reports — per-report group rights
	'report.list': list('/Report', 'report', 'Reports the client may run (for pickers)', 'vendor docs', standardList(['reportID', 'reportName', 'reportType'], 'ignored', [])),
	'report.run': { ...list('/Report/{reportID}', 'report', 'Rows of a report, paged; flags and count (vendor docs) only when set', 'spec', { maxPageSize: STANDARD_PAGE_SIZE, modifiedSince: 'ignored', sort: 'reportColumns', defaultSort: '' }), query: ['flags', 'count'] },
	'report.latest': row('GET', '/Report/{reportID}/{count}', 'report', 'The latest rows of a report; count is clamped to 1..1000', 'spec'),
	// Webhook subscriptions — 370 for everything; each client sees only its own
	'webhook.list': list('/Webhook', 370, 'Subscriptions of this client', 'spec', standardList(['rec', 'name'], 'ignored')),
	'webhook.get': row('GET', '/Webhook/{rec}', 370, 'One subscription', 'spec'),
	'webhook.create': row('POST', '/Webhook', 370, 'Create a subscription; the answer holds rec and the signing secret, shown only now', 'spec'),
	'webhook.update': row('PUT', '/Webhook/{rec}', 370, 'Replace a subscription; the secret changes only when one is sent', 'spec'),
	'webhook.delete': row('DELETE', '/Webhook/{rec}', 370, 'Delete a subscription and its delivery log', 'spec'),
	'webhook.test': row('POST', '/Webhook/{rec}/test', 370, 'Send a test event (the subscription must be active)', 'spec'),
	'webhook.log': list('/Webhook/{rec}/log', 370, 'Delivery log of a subscription', 'spec', standardList(['rec', 'event'], 'ignored', ['created'])),
} as const satisfies Record<`${Resource}.${string}`, Row>;

export type EndpointId = keyof typeof ENDPOINTS;

/** The rows that are paged lists: only these can back a Get Many (a wrong id does not compile). */
export type ListEndpointId = {
	[Id in EndpointId]: (typeof ENDPOINTS)[Id] extends { list: ListSpec } ? Id : never;
}[EndpointId];

/** The `{name}` placeholders of a path, as a type: `PathParam<'customer.get'>` is 'customerID'. */
type Placeholders<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
	? Name | Placeholders<Rest>
	: never;
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
