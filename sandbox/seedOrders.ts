/** Seeded purchase, shipping and work orders with lines; some lines are edited after their header. */
import { toIso as iso } from './dates';
import { round2 } from './numbers';
import type { Random } from './random';
import type { PurchaseOrderLine, ShippingOrderLine, WorkOrderLine } from './records';
import { CARRIERS } from './seedData';
import type { Store } from './store';

const DAY = 86_400_000;
export const ORDER_COUNTS = { purchaseOrders: 150, shippingOrders: 150, workOrders: 150 };

export function seedOrders(store: Store, random: Random, start: number, end: number): void {
	const items = store.items.rows.filter((i) => !i.discontinued);
	const customers = store.customers.rows.filter((c) => c.active);
	const vendors = store.vendors.rows.filter((v) => v.active);
	/** Header times, plus a later line edit on some orders: it does not bump the header (spec rule 6). */
	const times = () => {
		const ordered = random.time(start, end - DAY);
		const age = (end - ordered) / DAY;
		const modified = random.chance(0.6) ? random.time(ordered, end) : ordered;
		const lineModified = random.chance(0.1) ? random.time(modified, end) : ordered;
		return { ordered, age, modified, lineModified };
	};
	const lineBase = (n: number, lineModified: number) => {
		const item = random.pick(items);
		return {
			lineNo: n + 1,
			itemID: item.shortID,
			partNo: item.partNo,
			description: item.description,
			quantity: random.int(1, 40) * 5,
			modified: iso(lineModified),
			item,
		};
	};

	for (let i = 0; i < ORDER_COUNTS.purchaseOrders; i++) {
		const t = times();
		const vendor = random.pick(vendors);
		const lines: PurchaseOrderLine[] = Array.from({ length: random.int(1, 5) }, (_, n) => {
			const { item, ...line } = lineBase(n, t.lineModified);
			return { ...line, unitCost: item.unitCost, amount: round2(line.quantity * item.unitCost) };
		});
		const final = t.age > 30 && random.chance(0.8);
		store.purchaseOrders.insert({
			poNo: 5001 + i,
			orderType: 'purchase',
			vendorID: vendor.vendorID,
			vendorName: vendor.name,
			warehouseID: random.int(1, 3),
			orderDate: iso(t.ordered),
			status: final ? 'Final' : 'Open',
			reference: random.chance(0.5) ? `REQ-${random.int(1000, 9999)}` : null,
			total: round2(lines.reduce((sum, l) => sum + l.amount, 0)),
			finalized: final ? iso(t.modified) : null,
			lines,
			created: iso(t.ordered),
			modified: iso(t.modified),
		});
	}

	for (let i = 0; i < ORDER_COUNTS.shippingOrders; i++) {
		const t = times();
		const customer = random.pick(customers);
		const lines: ShippingOrderLine[] = Array.from({ length: random.int(1, 5) }, (_, n) => {
			const { item, ...line } = lineBase(n, t.lineModified);
			const unitPrice = round2(item.unitCost * 1.4);
			return { ...line, unitPrice, amount: round2(line.quantity * unitPrice) };
		});
		const status = t.age > 20 ? 'Completed' : t.age > 10 ? 'Shipped' : t.age > 5 ? 'Picked' : 'Open';
		const shipped = status === 'Completed' || status === 'Shipped';
		store.shippingOrders.insert({
			soNo: 7001 + i,
			orderType: 'shipping',
			customerID: customer.customerID,
			customerName: customer.name,
			warehouseID: random.int(1, 3),
			orderDate: iso(t.ordered),
			status,
			reference: random.chance(0.6) ? `CUST-PO-${random.int(10000, 99999)}` : null,
			carrier: shipped ? random.pick(CARRIERS) : null,
			trackingNo: shipped ? `1Z${random.int(100000000, 999999999)}` : null,
			shipDate: shipped ? iso(Math.min(end, t.ordered + random.int(1, 5) * DAY)) : null,
			total: round2(lines.reduce((sum, l) => sum + l.amount, 0)),
			lines,
			created: iso(t.ordered),
			modified: iso(t.modified),
		});
	}

	for (let i = 0; i < ORDER_COUNTS.workOrders; i++) {
		const t = times();
		const product = random.pick(items);
		const status = t.age > 30 ? 'Completed' : t.age > 14 ? 'In Progress' : t.age > 7 ? 'Released' : 'Planned';
		const lines: WorkOrderLine[] = Array.from({ length: random.int(2, 4) }, (_, n) => {
			const { item, ...line } = lineBase(n, t.lineModified);
			void item;
			const issued = status === 'Completed' ? line.quantity : status === 'Planned' ? 0 : random.int(0, line.quantity);
			return { ...line, issued };
		});
		store.workOrders.insert({
			woNo: 9001 + i,
			orderType: 'work',
			partNo: product.partNo,
			shortID: product.shortID,
			description: product.description,
			warehouseID: random.int(1, 3),
			quantity: random.int(1, 50),
			status,
			orderDate: iso(t.ordered),
			dueDate: iso(t.ordered + 14 * DAY),
			lines,
			created: iso(t.ordered),
			modified: iso(t.modified),
		});
	}
}
