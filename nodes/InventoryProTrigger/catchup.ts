/**
 * Catch-up: events the service generated but that never ran, rebuilt from two sources (spec):
 * - the delivery log: an event whose attempts all failed, once no retry can follow;
 * - the lists behind the common events (modifiedSince), for outages in which nothing was attempted
 *   (subscription disabled or missing).
 * It degrades, never jams: a record that cannot be matched (a list unreachable, a row without its key
 * column) still lets each event the log names run, with `data: null` and the reason; a gap whose list
 * cannot be read is reported with its period. Nothing relies on the service's sort order.
 */
import type { IDataObject, IHookFunctions, ITriggerFunctions } from 'n8n-workflow';

import type { EndpointId } from '../shared/endpoints';
import { RECORDS } from '../shared/records';
import { apiRequest } from '../shared/transport';
import { walkPages } from '../shared/transport/paging';
import { textOf } from '../shared/validation';
import { stampKey, startCursor } from '../shared/changes/cursor';
import { fetchChanges } from '../shared/changes/feed';
import { findWatchable } from '../shared/changes/watchable';
import type { Book, Gap } from './memory';
import { EVENT_LISTS, keyField, recordEventKey, referenceNumber } from './records';

/** A failed delivery is final (no retry follows) this long after its last attempt. */
export const RETRY_HORIZON_MS = 30 * 60_000;
/** How far before an event's first attempt its record may have been written. */
const WRITE_MARGIN_MS = 10 * 60_000;
const LOG_PAGE_SIZE = 250;

export interface Recovered {
	event: string;
	data: IDataObject | null;
	reference: string;
	/** What makes it run once (memory.ts). */
	key: string;
	/** Sort key: the record's Modified or the first attempt's time. */
	at: string;
	/** Why data is null. */
	reason?: string;
}

export interface CatchUp {
	recovered: Recovered[];
	/** The bookkeeping after it: log position moved, gaps done. */
	book: Book;
	/** Problems to report once (the check completes regardless). */
	problems: string[];
}

/** The events a list's record stands for when it changed inside [fromKey, …]. */
const isIn = (value: unknown, fromKey: string) => (stampKey(value) ?? '') >= fromKey;
const EVENTS_OF: Partial<Record<EndpointId, (record: IDataObject, fromKey: string) => string[]>> = {
	'inventory.materialIn': (r) =>
		r.type === 'Receipt' ? ['inventory.received'] : r.type === 'Move' ? ['inventory.moved'] : [],
	'inventory.materialOut': (r) => (r.type === 'Issue' ? ['inventory.issued'] : []),
	'item.listAll': (r, from) => (isIn(r.created, from) ? ['item.created'] : ['item.updated']),
	'purchaseOrder.list': (r, from) => [
		...(isIn(r.created, from) ? ['order.created'] : []),
		...(r.status === RECORDS.purchaseOrder.done && isIn(r.modified, from)
			? ['order.completed']
			: []),
	],
	'shippingOrder.list': (r, from) => [
		...(isIn(r.created, from) ? ['order.created'] : []),
		...(r.status === RECORDS.shippingOrder.done ? ['order.completed'] : []),
	],
};

type Walk = { records: IDataObject[] } | { problem: string };

/** Every record of a list modified on or after `since`; a list that cannot be read or interpreted is a problem, not a throw. */
async function walk(this: ITriggerFunctions, id: EndpointId, since: string): Promise<Walk> {
	const watchable = findWatchable(id);
	if (!watchable) return { problem: `${id} cannot be followed by modification time` };
	try {
		const changes = await fetchChanges.call(this, { watchable, path: {} }, startCursor(since));
		return { records: changes.changes().map((change) => change.record) };
	} catch (error) {
		return { problem: `${watchable.endpoint.path} could not be read: ${(error as Error).message}` };
	}
}

/** Records from the lists always carry Modified (the feed refuses rows without it). */
const recordKey = (event: string, number: string | undefined, record: IDataObject) =>
	recordEventKey(event, number, record) ??
	`r:${event}|${number ?? ''}|${textOf(record.modified ?? '')}`;

