/**
 * Catch-up: events the service generated but that never ran, rebuilt from two sources (spec):
 * - the delivery log: an event whose attempts all failed, once no retry can follow;
 * - the lists behind the common events (modifiedSince), for outages in which nothing was attempted
 *   (subscription disabled or missing).
 * Each comes out once (keys in identity.ts), oldest first, marked recovered. The list walk is the
 * Changes Trigger's (same cursor code).
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { EndpointId } from '../shared/endpoints';
import { RECORDS } from '../shared/records';
import { apiRequest } from '../shared/transport';
import { textOf } from '../shared/validation';
import { stampKey, startCursor } from '../shared/changes/cursor';
import { fetchChanges } from '../shared/changes/feed';
import { findWatchable } from '../shared/changes/watchable';
import { eventKey, recordNumber, referenceNumber } from './identity';
import type { Gap, TriggerState } from './state';

/** A failed delivery is final (no retry follows) this long after its last attempt. */
export const RETRY_HORIZON_MS = 30 * 60_000;
/** How far before an event's first attempt its record may have been written. */
const WRITE_MARGIN_MS = 10 * 60_000;
const LOG_PAGE_SIZE = 250;

export interface Recovered {
	event: string;
	data: IDataObject | null;
	reference: string;
	key?: string;
	/** Sort key: the record's Modified or the first attempt's time. */
	at: string;
}

/** What the lists say happened to a record in a window. */
interface Source {
	id: EndpointId;
	number: (record: IDataObject) => unknown;
	/** The events a record stands for when it changed inside [fromKey, toKey]. */
	events: (record: IDataObject, fromKey: string) => string[];
}

const isIn = (value: unknown, fromKey: string) => (stampKey(value) ?? '') >= fromKey;

const SOURCES: Source[] = [
	{
		id: 'inventory.materialIn',
		number: (r) => r.recNo,
		events: (r) => (r.type === 'Receipt' ? ['inventory.received'] : r.type === 'Move' ? ['inventory.moved'] : []),
	},
	{
		id: 'inventory.materialOut',
		number: (r) => r.recNo,
		events: (r) => (r.type === 'Issue' ? ['inventory.issued'] : []),
	},
	{
		id: 'item.listAll',
		number: (r) => r.partNo,
		events: (r, from) => (isIn(r.created, from) ? ['item.created'] : ['item.updated']),
	},
	{
		id: 'purchaseOrder.list',
		number: (r) => r[RECORDS.purchaseOrder.key],
		events: (r, from) => [
			...(isIn(r.created, from) ? ['order.created'] : []),
			...(r.status === RECORDS.purchaseOrder.done && isIn(r.modified, from) ? ['order.completed'] : []),
		],
	},
	{
		id: 'shippingOrder.list',
		number: (r) => r[RECORDS.shippingOrder.key],
		events: (r, from) => [
			...(isIn(r.created, from) ? ['order.created'] : []),
			...(r.status === RECORDS.shippingOrder.done ? ['order.completed'] : []),
		],
	},
];

const SOURCE_OF: Record<string, EndpointId[]> = {
	'inventory.received': ['inventory.materialIn'],
	'inventory.moved': ['inventory.materialIn'],
	'inventory.issued': ['inventory.materialOut'],
	'item.created': ['item.listAll'],
	'item.updated': ['item.listAll'],
	'order.created': ['purchaseOrder.list', 'shippingOrder.list'],
	'order.completed': ['purchaseOrder.list', 'shippingOrder.list'],
};

const recordEventKey = (event: string, record: IDataObject) => eventKey(event, recordNumber(event, record), record.modified);

/** Every record of a list modified on or after `since`, oldest first. */
async function walk(this: IPollFunctions, id: EndpointId, since: string): Promise<IDataObject[]> {
	const watchable = findWatchable(id);
	if (!watchable) return [];
	const changes = await fetchChanges.call(this, { watchable, path: {} }, startCursor(since));
	return changes.changes().map((change) => change.record);
}

function isoMinus(stamp: string, ms: number): string {
	return new Date(Date.parse(stampKey(stamp) ?? stamp) - ms).toISOString();
}

