/** The sandbox's reports: flat rows computed from the live store. */
import { round2 } from '../numbers';
import type { ReportRow } from '../records';
import type { Store } from '../store';

export interface ReportDef {
	reportID: number;
	name: string;
	description: string;
	columns: readonly string[];
	/** Column GET /Report/{id}/{count} orders by, newest first. */
	latestColumn: string;
	build(store: Store): ReportRow[];
}

/** Quantity, newest receipt and newest change per item, over lots with stock. */
function stockByItem(store: Store) {
	const totals = new Map<number, { quantity: number; lastReceived: string; lastMovement: string }>();
	for (const lot of store.stock.rows) {
		const total = totals.get(lot.partNo) ?? { quantity: 0, lastReceived: lot.created, lastMovement: lot.modified };
		total.quantity += lot.quantity;
		if (lot.created > total.lastReceived) total.lastReceived = lot.created;
		if (lot.modified > total.lastMovement) total.lastMovement = lot.modified;
		totals.set(lot.partNo, total);
	}
	return totals;
}

export const REPORTS: readonly ReportDef[] = [
	{
		reportID: 1,
		name: 'Stock Valuation',
		description: 'Quantity on hand and value per item, all warehouses',
		columns: ['partNo', 'shortID', 'description', 'category', 'uOM', 'quantity', 'unitCost', 'totalValue', 'lastReceived'],
		latestColumn: 'lastReceived',
		build(store) {
			const totals = stockByItem(store);
			return store.items.rows.flatMap((item) => {
				const total = totals.get(item.partNo);
				if (!total || total.quantity <= 0) return [];
				const quantity = round2(total.quantity);
				return [
					{
						partNo: item.partNo,
						shortID: item.shortID,
						description: item.description,
						category: item.category,
						uOM: item.uOM,
						quantity,
						unitCost: item.unitCost,
						totalValue: round2(quantity * item.unitCost),
						lastReceived: total.lastReceived,
					},
				];
			});
		},
	},
	{
		reportID: 2,
		name: 'Low Stock',
		description: 'Active items below their reorder point',
		columns: ['partNo', 'shortID', 'description', 'onHand', 'reorderPoint', 'shortfall', 'lastMovement'],
		latestColumn: 'lastMovement',
		build(store) {
			const totals = stockByItem(store);
			return store.items.rows.flatMap((item) => {
				const total = totals.get(item.partNo);
				const onHand = round2(total?.quantity ?? 0);
				if (item.discontinued || onHand >= item.reorderPoint) return [];
				return [
					{
						partNo: item.partNo,
						shortID: item.shortID,
						description: item.description,
						onHand,
						reorderPoint: item.reorderPoint,
						shortfall: round2(item.reorderPoint - onHand),
						lastMovement: total?.lastMovement ?? null,
					},
				];
			});
		},
	},
	{
		reportID: 3,
		name: 'Sales by Customer',
		description: 'Shipping orders, quantity and revenue per customer',
		columns: ['customerID', 'customerName', 'orders', 'quantity', 'revenue', 'lastOrderDate'],
		latestColumn: 'lastOrderDate',
		build(store) {
			const rows = new Map<number, ReportRow & { orders: number; quantity: number; revenue: number; lastOrderDate: string }>();
			for (const order of store.shippingOrders.rows) {
				const row = rows.get(order.customerID) ?? {
					customerID: order.customerID,
					customerName: order.customerName,
					orders: 0,
					quantity: 0,
					revenue: 0,
					lastOrderDate: order.orderDate,
				};
				row.orders++;
				row.quantity += order.lines.reduce((sum, l) => sum + l.quantity, 0);
				row.revenue = round2(row.revenue + order.total);
				if (order.orderDate > row.lastOrderDate) row.lastOrderDate = order.orderDate;
				rows.set(order.customerID, row);
			}
			return [...rows.values()];
		},
	},
	{
		reportID: 4,
		name: 'Open Purchase Orders',
		description: 'Purchase orders not yet finalized',
		columns: ['poNo', 'vendorName', 'warehouseID', 'orderDate', 'lines', 'total'],
		latestColumn: 'orderDate',
		build(store) {
			return store.purchaseOrders.rows
				.filter((o) => o.status === 'Open')
				.map((o) => ({
					poNo: o.poNo,
					vendorName: o.vendorName,
					warehouseID: o.warehouseID,
					orderDate: o.orderDate,
					lines: o.lines.length,
					total: o.total,
				}));
		},
	},
];
