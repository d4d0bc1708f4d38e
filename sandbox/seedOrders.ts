/**
 * Seeded purchase, shipping and work orders with lines, numbered as the vendor's docs show them
 * (PO-2025-0042, SO-2025-0015, WO-2025-0038 are among them).
 */
import { toIso as iso } from './dates';
import { round2 } from './numbers';
import type { Random } from './random';
import type {
	OrderStatus,
	PurchaseOrderLine,
	ShippingOrderLine,
	WorkOrderLine,
	WorkOrderNote,
} from './records';
import type { Store } from './store';

const DAY = 86_400_000;
export const ORDER_COUNTS = { purchaseOrders: 150, shippingOrders: 150, workOrders: 150 };
const ASSIGNEES = ['Receiving', 'Assembly', 'J. Ortiz', 'M. Chen', 'Kitting'];

/** The order number as documented: prefix, year, four digits. */
export const orderNumber = (prefix: 'PO' | 'SO' | 'WO', year: number, n: number) =>
	`${prefix}-${year}-${String(n).padStart(4, '0')}`;
const SEED_YEAR = 2025;

export function seedOrders(store: Store, random: Random, start: number, end: number): void {
	const items = store.items.rows.filter((i) => !i.discontinued);
	const customers = store.customers.rows.filter((c) => c.active);
	const vendors = store.vendors.rows.filter((v) => v.active);
	const times = () => {
		const ordered = random.time(start, end - DAY);
		const age = (end - ordered) / DAY;
		const modified = random.chance(0.6) ? random.time(ordered, end) : ordered;
		return { ordered, age, modified };
	};
	const lineBase = (n: number) => {
		const item = random.pick(items);
		const warehouse = store.warehouses.get(random.int(1, 3))!;
		return {
			lineNo: n + 1,
			shortID: item.shortID,
			description: item.description,
			units: random.int(1, 40) * 5,
			warehouse: warehouse.warehouseID,
			warehouseName: warehouse.name,
			item,
		};
	};
	const status = (age: number): OrderStatus =>
		age > 30 ? 'Closed' : age > 10 ? 'Partial' : 'Open';

	for (let i = 0; i < ORDER_COUNTS.purchaseOrders; i++) {
		const t = times();
		const vendor = random.pick(vendors);
		const orderStatus = status(t.age);
		const lines: PurchaseOrderLine[] = Array.from({ length: random.int(1, 5) }, (_, n) => {
			const { item, ...line } = lineBase(n);
			const received =
				orderStatus === 'Closed'
					? line.units
					: orderStatus === 'Partial'
						? Math.floor(line.units / 2)
						: 0;
			return { ...line, unitsReceived: received, unitPrice: store.terms(item.partNo).unitCost };
		});
		store.purchaseOrders.insert({
			poNo: orderNumber('PO', SEED_YEAR, i + 1),
			vendor: vendor.name,
			orderDate: iso(t.ordered),
			expectedDate: iso(t.ordered + 10 * DAY),
			status: orderStatus,
			totalLines: lines.length,
			totalValue: round2(lines.reduce((sum, l) => sum + l.units * l.unitPrice, 0)),
			lines,
			created: iso(t.ordered),
			modified: iso(t.modified),
		});
	}

	for (let i = 0; i < ORDER_COUNTS.shippingOrders; i++) {
		const t = times();
		const customer = random.pick(customers);
		const orderStatus = status(t.age);
		const lines: ShippingOrderLine[] = Array.from({ length: random.int(1, 5) }, (_, n) => {
			const { item, ...line } = lineBase(n);
			void item;
			return line;
		});
		store.shippingOrders.insert({
			soNo: orderNumber('SO', SEED_YEAR, i + 1),
			customer: customer.name,
			orderDate: iso(t.ordered),
			shipDate:
				orderStatus === 'Open' ? null : iso(Math.min(end, t.ordered + random.int(1, 5) * DAY)),
			status: orderStatus,
			totalLines: lines.length,
			lines,
			created: iso(t.ordered),
			modified: iso(t.modified),
		});
	}

	for (let i = 0; i < ORDER_COUNTS.workOrders; i++) {
		const t = times();
		const product = random.pick(items);
		const woStatus = t.age > 30 ? 'Closed' : t.age > 7 ? 'In Progress' : 'Open';
		const lines: WorkOrderLine[] = Array.from({ length: random.int(2, 4) }, (_, n) => {
			const { item, ...line } = lineBase(n);
			void item;
			const completed =
				woStatus === 'Closed' ? line.units : woStatus === 'Open' ? 0 : random.int(0, line.units);
			return { ...line, unitsCompleted: completed };
		});
		const assignee = random.pick(ASSIGNEES);
		// The documented notes (noteDate, author, note) of a started order; no random draw, so the rest of
		// the seed stays as it was.
		const notes: WorkOrderNote[] =
			woStatus === 'Open'
				? []
				: [
						{ noteDate: iso(t.ordered + DAY), author: assignee, note: 'Components picked' },
						...(woStatus === 'Closed'
							? [{ noteDate: iso(t.modified), author: assignee, note: 'Assembly completed' }]
							: []),
					];
		store.workOrders.insert({
			woNo: orderNumber('WO', SEED_YEAR, i + 1),
			description: `Assemble ${product.description}`,
			status: woStatus,
			startDate: iso(t.ordered),
			dueDate: iso(t.ordered + 14 * DAY),
			assignee,
			totalLines: lines.length,
			lines,
			notes,
			created: iso(t.ordered),
			modified: iso(t.modified),
		});
	}
}
