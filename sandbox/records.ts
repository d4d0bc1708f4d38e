/**
 * Record shapes the sandbox stores and serves. Field names are camelCase like the spec's item fields
 * (partNo, shortID, description); keys follow RECORDS in nodes/shared/records.ts. Datetimes are ISO strings
 * (always toISOString(), so string order is time order).
 */

interface Stamped {
	created: string;
	modified: string;
}

export interface Warehouse extends Stamped {
	warehouseID: number;
	code: string;
	name: string;
	address: string;
	city: string;
	country: string;
	active: boolean;
}

export interface Category extends Stamped {
	categoryID: number;
	name: string;
	description: string;
	/** Parent category for sub-categories, null for top-level ones. */
	parentID: number | null;
	active: boolean;
}

export interface ReasonCode extends Stamped {
	reasonCodeID: number;
	code: string;
	description: string;
	type: 'Receipt' | 'Issue' | 'Adjustment';
	active: boolean;
}

/** A bin or spot in a warehouse; the spot code is unique across warehouses (vendor docs). */
export interface Location {
	spot: string;
	warehouseID: number;
	warehouseName: string;
	description: string;
	hold: boolean;
	active: boolean;
	/** The spec's incremental-sync stamp (the vendor's object shows none). */
	modified: string;
}

/** The item as the vendor documents it (items page): categories by id, packaging, default owner. */
export interface Item extends Stamped {
	partNo: number;
	shortID: string;
	description: string;
	/** A categoryID; 0 = none (an item created without one). */
	category: number;
	/** A categoryID too (sub-categories are categories with a parentID); 0 = none. */
	subCategory: number;
	uOM: string;
	/** Packaging, e.g. "Box/100". */
	putUp: string;
	/** Units per package. */
	units: number;
	/** The owning customer's numeric id; 0 = own stock. */
	dfltOwner: number;
	discontinued: boolean;
}

/**
 * The sandbox's own cost per item, never served (the vendor's item shows none): what its lots, order
 * lines and the Stock Valuation report price with.
 */
export interface ItemTerms {
	unitCost: number;
}

/**
 * An item's restocking level in one warehouse: the product keeps Min and Max per item and warehouse
 * (user guide, Restocking Levels: "when stock falls below" Min, "fill-to target" Max). The API's
 * documentation does not show them; the sandbox serves them on each stock-level row as `min` and
 * `max` (assumed names, after the guide's columns), 0 where none is set.
 */
export interface RestockLevel {
	min: number;
	max: number;
}

/** One stock-level row: an item's units on hand in one warehouse and its restocking level there (assumed shape). */
export interface StockLevel extends RestockLevel {
	partNo: number;
	shortID: string;
	description: string;
	wID: number;
	/** Warehouse name, as on the lot. */
	warehouse: string;
	units: number;
}

/**
 * One received lot, exactly the documented object (vendor docs, inventory page): no created / modified.
 * Blank strings where nothing was given; jobID 0 = no job. A lot whose units reach 0 gets `shipped`
 * and turns inactive (the sandbox's rule; the docs say only that shipped is null while in stock).
 */
export interface StockLot {
	recNo: number;
	partNo: number;
	shortID: string;
	description: string;
	/** Customer / owner name; blank = own stock. */
	associate: string;
	/** Warehouse name. */
	warehouse: string;
	wID: number;
	spot: string;
	units: number;
	received: string;
	shipped: string | null;
	serial: string;
	serial2: string;
	rFIDTag: string;
	remark: string;
	hold: boolean;
	jobID: number;
	jobName: string;
	active: boolean;
}

/** A MaterialIn (receipt, move in) or MaterialOut (issue, move out, shipment) record. */
export interface Movement extends Stamped {
	recNo: number;
	type: 'Receipt' | 'Issue' | 'Move' | 'Shipment';
	partNo: number;
	shortID: string;
	wID: number;
	spot: string;
	serial: string | null;
	units: number;
	unitCost: number;
	reasonCode: string | null;
	remark: string | null;
	/** Moves only: where the stock came from (MaterialIn) or went to (MaterialOut). */
	fromWID?: number;
	fromSpot?: string;
	toWID?: number;
	toSpot?: string;
}

/** Customers and vendors share one documented shape, keyed by shortID. */
export interface Party extends Stamped {
	shortID: string;
	name: string;
	address1: string | null;
	address2: string | null;
	city: string | null;
	state: string | null;
	zip: string | null;
	country: string | null;
	phone: string | null;
	fax: string | null;
	email: string | null;
	contact: string | null;
	active: boolean;
}

export type Customer = Party;
export type Vendor = Party;

export type OrderStatus = 'Open' | 'Partial' | 'Closed';

interface OrderLine {
	lineNo: number;
	shortID: string;
	description: string;
	units: number;
	/** Warehouse ID, per line. */
	warehouse: number;
	warehouseName: string;
}

export interface PurchaseOrderLine extends OrderLine {
	unitsReceived: number;
	unitPrice: number;
}

export type ShippingOrderLine = OrderLine;

export interface WorkOrderLine extends OrderLine {
	unitsCompleted: number;
}

export interface WorkOrderNote {
	noteDate: string;
	author: string;
	note: string;
}

/** created / modified: the spec's incremental-sync stamp; the vendor's objects show neither. */
export interface PurchaseOrder extends Stamped {
	poNo: string;
	vendor: string;
	orderDate: string;
	expectedDate: string | null;
	status: OrderStatus;
	totalLines: number;
	totalValue: number;
	lines: PurchaseOrderLine[];
}

export interface ShippingOrder extends Stamped {
	soNo: string;
	customer: string;
	orderDate: string;
	shipDate: string | null;
	status: OrderStatus;
	totalLines: number;
	lines: ShippingOrderLine[];
}

export interface WorkOrder extends Stamped {
	woNo: string;
	description: string;
	status: 'Open' | 'In Progress' | 'Closed';
	startDate: string;
	dueDate: string;
	assignee: string;
	totalLines: number;
	lines: WorkOrderLine[];
	notes: WorkOrderNote[];
}

export interface AssetType extends Stamped {
	typeID: number;
	name: string;
	description: string;
}

export interface Asset extends Stamped {
	shortID: string;
	description: string;
	assetType: number | null;
	assetTypeName: string | null;
	serial: string | null;
	warehouse: number;
	warehouseName: string;
	location: string | null;
	status: 'Active' | 'Discontinued';
	/** Set when discontinued, null while active. */
	discontinued: string | null;
}

/** A flat report row: column name to value. */
export type ReportRow = Record<string, string | number | boolean | null>;