/** Events of the subscribed types that changed inside a gap. */
export async function fromGap(this: IPollFunctions, gap: Gap, events: string[]): Promise<Recovered[]> {
	const fromKey = stampKey(gap.from) ?? '';
	const toKey = stampKey(gap.to) ?? '';
	const wanted = new Set(events.flatMap((event) => SOURCE_OF[event] ?? []));
	const found: Recovered[] = [];
	for (const source of SOURCES.filter((s) => wanted.has(s.id))) {
		for (const record of await walk.call(this, source.id, gap.from)) {
			const modifiedKey = stampKey(record.modified) ?? '';
			if (modifiedKey < fromKey || modifiedKey > toKey) continue;
			for (const event of source.events(record, fromKey).filter((e) => events.includes(e))) {
				found.push({
					event,
					data: record,
					reference: `RecNo:${String(source.number(record))}`,
					key: recordEventKey(event, record),
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

/**
 * The log entries of subscription `rec` newer than `after`, oldest first. The log lists newest first
 * (spec), so reading stops at the first page that reaches `after`.
 */
async function newLogEntries(this: IPollFunctions, rec: number, after: number): Promise<LogEntry[]> {
	const entries: LogEntry[] = [];
	for (let page = 1; ; page++) {
		const response = (await apiRequest.call(this, 'webhook.log', {
			path: { rec },
			query: { sort: 'rec', direction: 'DESC', page, pageSize: LOG_PAGE_SIZE },
		})) as IDataObject;
		const rows = Array.isArray(response?.value) ? (response.value as IDataObject[]) : [];
		let reached = false;
		for (const row of rows) {
			const entryRec = Number(row.rec);
			if (!(entryRec > after)) {
				reached = true;
				break;
			}
			entries.push({
				rec: entryRec,
				event: textOf(row.event ?? ''),
				reference: textOf(row.reference ?? ''),
				success: row.success === true,
				created: textOf(row.created ?? ''),
			});
		}
		if (reached || response?.hasMore !== true || rows.length === 0) break;
	}
	return entries.reverse();
}

export interface LogOutcome {
	recovered: Recovered[];
	/** The new log position: below the first entry of any event that may still be retried. */
	logAfter: number;
}

/**
 * Events in the log whose every attempt failed and that can no longer be retried: the subscription
 * was disabled after them (`finalUntil`), or their last attempt is older than the retry horizon.
 */
export async function fromLog(this: IPollFunctions, state: TriggerState, rec: number, events: string[], now: number): Promise<LogOutcome> {
	const after = state.logOf === rec ? (state.logAfter ?? 0) : 0;
	const entries = await newLogEntries.call(this, rec, after);
	const groups = new Map<string, LogEntry[]>();
	for (const entry of entries) {
		if (entry.event === 'test') continue;
		const id = `${entry.event}\n${entry.reference}`;
		groups.set(id, [...(groups.get(id) ?? []), entry]);
	}
	const finalKey = stampKey(state.finalUntil) ?? '';
	const failed: LogEntry[][] = [];
	let logAfter = entries.length > 0 ? entries[entries.length - 1].rec : after;
	for (const group of groups.values()) {
		if (group.some((entry) => entry.success)) continue;
		const last = group[group.length - 1];
		const lastKey = stampKey(last.created) ?? '';
		const final = (finalKey !== '' && lastKey <= finalKey) || now - Date.parse(lastKey) >= RETRY_HORIZON_MS;
		if (final) failed.push(group);
		else logAfter = Math.min(logAfter, group[0].rec - 1);
	}
	const recovered: Recovered[] = [];
	// Rebuild each event from its record, one walk per list from the earliest attempt.
	const bySource = new Map<EndpointId, LogEntry[]>();
	for (const group of failed) {
		const first = group[0];
		const sources = SOURCE_OF[first.event];
		if (!events.includes(first.event)) continue;
		if (!sources || referenceNumber(first.reference) === undefined) {
			// A deployment's own event type: the log names it, nothing more can be rebuilt.
			recovered.push({ event: first.event, data: null, reference: first.reference, at: stampKey(first.created) ?? '' });
			continue;
		}
		for (const source of sources) bySource.set(source, [...(bySource.get(source) ?? []), first]);
	}
	const pending = new Map<string, LogEntry>();
	for (const list of bySource.values()) for (const first of list) pending.set(`${first.event}\n${first.reference}`, first);
	for (const [source, firsts] of bySource) {
		const since = firsts.map((f) => stampKey(f.created) ?? '').sort()[0];
		const spec = SOURCES.find((s) => s.id === source)!;
		for (const record of await walk.call(this, source, isoMinus(since, WRITE_MARGIN_MS))) {
			for (const first of firsts) {
				const id = `${first.event}\n${first.reference}`;
				if (!pending.has(id) || String(spec.number(record)) !== referenceNumber(first.reference)) continue;
				if (!spec.events(record, '').includes(first.event) && first.event !== 'item.updated') continue;
				pending.delete(id);
				recovered.push({
					event: first.event,
					data: record,
					reference: first.reference,
					key: recordEventKey(first.event, record),
					at: stampKey(first.created) ?? '',
				});
			}
		}
	}
	// Records gone from the lists: still reported, with what the log knows.
	for (const first of pending.values()) {
		recovered.push({
			event: first.event,
			data: null,
			reference: first.reference,
			key: eventKey(first.event, referenceNumber(first.reference)),
			at: stampKey(first.created) ?? '',
		});
	}
	return { recovered, logAfter };
}
