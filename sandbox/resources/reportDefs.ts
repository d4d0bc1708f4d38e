/** The sandbox's reports: flat rows computed from the live store. */
import { round2 } from '../numbers';
import type { ReportRow } from '../records';
import type { Store } from '../store';
import { stockLevels } from '../stockLevels';

export interface ReportDef {
	reportID: number;
	name: string;
	/** The report's category code (vendor docs: reportType, an integer). */
	reportType: number;
	description: string;
	columns: readonly string[];
	/** Column GET /Report/{id}/{count} orders by, newest first. */
	latestColumn: string;
	build(store: Store): ReportRow[];
}

/** Units in stock and newest receipt per item, over its lots. */
function stockByItem(store: Store) {
	const totals = new Map<number, { quantity: number; lastReceived: string }>();
	for (const lot of store.stock.rows) {
		const total = totals.get(lot.partNo) ?? { quantity: 0, lastReceived: lot.received };
		total.quantity += lot.units;
		if (lot.received > total.lastReceived) total.lastReceived = lot.received;
		totals.set(lot.partNo, total);
	}
	return totals;
}

/** The newest MaterialIn/Out stamp per item and warehouse (`partNo|wID`). */
function newestMovements(store: Store): Map<string, string> {
	const newest = new Map<string, string>();
	for (const movement of [...store.materialIn.rows, ...store.materialOut.rows]) {
		const key = `${movement.partNo}|${movement.wID}`;
		const known = newest.get(key);
		if (known === undefined || movement.created > known) newest.set(key, movement.created);
	}
	return newest;
}

export const REPORTS: readonly ReportDef[] = [
	{
		reportID: 1,
		name: 'Stock Valuation',
		reportType: 1,
		description: 'Quantity on hand and value per item, all warehouses',
		columns: [
			'partNo',
			'shortID',
			'description',
			'category',
			'uOM',
			'quantity',
			'unitCost',
			'totalValue',
			'lastReceived',
		],
		latestColumn: 'lastReceived',
		build(store) {
			const totals = stockByItem(store);
			return store.items.rows.flatMap((item) => {
				const total = totals.get(item.partNo);
				if (!total || total.quantity <= 0) return [];
				const quantity = round2(total.quantity);
				const { unitCost } = store.terms(item.partNo);
				return [
					{
						partNo: item.partNo,
						shortID: item.shortID,
						description: item.description,
						// The report shows the category's name; the item holds its id (vendor docs).
						category: store.categories.get(item.category)?.name ?? null,
						uOM: item.uOM,
						quantity,
						unitCost,
						totalValue: round2(quantity * unitCost),
						lastReceived: total.lastReceived,
					},
				];
			});
		},
	},
	{
		reportID: 2,
		name: 'Low Stock',
		reportType: 1,
		description: 'Active items below their restocking level (Min), per warehouse',
		columns: [
			'partNo',
			'shortID',
			'description',
			'wID',
			'warehouse',
			'onHand',
			'min',
			'max',
			'shortfall',
			'lastMovement',
		],
		latestColumn: 'lastMovement',
		// The stock-level rows the API serves, with their restocking levels: one model (../stockLevels.ts).
		build(store) {
			const lastMovement = newestMovements(store);
			return stockLevels(store).flatMap((level) => {
				const item = store.items.get(level.partNo);
				if (!item || item.discontinued || level.min <= 0 || level.units >= level.min) return [];
				return [
					{
						partNo: level.partNo,
						shortID: level.shortID,
						description: level.description,
						wID: level.wID,
						warehouse: level.warehouse,
						onHand: round2(level.units),
						min: level.min,
						max: level.max,
						shortfall: round2(level.min - level.units),
						lastMovement: lastMovement.get(`${level.partNo}|${level.wID}`) ?? null,
					},
				];
			});
		},
	},
	{
		reportID: 3,
		name: 'Sales by Customer',
		reportType: 2,
		description: 'Shipping orders and units per customer',
		columns: ['customer', 'orders', 'units', 'lastOrderDate'],
		latestColumn: 'lastOrderDate',
		build(store) {
			const rows = new Map<
				string,
				ReportRow & { orders: number; units: number; lastOrderDate: string }
			>();
			for (const order of store.shippingOrders.rows) {
				const row = rows.get(order.customer) ?? {
					customer: order.customer,
					orders: 0,
					units: 0,
					lastOrderDate: order.orderDate,
				};
				row.orders++;
				row.units += order.lines.reduce((sum, l) => sum + l.units, 0);
				if (order.orderDate > row.lastOrderDate) row.lastOrderDate = order.orderDate;
				rows.set(order.customer, row);
			}
			return [...rows.values()];
		},
	},
	{
		reportID: 4,
		name: 'Open Purchase Orders',
		reportType: 3,
		description: 'Purchase orders not yet closed',
		columns: ['poNo', 'vendor', 'status', 'orderDate', 'totalLines', 'totalValue'],
		latestColumn: 'orderDate',
		build(store) {
			return store.purchaseOrders.rows
				.filter((o) => o.status !== 'Closed')
				.map((o) => ({
					poNo: o.poNo,
					vendor: o.vendor,
					status: o.status,
					orderDate: o.orderDate,
					totalLines: o.totalLines,
					totalValue: o.totalValue,
				}));
		},
	},
];
