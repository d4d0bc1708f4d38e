/**
 * "A missed event comes back": rebuilt from the delivery log (every attempt failed, no retry follows) and,
 * for outages in which nothing was attempted, from the lists behind the events (modifiedSince). A source
 * that cannot answer is named once (sources.ts); an event the log names whose record cannot be told runs
 * with `data: null` and the reason. Nothing relies on the service's sort order.
 */
import type { IDataObject, ITriggerFunctions } from 'n8n-workflow';

import { endpoint, type EndpointId } from '../shared/endpoints';
import { RECORDS } from '../shared/records';
import { stampKey, startCursor } from '../shared/changes/cursor';
import { fetchChanges } from '../shared/changes/feed';
import { createdOf, isClosed, movementEvent, showsClosed } from '../shared/changes/rows';
import { findWatchable } from '../shared/changes/watchable';
import { fieldOf, textField } from '../shared/validation';
import { logEntries, type LogEntry } from './log';
import type { Book, Gap } from './book';
import { digest } from './delivery';
import { OrderWatch } from './openOrders';
import { EVENT_LISTS, identityFields, recordEventKey, recordRef, referenceValue } from './records';
import { checkLog, checkRows } from './sources';

/** A failed delivery is final (no retry follows) this long after its last attempt. */
const RETRY_HORIZON_MS = 30 * 60_000;
/** How far before an event's first attempt its record may have been written. */
const WRITE_MARGIN_MS = 10 * 60_000;
const UNLISTED = 'Inventory Pro does not list the records of this event; the delivery log names it';

export interface Recovered {
	event: string;
	data: IDataObject | null;
	reference: string;
	/** What tells it from other events (its id is a digest of it). */
	key: string;
	/** The record's Modified or the first attempt's time: the order they run in. */
	at: string;
	/** Why data is null. */
	reason?: string;
}

const keyOf = (value: unknown) => stampKey(value) ?? '';
const isIn = (value: unknown, fromKey: string) => keyOf(value) >= fromKey;

/** The events a list's record stands for when it changed inside [fromKey, …]. */
const EVENTS_OF: Partial<Record<EndpointId, (record: IDataObject, fromKey: string) => string[]>> = {
	'inventory.materialIn': (r) => {
		const event = movementEvent(r);
		return event === 'inventory.received' || event === 'inventory.moved' ? [event] : [];
	},
	'inventory.materialOut': (r) =>
		movementEvent(r) === 'inventory.issued' ? ['inventory.issued'] : [],
	// Without a created time every change counts as an update (sources.ts names it).
	'item.listAll': (r, from) =>
		isIn(fieldOf(r, 'created'), from) ? ['item.created'] : ['item.updated'],
	// A list that shows closed purchase orders gives their completion too; the documented one does not.
	'purchaseOrder.list': (r, from) => [
		...(isIn(createdOf(r), from) ? ['order.created'] : []),
		...(isClosed(r) && isIn(fieldOf(r, 'modified'), from) ? ['order.completed'] : []),
	],
	'shippingOrder.list': (r, from) => [
		...(isIn(createdOf(r), from) ? ['order.created'] : []),
		...(fieldOf(r, 'status') === RECORDS.shippingOrder.done ? ['order.completed'] : []),
	],
};

type Walk = { records: IDataObject[] } | { problem: string };

async function walk(ctx: Context, id: EndpointId, since: string): Promise<Walk> {
	const watchable = findWatchable(id);
	if (!watchable) return { problem: `${id} cannot be followed by modification time` };
	try {
		const target = { watchable, path: {} };
		const changes = await fetchChanges.call(ctx.trigger, target, startCursor(since));
		return { records: changes.changes().map((change) => change.record) };
	} catch (error) {
		return { problem: `${watchable.endpoint.path} could not be read: ${(error as Error).message}` };
	}
}

const recordKey = (event: string, record: IDataObject) =>
	recordEventKey(event, recordRef(event, record)) ?? `r:${event}|${digest(JSON.stringify(record))}`;

const isoMinus = (stamp: string, ms: number) =>
	new Date(Date.parse(stampKey(stamp) ?? stamp) - ms).toISOString();