function isoMinus(stamp: string, ms: number): string {
	return new Date(Date.parse(stampKey(stamp) ?? stamp) - ms).toISOString();
}

/** Events of the subscribed types that changed inside a gap. */
async function fromGap(
	this: ITriggerFunctions,
	gap: Gap,
	events: string[],
	problems: string[],
): Promise<Recovered[]> {
	const fromKey = stampKey(gap.from) ?? '';
	const toKey = stampKey(gap.to) ?? '';
	const lists = new Set(events.flatMap((event) => EVENT_LISTS[event] ?? []));
	const found: Recovered[] = [];
	for (const id of lists) {
		const read = await walk.call(this, id, gap.from);
		if ('problem' in read) {
			problems.push(
				`Events between ${gap.from} and ${gap.to} could not be caught up: ${read.problem}`,
			);
			continue;
		}
		for (const record of read.records) {
			const modifiedKey = stampKey(record.modified) ?? '';
			if (modifiedKey < fromKey || modifiedKey > toKey) continue;
			for (const event of (EVENTS_OF[id]?.(record, fromKey) ?? []).filter((e) =>
				events.includes(e),
			)) {
				const number = textOf(record[keyField(id)] ?? '');
				found.push({
					event,
					data: record,
					reference: `RecNo:${number}`,
					key: recordKey(event, number, record),
					at: modifiedKey,
				});
			}
		}
	}
	return found;
}

interface LogEntry {
	rec: number;
	event: string;
	reference: string;
	success: boolean;
	created: string;
}

/** Whether a page came back newest first, as asked: only then may reading stop early. */
function isDescending(recs: number[]): boolean {
	return recs.every((rec, index) => index === 0 || rec < recs[index - 1]);
}

/**
 * The log entries of subscription `rec` newer than `after`, oldest first. Asks for newest first and
 * stops at the first page that reaches `after` only when the page shows the order was honoured;
 * otherwise reads every page.
 */
async function logEntries(
	this: ITriggerFunctions | IHookFunctions,
	rec: number,
	after: number,
	newestOnly = false,
): Promise<LogEntry[]> {
	const byRec = new Map<number, LogEntry>();
	const fetchPage = async (page: number) =>
		await apiRequest.call(this, 'webhook.log', {
			path: { rec },
			query: { sort: 'rec', direction: 'DESC', page, pageSize: LOG_PAGE_SIZE },
		});
	const walk = { what: `the delivery log of subscription ${rec}`, idField: 'rec' };
	for await (const { rows } of walkPages(this.getNode(), fetchPage, walk)) {
		const recs = rows.map((row) => Number(row.rec)).filter((n) => Number.isFinite(n));
		rows.forEach((row) => {
			const entryRec = Number(row.rec);
			if (!(entryRec > after)) return;
			const entry = {
				rec: entryRec,
				event: textOf(row.event ?? ''),
				reference: textOf(row.reference ?? ''),
				success: row.success === true,
				created: textOf(row.created ?? ''),
			};
			byRec.set(entryRec, entry);
		});
		const ordered = recs.length > 0 && isDescending(recs);
		if (ordered && (newestOnly || recs[recs.length - 1] <= after)) break;
	}
	return [...byRec.values()].sort((a, b) => a.rec - b.rec);
}

/** The newest entry of a subscription's delivery log: catch-up of an adopted subscription starts after it. */
export async function newestLogRec(
	this: ITriggerFunctions | IHookFunctions,
	rec: number,
): Promise<number> {
	const entries = await logEntries.call(this, rec, 0, true);
	return entries.length > 0 ? entries[entries.length - 1].rec : 0;
}

/**
 * Events in the log whose every attempt failed and that can no longer be retried: the subscription
 * was found disabled after them (`finalUntil`), or their last attempt is older than the retry horizon.
 */
