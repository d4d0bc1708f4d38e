/**
 * Purchase, shipping and work orders, numbered and shaped as the vendor's docs show them. Lists filter
 * modifiedSince on the header's `modified` (spec rule 6). Events: order.created on create,
 * order.completed when a purchase order is finalized or a shipping order is set to Closed.
 */
import { parseIsoDate, toIso } from '../dates';
import { conflict } from '../errors';
import { round2 } from '../numbers';
import type { PurchaseOrder, ShippingOrder, ShippingOrderLine } from '../records';
import { orderNumber } from '../seedOrders';
import type { Store } from '../store';
import type { ClientConfig, RequestContext } from '../types';
import type { Body } from '../validate';
import {
	assertWarehouseScope,
	bodyOf,
	created,
	event,
	mustFind,
	nowIso,
	ok,
	type ResourceDeps,
	type ResourceModule,
} from './context';
import { findItem, findWarehouse } from './lookups';

/** Resolves every line's item and warehouse before anything is written (404 unknown, 409 discontinued). */
function resolveLines(
	store: Store,
	client: ClientConfig,
	body: Body,
): Array<ShippingOrderLine & { unitCost: number; unitPrice?: number }> {
	return (body.lines as Body[]).map((line, n) => {
		const item = findItem(store, line.shortID as string);
		if (item.discontinued) throw conflict(`Item "${item.shortID}" is discontinued.`);
		const warehouse = findWarehouse(store, line.warehouse as number);
		assertWarehouseScope(client, warehouse.warehouseID);
		return {
			lineNo: n + 1,
			shortID: item.shortID,
			description: item.description,
			units: line.units as number,
			warehouse: warehouse.warehouseID,
			warehouseName: warehouse.name,
			unitCost: store.terms(item.partNo).unitCost,
			unitPrice: line.unitPrice as number | undefined,
		};
	});
}

const dateOf = (value: unknown, fallback: string | null) =>
	typeof value === 'string' ? toIso(parseIsoDate(value) as number) : fallback;
/** The record number in a webhook reference (RecNo:<n>): the order's sequence number (invented). */
const sequenceOf = (orderNo: string) => Number(orderNo.slice(orderNo.lastIndexOf('-') + 1));

