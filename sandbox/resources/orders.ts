/**
 * Purchase, shipping and work orders. Lists filter modifiedSince on the header's `modified` only; lines
 * carry their own stamps (spec rule 6). Events: order.created on create, order.completed on finalize
 * and when a shipping order is set to Completed.
 */
import { parseIsoDate, toIso } from '../dates';
import { conflict } from '../errors';
import { round2 } from '../numbers';
import type { Item, PurchaseOrder, ShippingOrder } from '../records';
import type { Store } from '../store';
import type { RequestContext } from '../types';
import type { Body } from '../validate';
import {
	assertWarehouseScope,
	assign,
	bodyOf,
	created,
	event,
	mustFind,
	nowIso,
	ok,
	recordNo,
	type ResourceDeps,
	type ResourceModule,
} from './context';
import { findItem, findWarehouse } from './lookups';

interface LineInput {
	itemID: string;
	quantity: number;
	price?: number;
}

/** Resolves every line's item before anything is written (404 unknown, 409 discontinued). */
function resolveLines(store: Store, body: Body, priceField: string): Array<LineInput & { item: Item }> {
	return (body.lines as Body[]).map((line) => {
		const item = findItem(store, line.itemID as string);
		if (item.discontinued) throw conflict(`Item "${item.shortID}" is discontinued.`);
		return { itemID: item.shortID, quantity: line.quantity as number, price: line[priceField] as number | undefined, item };
	});
}

const orderDate = (body: Body, now: string) => (typeof body.orderDate === 'string' ? toIso(parseIsoDate(body.orderDate) as number) : now);

export function orders({ store, publish }: ResourceDeps): ResourceModule {
	const po = (ctx: RequestContext) => {
		const id = recordNo(ctx, 'poNo', 'Purchase order');
		return mustFind(store.purchaseOrders.get(id), `Purchase order ${id}`);
	};
	const so = (ctx: RequestContext) => {
		const id = recordNo(ctx, 'soNo', 'Shipping order');
		return mustFind(store.shippingOrders.get(id), `Shipping order ${id}`);
	};
	const purchaseIds = (o: PurchaseOrder) => ({ orderType: o.orderType, poNo: o.poNo, warehouseID: o.warehouseID, vendorID: o.vendorID });
	const shippingIds = (o: ShippingOrder) => ({
		orderType: o.orderType,
		soNo: o.soNo,
		warehouseID: o.warehouseID,
		customerID: o.customerID,
	});

	return {
		lists: {
			'purchaseOrder.list': () => ({ key: 'purchaseOrder.list', idField: 'poNo', rows: () => store.purchaseOrders.rows }),
			'shippingOrder.list': () => ({ key: 'shippingOrder.list', idField: 'soNo', rows: () => store.shippingOrders.rows }),
			'workOrder.list': () => ({ key: 'workOrder.list', idField: 'woNo', rows: () => store.workOrders.rows }),
		},
		handlers: {
			'purchaseOrder.get': (ctx) => ok(po(ctx)),
			'shippingOrder.get': (ctx) => ok(so(ctx)),
			'workOrder.get': (ctx) => {
				const id = recordNo(ctx, 'woNo', 'Work order');
				return ok(mustFind(store.workOrders.get(id), `Work order ${id}`));
			},

			'purchaseOrder.create': (ctx) => {
				const body = bodyOf(ctx);
				const vendor = mustFind(store.vendors.get(body.vendorID as number), `Vendor ${String(body.vendorID)}`);
				if (!vendor.active) throw conflict(`Vendor ${vendor.vendorID} is inactive.`);
				const warehouseID = findWarehouse(store, body.warehouseID as number).warehouseID;
				const inputs = resolveLines(store, body, 'unitCost');
				const now = nowIso(ctx);
				const lines = inputs.map(({ item, quantity, price }, i) => {
					const unitCost = price ?? item.unitCost;
					return {
						lineNo: i + 1,
						itemID: item.shortID,
						partNo: item.partNo,
						description: item.description,
						quantity,
						unitCost,
						amount: round2(quantity * unitCost),
						modified: now,
					};
				});
				const order: PurchaseOrder = {
					poNo: store.purchaseOrders.nextId(),
					orderType: 'purchase',
					vendorID: vendor.vendorID,
					vendorName: vendor.name,
					warehouseID,
					orderDate: orderDate(body, now),
					status: 'Open',
					reference: (body.reference as string | undefined) ?? null,
					total: round2(lines.reduce((sum, l) => sum + l.amount, 0)),
					finalized: null,
					lines,
					created: now,
					modified: now,
				};
				store.purchaseOrders.insert(order);
				store.changed();
				publish(event('order.created', order, purchaseIds(order), order.poNo));
				return created(order);
			},
			'purchaseOrder.finalize': (ctx) => {
				const order = po(ctx);
				assertWarehouseScope(ctx.client, order.warehouseID);
				if (order.status === 'Final') throw conflict(`Purchase order ${order.poNo} is already final.`);
				const now = nowIso(ctx);
				order.status = 'Final';
				order.finalized = now;
				order.modified = now;
				store.changed();
				publish(event('order.completed', order, purchaseIds(order), order.poNo));
				return ok(order);
			},

			'shippingOrder.create': (ctx) => {
				const body = bodyOf(ctx);
				const customer = mustFind(store.customers.get(body.customerID as number), `Customer ${String(body.customerID)}`);
				if (!customer.active) throw conflict(`Customer ${customer.customerID} is inactive.`);
				const warehouseID = findWarehouse(store, body.warehouseID as number).warehouseID;
				const inputs = resolveLines(store, body, 'unitPrice');
				const now = nowIso(ctx);
				const lines = inputs.map(({ item, quantity, price }, i) => {
					const unitPrice = price ?? round2(item.unitCost * 1.4);
					return {
						lineNo: i + 1,
						itemID: item.shortID,
						partNo: item.partNo,
						description: item.description,
						quantity,
						unitPrice,
						amount: round2(quantity * unitPrice),
						modified: now,
					};
				});
				const order: ShippingOrder = {
					soNo: store.shippingOrders.nextId(),
					orderType: 'shipping',
					customerID: customer.customerID,
					customerName: customer.name,
					warehouseID,
					orderDate: orderDate(body, now),
					status: 'Open',
					reference: (body.reference as string | undefined) ?? null,
					carrier: null,
					trackingNo: null,
					shipDate: null,
					total: round2(lines.reduce((sum, l) => sum + l.amount, 0)),
					lines,
					created: now,
					modified: now,
				};
				store.shippingOrders.insert(order);
				store.changed();
				publish(event('order.created', order, shippingIds(order), order.soNo));
				return created(order);
			},
			'shippingOrder.update': (ctx) => {
				const body = bodyOf(ctx);
				const order = so(ctx);
				assertWarehouseScope(ctx.client, order.warehouseID);
				if (order.status === 'Completed') {
					throw conflict(`Shipping order ${order.soNo} is completed and can no longer change.`);
				}
				assign(order, body, ['reference', 'carrier', 'trackingNo', 'status']);
				if (typeof body.shipDate === 'string') order.shipDate = toIso(parseIsoDate(body.shipDate) as number);
				order.modified = nowIso(ctx);
				store.changed();
				if ((order.status as ShippingOrder['status']) === 'Completed')
					publish(event('order.completed', order, shippingIds(order), order.soNo));
				return ok(order);
			},
		},
	};
}