async function fromLog(
	this: ITriggerFunctions,
	book: Book,
	rec: number,
	events: string[],
	now: number,
	problems: string[],
): Promise<{ recovered: Recovered[]; logAfter: number }> {
	const after = book.logOf === rec ? (book.logAfter ?? 0) : 0;
	const entries = await logEntries.call(this, rec, after);
	const groups = new Map<string, LogEntry[]>();
	for (const entry of entries) {
		if (entry.event === 'test') continue;
		const id = `${entry.event}\n${entry.reference}`;
		groups.set(id, [...(groups.get(id) ?? []), entry]);
	}
	const finalKey = stampKey(book.finalUntil) ?? '';
	const failed: LogEntry[] = [];
	let logAfter = entries.length > 0 ? entries[entries.length - 1].rec : after;
	for (const group of groups.values()) {
		if (group.some((entry) => entry.success)) continue;
		const lastKey = stampKey(group[group.length - 1].created) ?? '';
		const final =
			(finalKey !== '' && lastKey <= finalKey) || now - Date.parse(lastKey) >= RETRY_HORIZON_MS;
		if (final && events.includes(group[0].event)) failed.push(group[0]);
		else if (!final) logAfter = Math.min(logAfter, group[0].rec - 1);
	}
	const recovered: Recovered[] = [];
	// Named by the log, rebuilt from its record when it can be matched, else run with what the log knows.
	const named = (first: LogEntry, reason: string): Recovered => ({
		event: first.event,
		data: null,
		reference: first.reference,
		key: `l:${first.event}|${first.reference}|${stampKey(first.created) ?? first.rec}`,
		at: stampKey(first.created) ?? '',
		reason,
	});
	const byList = new Map<EndpointId, LogEntry[]>();
	for (const first of failed) {
		const lists = EVENT_LISTS[first.event];
		if (!lists || referenceNumber(first.reference) === undefined) {
			recovered.push(
				named(
					first,
					'Inventory Pro does not list the records of this event; the delivery log names it',
				),
			);
			continue;
		}
		for (const id of lists) byList.set(id, [...(byList.get(id) ?? []), first]);
	}
	const pending = new Map<LogEntry, string>();
	for (const firsts of byList.values())
		for (const first of firsts) pending.set(first, 'The record is no longer in Inventory Pro');
	for (const [id, firsts] of byList) {
		const since = firsts.map((f) => stampKey(f.created) ?? '').sort()[0];
		const read = await walk.call(this, id, isoMinus(since, WRITE_MARGIN_MS));
		if ('problem' in read) {
			problems.push(`Missed events were run without their records: ${read.problem}`);
			for (const first of firsts) if (pending.has(first)) pending.set(first, read.problem);
			continue;
		}
		const field = keyField(id);
		for (const record of read.records) {
			for (const first of firsts) {
				const number = referenceNumber(first.reference);
				if (!pending.has(first) || textOf(record[field] ?? '') !== number) continue;
				if (
					!(EVENTS_OF[id]?.(record, '') ?? []).includes(first.event) &&
					first.event !== 'item.updated'
				)
					continue;
				pending.delete(first);
				recovered.push({
					event: first.event,
					data: record,
					reference: first.reference,
					key: recordKey(first.event, number, record),
					at: stampKey(first.created) ?? '',
				});
			}
		}
	}
	for (const [first, reason] of pending) recovered.push(named(first, reason));
	return { recovered, logAfter };
}

/** One catch-up: the log of the current subscription, then every gap. */
export async function catchUp(
	this: ITriggerFunctions,
	book: Book,
	events: string[],
	now: number,
): Promise<CatchUp> {
	const problems: string[] = [];
	const recovered: Recovered[] = [];
	const next: Book = { ...book, gaps: [] };
	if (book.rec !== undefined) {
		const log = await fromLog.call(this, book, book.rec, events, now, problems);
		recovered.push(...log.recovered);
		next.logOf = book.rec;
		next.logAfter = log.logAfter;
	}
	for (const gap of book.gaps ?? [])
		recovered.push(...(await fromGap.call(this, gap, events, problems)));
	recovered.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
	return { recovered, book: next, problems: [...new Set(problems)] };
}