export function orders({ store, clock, publish, inventions }: ResourceDeps): ResourceModule {
	/** An order event; its log reference names the order as the inventions say. */
	const orderEvent = (
		name: string,
		order: object,
		ids: Record<string, unknown>,
		orderNo: string,
	) => {
		const published = event(name, order, ids, sequenceOf(orderNo));
		if (inventions.orderReference === 'key') published.reference = `RecNo:${orderNo}`;
		return published;
	};
	const year = () => new Date(clock.now()).getUTCFullYear();
	const byKey =
		<T>(find: (key: string) => T | undefined, name: string, what: string) =>
		(ctx: RequestContext) => {
			const key = ctx.pathParams[name] ?? '';
			return mustFind(find(key), `${what} ${key}`);
		};
	const po = byKey((k) => store.purchaseOrders.get(k), 'poNo', 'Purchase order');
	const so = byKey((k) => store.shippingOrders.get(k), 'soNo', 'Shipping order');
	const wo = byKey((k) => store.workOrders.get(k), 'woNo', 'Work order');
	const scope = (ctx: RequestContext, order: PurchaseOrder | ShippingOrder) => {
		for (const line of order.lines) assertWarehouseScope(ctx.client, line.warehouse);
	};

	return {
		lists: {
			// The vendor's PO list returns open orders; Partial is still open for receiving. An invention
			// switch makes it list closed ones too (a deployment that does).
			'purchaseOrder.list': () =>
				inventions.closedPurchaseOrders
					? {
							key: 'purchaseOrder.list|all',
							idField: 'poNo',
							rows: () => store.purchaseOrders.rows,
						}
					: {
							key: 'purchaseOrder.list',
							idField: 'poNo',
							rows: () => store.purchaseOrders.rows.filter((order) => order.status !== 'Closed'),
						},
			'shippingOrder.list': () => ({
				key: 'shippingOrder.list',
				idField: 'soNo',
				rows: () => store.shippingOrders.rows,
			}),
			'workOrder.list': () => ({
				key: 'workOrder.list',
				idField: 'woNo',
				rows: () => store.workOrders.rows,
				dates: { start: 'startDate', end: 'dueDate' },
			}),
		},
		handlers: {
			'purchaseOrder.get': (ctx) => ok(po(ctx)),
			'shippingOrder.get': (ctx) => ok(so(ctx)),
			'workOrder.get': (ctx) => ok(wo(ctx)),

			'purchaseOrder.create': (ctx) => {
				const body = bodyOf(ctx);
				const vendor = mustFind(
					store.vendors.get(body.vendor as string),
					`Vendor ${String(body.vendor)}`,
				);
				if (!vendor.active) throw conflict(`Vendor ${vendor.shortID} is inactive.`);
				const now = nowIso(ctx);
				const lines = resolveLines(store, ctx.client, body).map(
					({ unitCost, unitPrice, ...line }) => ({
						...line,
						unitsReceived: 0,
						unitPrice: unitPrice ?? unitCost,
					}),
				);
				const order: PurchaseOrder = {
					poNo: orderNumber('PO', year(), store.purchaseOrders.nextId()),
					vendor: vendor.name,
					orderDate: dateOf(body.orderDate, now) as string,
					expectedDate: dateOf(body.expectedDate, null),
					status: 'Open',
					totalLines: lines.length,
					totalValue: round2(lines.reduce((sum, l) => sum + l.units * l.unitPrice, 0)),
					lines,
					created: now,
					modified: now,
				};
				store.purchaseOrders.insert(order);
				store.changed();
				publish(
					orderEvent(
						'order.created',
						order,
						{ poNo: order.poNo, vendor: order.vendor },
						order.poNo,
					),
				);
				return created(order);
			},
			'purchaseOrder.finalize': (ctx) => {
				const order = po(ctx);
				scope(ctx, order);
				if (order.status === 'Closed')
					throw conflict(`Purchase order ${order.poNo} is already closed.`);
				order.status = 'Closed';
				order.modified = nowIso(ctx);
				store.changed();
				publish(
					orderEvent(
						'order.completed',
						order,
						{ poNo: order.poNo, vendor: order.vendor },
						order.poNo,
					),
				);
				return ok(order);
			},

			'shippingOrder.create': (ctx) => {
				const body = bodyOf(ctx);
				const customer = mustFind(
					store.customers.get(body.customer as string),
					`Customer ${String(body.customer)}`,
				);
				if (!customer.active) throw conflict(`Customer ${customer.shortID} is inactive.`);
				const now = nowIso(ctx);
				const lines = resolveLines(store, ctx.client, body).map(
					({ unitCost, unitPrice, ...line }) => (void unitCost, void unitPrice, line),
				);
				const order: ShippingOrder = {
					soNo: orderNumber('SO', year(), store.shippingOrders.nextId()),
					customer: customer.name,
					orderDate: dateOf(body.orderDate, now) as string,
					shipDate: dateOf(body.shipDate, null),
					status: 'Open',
					totalLines: lines.length,
					lines,
					created: now,
					modified: now,
				};
				store.shippingOrders.insert(order);
				store.changed();
				publish(
					orderEvent(
						'order.created',
						order,
						{ soNo: order.soNo, customer: order.customer },
						order.soNo,
					),
				);
				return created(order);
			},
			'shippingOrder.update': (ctx) => {
				const body = bodyOf(ctx);
				const order = so(ctx);
				scope(ctx, order);
				if (order.status === 'Closed')
					throw conflict(`Shipping order ${order.soNo} is closed and can no longer change.`);
				if (typeof body.status === 'string') order.status = body.status as ShippingOrder['status'];
				if (typeof body.shipDate === 'string') order.shipDate = dateOf(body.shipDate, null);
				order.modified = nowIso(ctx);
				store.changed();
				if ((order.status as string) === 'Closed')
					publish(
						orderEvent(
							'order.completed',
							order,
							{ soNo: order.soNo, customer: order.customer },
							order.soNo,
						),
					);
				return ok(order);
			},
		},
	};
}
