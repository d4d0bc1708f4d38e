/**
 * "A completed purchase order is found." GET /PurchaseOrder lists open orders only (vendor docs), so
 * the book keeps the open list's numbers (activation, restart, every check) and an order that left it
 * is read by its key. One never in a saved list cannot be found (README, limits).
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

const completionKey = (poNo: string): string =>
	recordEventKey('order.completed', { field: PO_KEY, value: poNo }) ?? '';

/** One catch-up's view: the open list read once, the orders that left it read by key once. */
export class OrderWatch {
	private closed?: IDataObject[];
	private followed = false;
	/** Why the open list could not be read: named only when a catch-up needs the orders. */
	unread?: string;
	/** The list showed closed orders (a deployment that lists them all). */
	listsClosed = false;

	constructor(
		private readonly context: ITriggerFunctions | IHookFunctions,
		private orders: OpenOrders | undefined,
		private readonly ran: (key: string) => boolean,
		private readonly problems: string[] = [],
	) {}

	get kept(): boolean {
		return this.orders !== undefined;
	}

	/** Orders off the open list join `gone` until their completion ran (or the ledger's span passed). */
	async follow(now: number): Promise<void> {
		let rows: IDataObject[];
		try {
			rows = await apiRequestAllItems.call(this.context, 'purchaseOrder.list');
		} catch (error) {
			this.unread = `/PurchaseOrder could not be read: ${(error as Error).message}`;
			return;
		}
		if (rows.some((row) => textField(row, PO_KEY) === undefined)) {
			this.unread = `a /PurchaseOrder record has no "${PO_KEY}", so completed purchase orders cannot be followed`;
			return;
		}
		// A deployment that lists closed orders too: those are gone from the open ones all the same.
		const open = new Set(
			rows.filter((row) => !isClosed(row)).map((row) => textField(row, PO_KEY)!),
		);
		const gone: Record<string, number> = { ...this.orders?.gone };
		for (const poNo of this.orders?.open ?? []) if (!open.has(poNo)) gone[poNo] ??= now;
		for (const [poNo, at] of Object.entries(gone))
			if (open.has(poNo) || this.ran(completionKey(poNo)) || now - at > KEEP_DAYS * DAY_MS)
				delete gone[poNo];
		this.orders = { open: [...open], gone };
		this.followed = true;
		this.listsClosed = showsClosed(rows);
	}

	/** The orders that left and are closed. One no longer there (404) is forgotten; one open goes back. */
	async closedOrders(): Promise<IDataObject[]> {
		if (this.closed !== undefined) return this.closed;
		if (this.unread !== undefined)
			this.problems.push(`Completed purchase orders could not be looked for: ${this.unread}`);
		const closed: IDataObject[] = [];
		if (!this.followed || this.orders === undefined) return (this.closed = closed);
		const open = new Set(this.orders.open);
		const gone = { ...this.orders.gone };
		for (const poNo of Object.keys(gone)) {
			if (this.ran(completionKey(poNo))) {
				delete gone[poNo];
				continue;
			}
			let record: IDataObject | undefined;
			try {
				const get = apiRequest.call(this.context, 'purchaseOrder.get', { path: { poNo } });
				const found = await allowing(404, get);
				record = found.ok ? (found.value as IDataObject | undefined) : undefined;
			} catch (error) {
				this.problems.push(
					`Completed purchase orders could not all be read: purchase order ${poNo} could not be read (GET /PurchaseOrder/${poNo}): ${(error as Error).message}`,
				);
				return (this.closed = closed);
			}
			if (record === undefined) delete gone[poNo];
			else if (isClosed(record)) closed.push(record);
			else {
				delete gone[poNo];
				open.add(poNo);
			}
		}
		this.orders = { open: [...open], gone };
		return (this.closed = closed);
	}

	book(): OpenOrders | undefined {
		return this.orders;
	}
}

/** At activation and restart, when n8n saves static data (a check that finds nothing is not saved). */
export async function noteOpenOrders(this: IHookFunctions, book: Book, events: readonly string[]) {
	if (!events.includes('order.completed') || this.getMode() === 'manual') return;
	const ledger = ledgerOf(this);
	const watch = new OrderWatch(this, book.openOrders, (key) => ledger.has(eventIdOf(key)));
	const problem = await watch.follow(now()).then(
		() => watch.unread,
		(error: Error) => error.message,
	);
	if (problem !== undefined)
		this.logger.warn(`Inventory Pro Trigger: open purchase orders not noted (${problem})`);
	else keepBook(book, { ...book, openOrders: watch.book() });
}
