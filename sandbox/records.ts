/**
 * Record shapes the sandbox stores and serves. Field names are camelCase like the spec's item fields
 * (partNo, shortID, description); ids follow ID_FIELD in endpoints.ts. Datetimes are ISO strings
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

export interface Location extends Stamped {
	locationID: number;
	warehouseID: number;
	code: string;
	description: string;
	onHold: boolean;
	holdReason: string | null;
}

export interface Item extends Stamped {
	partNo: number;
	shortID: string;
	description: string;
	category: string;
	subCategory: string;
	uOM: string;
	units: number;
	unitCost: number;
	reorderPoint: number;
	discontinued: boolean;
}

/** Stock on hand: one lot of one item at one location. */
export interface StockLot extends Stamped {
	recNo: number;
	partNo: number;
	shortID: string;
	description: string;
	warehouseID: number;
	location: string;
	lot: string | null;
	quantity: number;
	uOM: string;
	unitCost: number;
}

/** A MaterialIn (receipt, move in) or MaterialOut (issue, move out, shipment) record. */
export interface Movement extends Stamped {
	recNo: number;
	type: 'Receipt' | 'Issue' | 'Move' | 'Shipment';
	partNo: number;
	shortID: string;
	warehouseID: number;
	location: string;
	lot: string | null;
	quantity: number;
	unitCost: number;
	reasonCode: string | null;
	reference: string | null;
	/** Moves only: where the stock came from (MaterialIn) or went to (MaterialOut). */
	fromWarehouseID?: number;
	fromLocation?: string;
	toWarehouseID?: number;
	toLocation?: string;
}

export interface Party extends Stamped {
	name: string;
	email: string | null;
	phone: string | null;
	address: string | null;
	city: string | null;
	postalCode: string | null;
	country: string | null;
	active: boolean;
}

export interface Customer extends Party {
	customerID: number;
	customerCode: string | null;
}

export interface Vendor extends Party {
	vendorID: number;
	vendorCode: string | null;
}

export interface OrderLine {
	lineNo: number;
	itemID: string;
	partNo: number;
	description: string;
	quantity: number;
	/** Lines carry their own stamp: order lists filter on the header's modified only (spec rule 6). */
	modified: string;
}

export interface PurchaseOrderLine extends OrderLine {
	unitCost: number;
	amount: number;
}

export interface ShippingOrderLine extends OrderLine {
	unitPrice: number;
	amount: number;
}

export interface WorkOrderLine extends OrderLine {
	issued: number;
}

export interface PurchaseOrder extends Stamped {
	poNo: number;
	orderType: 'purchase';
	vendorID: number;
	vendorName: string;
	warehouseID: number;
	orderDate: string;
	status: 'Open' | 'Final';
	reference: string | null;
	total: number;
	finalized: string | null;
	lines: PurchaseOrderLine[];
}

export interface ShippingOrder extends Stamped {
	soNo: number;
	orderType: 'shipping';
	customerID: number;
	customerName: string;
	warehouseID: number;
	orderDate: string;
	status: 'Open' | 'Picked' | 'Shipped' | 'Completed';
	reference: string | null;
	carrier: string | null;
	trackingNo: string | null;
	shipDate: string | null;
	total: number;
	lines: ShippingOrderLine[];
}

export interface WorkOrder extends Stamped {
	woNo: number;
	orderType: 'work';
	partNo: number;
	shortID: string;
	description: string;
	warehouseID: number;
	quantity: number;
	status: 'Planned' | 'Released' | 'In Progress' | 'Completed';
	orderDate: string;
	dueDate: string;
	lines: WorkOrderLine[];
}

export interface AssetType extends Stamped {
	typeID: number;
	name: string;
	description: string;
}

export interface Asset extends Stamped {
	assetID: number;
	assetTag: string;
	description: string;
	typeID: number | null;
	typeName: string | null;
	warehouseID: number;
	location: string | null;
	serialNo: string | null;
	status: 'In Service' | 'In Repair' | 'Retired';
}

/** A flat report row: column name to value. */
export type ReportRow = Record<string, string | number | boolean | null>;