function recovered(event: string, data: IDataObject, reference: string, at: string): Recovered {
	return { event, data, reference, key: recordKey(event, data), at };
}

/** A list's record, with the reference the log would give it (spec form RecNo:<n>). */
function fromList(event: string, id: EndpointId, record: IDataObject): Recovered {
	const value = identityFields(id)
		.map((field) => textField(record, field))
		.find((text) => text !== undefined);
	return recovered(event, record, `RecNo:${value ?? ''}`, keyOf(fieldOf(record, 'modified')));
}

function withoutRecord({ event, reference, created, rec }: LogEntry, reason: string): Recovered {
	const at = keyOf(created);
	return { event, data: null, reference, key: `l:${event}|${reference}|${at || rec}`, at, reason };
}

interface Context {
	trigger: ITriggerFunctions;
	events: string[];
	problems: string[];
	ran: (key: string) => boolean;
	orders: OrderWatch;
	/** Keys of orders that several log entries could be about: the log's entries stand for them. */
	contested: Set<string>;
}

async function fromGap(ctx: Context, gap: Gap): Promise<Recovered[]> {
	const { events, problems } = ctx;
	const fromKey = keyOf(gap.from);
	const inGap = (record: IDataObject) => {
		const modified = keyOf(fieldOf(record, 'modified'));
		return modified >= fromKey && modified <= keyOf(gap.to);
	};
	const period = `between ${gap.from} and ${gap.to}`;
	const found: Recovered[] = [];
	let purchaseRows: IDataObject[] | undefined;
	for (const id of new Set(events.flatMap((event) => EVENT_LISTS[event] ?? []))) {
		const read = await walk(ctx, id, gap.from);
		if ('problem' in read) {
			problems.push(`Events ${period} could not be caught up: ${read.problem}`);
			continue;
		}
		if (id === 'purchaseOrder.list') purchaseRows = read.records;
		const wanted = events.filter((event) => EVENT_LISTS[event]?.includes(id));
		const lacking = checkRows(id, read.records, wanted, `${endpoint(id).path} ${period}`);
		if (lacking !== undefined)
			problems.push(`Events ${period} could not all be caught up: ${lacking}`);
		for (const record of read.records.filter(inGap))
			for (const event of EVENTS_OF[id]?.(record, fromKey) ?? [])
				if (wanted.includes(event)) found.push(fromList(event, id, record));
	}
	const ordersWanted = events.filter((event) => event.startsWith('order.') && EVENT_LISTS[event]);
	if (ordersWanted.length > 0 && purchaseRows !== undefined) {
		// Completed purchase orders left the open list: those seen open before are read by key.
		if (events.includes('order.completed'))
			for (const order of (await ctx.orders.closedOrders()).filter(inGap))
				found.push(fromList('order.completed', 'purchaseOrder.list', order));
		if (!ctx.orders.listsClosed && !showsClosed(purchaseRows)) {
			const seen = ctx.orders.kept
				? 'that were not open at the check before it'
				: '(no list of open purchase orders was kept before it)';
			problems.push(
				`Purchase orders created or completed ${period} ${seen} cannot be caught up: Inventory Pro lists open purchase orders only (GET /PurchaseOrder), so an order created and completed in that time, or completed without having been seen open, is not found; their ${ordersWanted.join(' and ')} events did not run`,
			);
		}
	}
	return found.filter((event) => !ctx.contested.has(event.key));
}

/**
 * The log's reference is RecNo:<number> (spec) while orders are keyed by poNo / soNo: it names the order
 * only where a deployment writes the number there; else the one order of its kind that changed as the
 * event was sent, when exactly one fits.
 */
