/**
 * Purchase orders the trigger has seen open. The vendor documents GET /PurchaseOrder as listing open
 * orders, so a completed order leaves the list and no list shows it closed. While order.completed is
 * subscribed the trigger keeps the open list's order numbers in its book, read at activation, at every
 * restart and at every check (n8n saves them with the workflow at activation and restart, and when a
 * check runs events); an order that left the list and whose completion has not run is read by its key
 * (GET /PurchaseOrder/{poNo}) when catch-up needs it, and found closed. An order that was never in a
 * saved list (created and completed between two saves) cannot be found (README, limits).
 */
import type { IDataObject, IHookFunctions, ITriggerFunctions } from 'n8n-workflow';

import { RECORDS } from '../shared/records';
import { isClosed, showsClosed } from '../shared/changes/rows';
import { textField } from '../shared/validation';
import { apiRequest, apiRequestAllItems } from '../shared/transport';
import { allowing } from '../shared/transport/status';
import { KEEP_DAYS, ledgerOf, now } from '../shared/ranLedger';
import { keepBook, type Book, type OpenOrders } from './book';
import { eventIdOf } from './delivery';
import { recordEventKey } from './records';

const DAY_MS = 86_400_000;
const PO_KEY = RECORDS.purchaseOrder.key;

/** The key an order's completion runs under (records.ts), live or recovered. */
export const completionKey = (poNo: string): string =>
	recordEventKey('order.completed', { field: PO_KEY, value: poNo }) ?? '';

/**
 * Reads the open list and updates what the book knows: orders no longer on it join `gone`, and leave it
 * once their completion ran (or after the memory's span). Returns the rows read too, or the problem.
 */
export async function followOpenOrders(
	this: ITriggerFunctions | IHookFunctions,
	before: OpenOrders | undefined,
	now: number,
	ran: (key: string) => boolean,
): Promise<{ orders: OpenOrders; rows: IDataObject[] } | { problem: string }> {
	let rows: IDataObject[];
	try {
		rows = await apiRequestAllItems.call(this, 'purchaseOrder.list');
	} catch (error) {
		return { problem: `/PurchaseOrder could not be read: ${(error as Error).message}` };
	}
	const numbers = rows.map((row) => textField(row, PO_KEY));
	if (rows.length > 0 && numbers.some((poNo) => poNo === undefined))
		return {
			problem: `a /PurchaseOrder record has no "${PO_KEY}", so completed purchase orders cannot be followed`,
		};
	// A deployment that lists closed orders too: those are gone from the open ones all the same.
	const open = new Set(rows.filter((row) => !isClosed(row)).map((row) => textField(row, PO_KEY)!));
	const gone: Record<string, number> = {};
	for (const [poNo, at] of Object.entries(before?.gone ?? {})) gone[poNo] = at;
	for (const poNo of before?.open ?? []) if (!open.has(poNo)) gone[poNo] ??= now;
	for (const [poNo, at] of Object.entries(gone)) {
		if (open.has(poNo) || ran(completionKey(poNo)) || now - at > KEEP_DAYS * DAY_MS)
			delete gone[poNo];
	}
	return { orders: { open: [...open], gone }, rows };
}

/**
 * The orders that left the open list, each read by its key: the closed ones (their completions not run
 * yet). An order no longer there (404) is forgotten; one open after all goes back to the open ones.
 */
export async function closedOrders(
	this: ITriggerFunctions,
	orders: OpenOrders,
	ran: (key: string) => boolean,
): Promise<{ closed: IDataObject[]; orders: OpenOrders; problem?: string }> {
	const closed: IDataObject[] = [];
	const open = new Set(orders.open);
	const gone = { ...orders.gone };
	for (const poNo of Object.keys(gone)) {
		if (ran(completionKey(poNo))) {
			delete gone[poNo];
			continue;
		}
		let record: IDataObject | undefined;
		try {
			const found = await allowing(
				404,
				apiRequest.call(this, 'purchaseOrder.get', { path: { poNo } }),
			);
			record = found.ok ? (found.value as IDataObject | undefined) : undefined;
		} catch (error) {
			return {
				closed,
				orders,
				problem: `purchase order ${poNo} could not be read (GET /PurchaseOrder/${poNo}): ${(error as Error).message}`,
			};
		}
		if (record === undefined) delete gone[poNo];
		else if (isClosed(record)) closed.push(record);
		else {
			delete gone[poNo];
			open.add(poNo);
		}
	}
	return { closed, orders: { open: [...open], gone } };
}

/**
 * One catch-up's view of the purchase orders: the open list read once (when order.completed is
 * subscribed), the orders that left it read by key at most once, and the book to keep afterwards.
 */
export class OrderWatch {
	private orders: OpenOrders | undefined;
	private closed?: IDataObject[];
	/** Whether the open list was read at this check (so `gone` is current). */
	followed = false;
	/** Whether the list showed closed orders (a deployment that lists them all). */
	listsClosed = false;
	/** Why the open list could not be read at this check: named only when a catch-up needs the orders. */
	private unread?: string;

	constructor(
		private readonly context: ITriggerFunctions,
		before: OpenOrders | undefined,
		private readonly ran: (key: string) => boolean,
		private readonly problems: string[],
	) {
		this.orders = before;
	}

	/** Whether a list of open orders was kept before this check. */
	get kept(): boolean {
		return this.orders !== undefined;
	}

	async follow(now: number): Promise<void> {
		const result = await followOpenOrders.call(this.context, this.orders, now, this.ran);
		if ('problem' in result) {
			this.unread = result.problem;
			return;
		}
		this.orders = result.orders;
		this.followed = true;
		this.listsClosed = showsClosed(result.rows);
	}

	/** The orders found closed since they left the open list, read by key once per catch-up. */
	async closedOrders(): Promise<IDataObject[]> {
		if (this.closed !== undefined) return this.closed;
		if (this.unread !== undefined)
			this.problems.push(`Completed purchase orders could not be looked for: ${this.unread}`);
		if (!this.followed || this.orders === undefined) return (this.closed = []);
		const result = await closedOrders.call(this.context, this.orders, this.ran);
		if (result.problem !== undefined)
			this.problems.push(`Completed purchase orders could not all be read: ${result.problem}`);
		this.orders = result.orders;
		return (this.closed = result.closed);
	}

	/** What the book keeps after this catch-up. */
	book(): OpenOrders | undefined {
		return this.orders;
	}
}

/**
 * At activation and at every restart, where n8n saves the workflow's static data (a check that finds
 * nothing is not saved): notes the open orders, so what was open before an outage is still known after
 * n8n comes back. Never fails the activation: a list it cannot read is left to the next check.
 */
export async function noteOpenOrders(
	this: IHookFunctions,
	book: Book,
	events: readonly string[],
): Promise<void> {
	if (!events.includes('order.completed') || this.getMode() === 'manual') return;
	const ledger = ledgerOf(this);
	const result = await followOpenOrders
		.call(this, book.openOrders, now(), (key) => ledger.has(eventIdOf(key)))
		.catch((error: Error) => ({ problem: error.message }));
	if ('problem' in result) {
		this.logger.warn(`Inventory Pro Trigger: open purchase orders not noted (${result.problem})`);
		return;
	}
	keepBook(book, { ...book, openOrders: result.orders });
}