async function ordersFromLog(ctx: Context, entries: LogEntry[]): Promise<Recovered[]> {
	if (entries.length === 0) return [];
	const since = isoMinus(entries.map((entry) => keyOf(entry.created)).sort()[0], WRITE_MARGIN_MS);
	const candidates: IDataObject[] = [];
	const unread: string[] = [];
	for (const id of ['purchaseOrder.list', 'shippingOrder.list'] as const) {
		const read = await walk(ctx, id, since);
		if ('problem' in read) unread.push(read.problem);
		else candidates.push(...read.records);
	}
	if (ctx.events.includes('order.completed')) candidates.push(...(await ctx.orders.closedOrders()));
	const numberOf = (order: IDataObject) =>
		textField(order, RECORDS.purchaseOrder.key) ?? textField(order, RECORDS.shippingOrder.key);
	const claimed = new Set<string>();
	const out: Recovered[] = [];
	let unmatched = 0;
	for (const entry of entries) {
		const at = keyOf(entry.created);
		const from = keyOf(isoMinus(at, WRITE_MARGIN_MS));
		const within = (stamp: unknown) => keyOf(stamp) >= from && keyOf(stamp) <= at;
		const value = referenceValue(entry.reference);
		const direct = candidates.find((order) => numberOf(order) === value);
		const fitting = candidates.filter((order) => {
			const fits =
				entry.event === 'order.completed'
					? isClosed(order) && within(fieldOf(order, 'modified'))
					: within(createdOf(order));
			const key = recordKey(entry.event, order);
			return fits && !ctx.ran(key) && !claimed.has(key);
		});
		const unique = [...new Map(fitting.map((order) => [numberOf(order), order])).values()];
		const order = direct ?? (unique.length === 1 ? unique[0] : undefined);
		if (order !== undefined) {
			out.push(recovered(entry.event, order, entry.reference, at));
			claimed.add(recordKey(entry.event, order));
			continue;
		}
		unmatched++;
		for (const each of unique) ctx.contested.add(recordKey(entry.event, each));
		const why =
			unread.length > 0
				? `the order lists could not be read (${unread.join('; ')})`
				: unique.length === 0
					? 'no order of its kind changed as it was sent (an order never seen open, created and completed between two checks, is not listed: GET /PurchaseOrder shows open orders only)'
					: `${unique.length} orders (${unique.map(numberOf).join(', ')}) changed as it was sent, so it cannot be told which`;
		const reason = `The delivery log names this order as ${entry.reference}, while orders are keyed by their order number (poNo, soNo); ${why}`;
		out.push(withoutRecord(entry, reason));
	}
	if (unmatched > 0)
		ctx.problems.push(
			`${unmatched} order event(s) from the delivery log ran without their order: the log names orders as RecNo:<number> and orders are keyed by their order number, and no single order fitted each (the items say why)`,
		);
	return out;
}

/** Events whose every attempt failed and that no retry follows (`finalUntil`, or the retry horizon). */
async function fromLog(ctx: Context, book: Book, rec: number, now: number) {
	const after = book.logOf === rec ? (book.logAfter ?? 0) : 0;
	const { entries, rows } = await logEntries.call(ctx.trigger, rec, after);
	const lacking = checkLog(rows, rec);
	if (lacking !== undefined) {
		ctx.problems.push(`Missed events could not be caught up: ${lacking}`);
		return { recovered: [], logAfter: after };
	}
	const finalKey = keyOf(book.finalUntil);
	const failed: LogEntry[] = [];
	let logAfter = entries.length > 0 ? entries[entries.length - 1].rec : after;
	for (const group of byEvent(entries)) {
		if (group.some((entry) => entry.success)) continue;
		const lastKey = keyOf(group[group.length - 1].created);
		const final =
			(finalKey !== '' && lastKey <= finalKey) || now - Date.parse(lastKey) >= RETRY_HORIZON_MS;
		if (final && ctx.events.includes(group[0].event)) failed.push(group[0]);
		else if (!final) logAfter = Math.min(logAfter, group[0].rec - 1);
	}
	return { recovered: await rebuild(ctx, failed), logAfter };
}

function byEvent(entries: LogEntry[]): LogEntry[][] {
	const groups = new Map<string, LogEntry[]>();
	for (const entry of entries) {
		if (entry.event === 'test') continue;
		const id = `${entry.event}\n${entry.reference}`;
		groups.set(id, [...(groups.get(id) ?? []), entry]);
	}
	return [...groups.values()];
}

/** The events the log names (first attempts), rebuilt from their records where they can be told. */
async function rebuild(ctx: Context, firsts: LogEntry[]): Promise<Recovered[]> {
	const out: Recovered[] = [];
	const byList = new Map<EndpointId, LogEntry[]>();
	const orderEntries: LogEntry[] = [];
	for (const first of firsts) {
		const lists = EVENT_LISTS[first.event];
		if (!lists) out.push(withoutRecord(first, UNLISTED));
		else if (referenceValue(first.reference) === undefined)
			out.push(withoutRecord(first, 'The delivery log gives no reference to its record'));
		else if (first.event.startsWith('order.')) orderEntries.push(first);
		else for (const id of lists) byList.set(id, [...(byList.get(id) ?? []), first]);
	}
	// Stock and item events (one list each): the record the reference numbers, in its list.
	const pending = new Map<LogEntry, string>();
	for (const [id, group] of byList) {
		const since = isoMinus(group.map((f) => keyOf(f.created)).sort()[0], WRITE_MARGIN_MS);
		const read = await walk(ctx, id, since);
		if ('problem' in read) {
			ctx.problems.push(`Missed events were run without their records: ${read.problem}`);
			for (const first of group) pending.set(first, read.problem);
			continue;
		}
		const fields = identityFields(id);
		for (const first of group) {
			const value = referenceValue(first.reference)!;
			const record = read.records.find((row) => fields.some((f) => textField(row, f) === value));
			if (record !== undefined)
				out.push(recovered(first.event, record, first.reference, keyOf(first.created)));
			else
				pending.set(
					first,
					`No ${endpoint(id).path} record changed since ${since} has ${fields.join(' or ')} ${value} (the log's reference ${first.reference}): the record was removed, or the reference does not number that list's records`,
				);
		}
	}
	for (const [first, reason] of pending) out.push(withoutRecord(first, reason));
	out.push(...(await ordersFromLog(ctx, orderEntries)));
	return out;
}

/** What the log shows acknowledged since `fromIso` (acknowledged.ts), rebuilt like missed events. */
async function acknowledgedSince(ctx: Context, rec: number, fromIso: string): Promise<Recovered[]> {
	const fromKey = keyOf(fromIso);
	const older = (entry: LogEntry) => keyOf(entry.created) < fromKey;
	const { entries, rows } = await logEntries.call(ctx.trigger, rec, 0, older);
	const lacking = checkLog(rows, rec);
	if (lacking !== undefined) {
		ctx.problems.push(`Events acknowledged before the restart could not be checked: ${lacking}`);
		return [];
	}
	const firsts = byEvent(entries.filter((entry) => entry.success && !older(entry)))
		.map((group) => group[0])
		.filter((first) => ctx.events.includes(first.event));
	return await rebuild(ctx, firsts);
}

/** `ran` tells the keys that already ran: a completion that ran live is never taken for a missed one. */
export async function catchUp(
	this: ITriggerFunctions,
	book: Book,
	events: string[],
	now: number,
	ran: (key: string) => boolean = () => false,
	reconcileFrom?: string,
): Promise<{ recovered: Recovered[]; book: Book; problems: string[] }> {
	const problems: string[] = [];
	const orders = new OrderWatch(this, book.openOrders, ran, problems);
	const ctx: Context = { trigger: this, events, problems, ran, orders, contested: new Set() };
	const found: Recovered[] = [];
	const next: Book = { ...book, gaps: [] };
	if (events.includes('order.completed')) await orders.follow(now);
	if (book.rec !== undefined) {
		const log = await fromLog(ctx, book, book.rec, now);
		found.push(...log.recovered);
		next.logOf = book.rec;
		next.logAfter = log.logAfter;
	}
	for (const gap of book.gaps ?? []) found.push(...(await fromGap(ctx, gap)));
	if (book.rec !== undefined && reconcileFrom !== undefined)
		found.push(...(await acknowledgedSince(ctx, book.rec, reconcileFrom)));
	next.openOrders = events.includes('order.completed') ? orders.book() : undefined;
	found.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
	return { recovered: found, book: next, problems: [...new Set(problems)] };
}
