/**
 * The change cursor: pure bookkeeping, no I/O. Shared by the Changes Trigger's polls and the webhook
 * trigger's catch-up.
 *
 *   const set = new ChangeSet(stored);          // stored Cursor, a legacy { since, atSince }, or startCursor()
 *   for (let q = set.firstQuery(); q; ) {        // q: { modifiedSince, order: 'modified' | 'id', page }
 *   	const page = await fetch(q);              // list sorted ASC by Modified, or by the list's id column
 *   	q = set.nextQuery(page.map(toChange), page.hasMore);
 *   	if (q && set.canStop() && outOfTime) break;
 *   }
 *   set.changes();                               // what to emit, oldest Modified first
 *   set.next();                                  // the Cursor to store (only after the changes are handed on)
 *
 * Rules, and why:
 * - Only the service's own Modified stamps are compared, never n8n's clock: clock skew cannot lose or
 *   repeat a change. A stamp without a zone is UTC (parseStamp), so n8n's time zone and its
 *   daylight-saving changes cannot reorder stamps.
 * - Each read starts OVERLAP_MS behind the newest stamp seen. A record can become visible after newer
 *   ones were read (a long transaction commits, a replica catches up); the overlap re-reads the recent
 *   past to catch it. Records are told apart by id + Modified: the ids seen inside the window are kept
 *   with their stamps, so a re-read record is skipped and a record modified again is a new change.
 *   Memory is bounded by the records modified inside the window.
 * - modifiedSince is inclusive and one sort column only, so a page full of one stamp cannot be paged
 *   by Modified (ties come in any order, and rows slip between pages). Then everything from that
 *   stamp on is read sorted by the list's id column, a stable order. A walk that runs out of time
 *   resumes at its page (one page back, in case rows were deleted) on the next read.
 */
import type { IDataObject } from 'n8n-workflow';

import { parseStamp } from '../dates';

/**
 * How far behind the newest stamp each read starts. Five minutes covers commit delays and replica
 * lag, which last seconds in practice, many times over, while the re-read stays small: the records
 * modified in the last five minutes (usually none or one page). Later arrivals are not caught.
 */
export const OVERLAP_MS = 5 * 60_000;

/** Records seen at one Modified instant: [stamp key, ids]. Grouped because bulk changes share stamps. */
export type SeenGroup = [key: string, ids: string[]];

export interface Cursor {
	/** The newest Modified read completely below it, the service's text verbatim. Absent: from the start. */
	since?: string;
	/** Nothing older is emitted: the start date or the newest stamp at first activation. */
	floor?: string;
	/** Records read at or after since − window, with their Modified. */
	seen: SeenGroup[];
	/** An id-ordered walk of a crowded stamp that stopped early: resume it at this page. */
	walk?: { stamp: string; page: number };
}

/** The cursor of earlier versions: newest stamp and the ids handled at exactly that stamp. */
export interface LegacyCursor {
	since?: string;
	atSince: string[];
}

export interface PollState {
	/** What the cursor belongs to (list, path values, start date); a change starts over. */
	scope: string;
	cursor: Cursor | LegacyCursor;
}

/** One list read: modifiedSince plus ascending order by Modified, or by the list's id column. */
export interface PageQuery {
	modifiedSince?: string;
	order: 'modified' | 'id';
	page: number;
}

export interface Change {
	id: string;
	/** The service's Modified, verbatim. */
	modified: string;
	/** stampKey(modified). */
	modifiedKey: string;
	record: IDataObject;
}

// The one date parser, shared with the action node (zone-less stamps are UTC).

/**
 * A sortable form of a service timestamp: ISO in UTC with 9 fraction digits, so stamps compare as
 * strings. Undefined when the value is not a date.
 */
export function stampKey(value: unknown): string | undefined {
	const stamp = parseStamp(value);
	if (stamp === undefined) return undefined;
	return `${new Date(stamp.ms).toISOString().slice(0, 23)}${stamp.subMs}Z`;
}

/** An instant written like `template`: with Z when the template has a zone, without when it has none. */
function stampLike(ms: number, template: string): string {
	const iso = new Date(ms).toISOString();
	return /(Z|[+-]\d{2}(:?\d{2})?)$/i.test(template.trim()) || !template.includes(':')
		? iso
		: iso.slice(0, -1);
}

const byKey = (a: Change, b: Change) =>
	a.modifiedKey < b.modifiedKey ? -1 : a.modifiedKey > b.modifiedKey ? 1 : 0;

/** The cursor for a new trigger: from `since` (inclusive) on, with the ids already handled at it. */
export function startCursor(since?: string, handled: string[] = []): Cursor {
	const key = stampKey(since);
	return {
		since,
		floor: since,
		seen: key !== undefined && handled.length ? [[key, [...new Set(handled)]]] : [],
	};
}

/** A stored cursor in today's shape; an old one keeps its meaning (nothing before its stamp again). */
export function toCursor(stored: Cursor | LegacyCursor | undefined): Cursor {
	if (stored === undefined) return { seen: [] };
	if ('seen' in stored && Array.isArray(stored.seen)) return stored;
	return startCursor(stored.since, (stored as LegacyCursor).atSince ?? []);
}

/** Collects one read's changes: skips what was already seen, keeps one entry per record. */
export class ChangeSet {
	private readonly cursor: Cursor;
	private readonly sinceKey?: string;
	/** The oldest stamp this read looks at: since − window, never before the floor. */
	private readonly lowKey?: string;
	private readonly lowStamp?: string;
	/** Latest stamp key seen per id, from the stored cursor. */
	private readonly seen = new Map<string, string>();
	/** Everything read this time, id → latest key. */
	private readonly read = new Map<string, string>();
	private readonly byId = new Map<string, Change>();
	/** Newest stamp read, and below which stamp every record has been read. */
	private maxStamp?: string;
	private maxKey?: string;
	private completeStamp?: string;
	private done = false;
	/** The id-ordered walk in progress: its stamp and the next page. */
	private walk?: { stamp: string; page: number; pagesRead: number };

	constructor(
		stored: Cursor | LegacyCursor | undefined,
		private readonly windowMs = OVERLAP_MS,
	) {
		this.cursor = toCursor(stored);
		const { since, floor } = this.cursor;
		this.sinceKey = stampKey(since);
		for (const [key, ids] of this.cursor.seen)
			for (const id of ids) this.remember(this.seen, id, key);

		const sinceStamp = parseStamp(since);
		let low =
			sinceStamp && since !== undefined ? stampLike(sinceStamp.ms - windowMs, since) : undefined;
		if (
			floor !== undefined &&
			(low === undefined || (stampKey(floor) as string) >= (stampKey(low) as string))
		)
			low = floor;
		this.lowStamp = low;
		this.lowKey = stampKey(low);
		this.maxStamp = since;
		this.maxKey = this.sinceKey;
	}

	private remember(map: Map<string, string>, id: string, key: string): void {
		const known = map.get(id);
		if (known === undefined || key > known) map.set(id, key);
	}

	/** The first read: from the start of the window, by Modified (or straight back into a stopped walk). */
	firstQuery(): PageQuery {
		return { modifiedSince: this.lowStamp, order: 'modified', page: 1 };
	}

	/**
	 * Takes one page (in the order read) and says what to read next, or undefined when done.
	 * By Modified each next read restarts at the page's newest stamp instead of asking for page n+1:
	 * a record modified while we page moves to the end and would shift an offset-based page past a row.
	 */
	nextQuery(page: Change[], hasMore: boolean): PageQuery | undefined {
		page.forEach((change) => this.add(change));
		if (this.walk) {
			this.walk.page++;
			this.walk.pagesRead++;
			if (hasMore && page.length)
				return { modifiedSince: this.walk.stamp, order: 'id', page: this.walk.page };
			this.walk = undefined;
			this.done = true;
			return undefined;
		}
		const first = page[0];
		const last = page[page.length - 1];
		if (!hasMore || !first || !last) {
			this.done = true;
			return undefined;
		}
		if (first.modifiedKey < last.modifiedKey) {
			this.completeStamp = last.modified;
			return { modifiedSince: last.modified, order: 'modified', page: 1 };
		}
		// A page full of one stamp: read from it on by id, resuming a walk that stopped early.
		this.completeStamp = first.modified;
		const stopped = this.cursor.walk;
		const resume =
			stopped && stampKey(stopped.stamp) === first.modifiedKey ? Math.max(1, stopped.page - 1) : 1;
		this.walk = { stamp: first.modified, page: resume, pagesRead: 0 };
		return { modifiedSince: first.modified, order: 'id', page: resume };
	}

	/**
	 * Whether stopping now (out of time) still makes progress: the read went past the stored cursor,
	 * or an id walk read two pages (one more than the page it steps back on resuming).
	 */
	canStop(): boolean {
		if (this.walk) return this.walk.pagesRead >= 2;
		const complete = stampKey(this.completeStamp);
		return complete !== undefined && (this.sinceKey === undefined || complete > this.sinceKey);
	}

	/** Adds one fetched row; returns false when it was already seen (or is before the floor). */
	add(change: Change): boolean {
		this.remember(this.read, change.id, change.modifiedKey);
		if (this.maxKey === undefined || change.modifiedKey > this.maxKey) {
			this.maxKey = change.modifiedKey;
			this.maxStamp = change.modified;
		}
		if (this.lowKey !== undefined && change.modifiedKey < this.lowKey) return false;
		const seenKey = this.seen.get(change.id);
		if (seenKey !== undefined && change.modifiedKey <= seenKey) return false;
		const previous = this.byId.get(change.id);
		if (previous && previous.modifiedKey >= change.modifiedKey) return false;
		// A record changed again while we paged: keep its latest state, in its new place.
		this.byId.delete(change.id);
		this.byId.set(change.id, change);
		return true;
	}

	/** The changes, oldest Modified first (ties in the order read). */
	changes(): Change[] {
		return [...this.byId.values()].sort(byKey);
	}

	/** The cursor after this read: advanced as far as every record below it was read. */
	next(): Cursor {
		let since = this.done ? this.maxStamp : this.completeStamp;
		if (
			stampKey(since) === undefined ||
			(this.sinceKey !== undefined && (stampKey(since) as string) < this.sinceKey)
		) {
			since = this.cursor.since;
		}
		const sinceStamp = parseStamp(since);
		const windowKey =
			sinceStamp && since !== undefined
				? stampKey(stampLike(sinceStamp.ms - this.windowMs, since))
				: undefined;
		const all = new Map(this.seen);
		for (const [id, key] of this.read) this.remember(all, id, key);
		const groups = new Map<string, string[]>();
		for (const [id, key] of all) {
			if (windowKey !== undefined && key < windowKey) continue;
			const ids = groups.get(key);
			if (ids) ids.push(id);
			else groups.set(key, [id]);
		}
		const cursor: Cursor = { since, seen: [...groups].sort((a, b) => (a[0] < b[0] ? -1 : 1)) };
		const floorKey = stampKey(this.cursor.floor);
		if (
			this.cursor.floor !== undefined &&
			(windowKey === undefined || (floorKey as string) > windowKey)
		)
			cursor.floor = this.cursor.floor;
		if (this.walk) cursor.walk = { stamp: this.walk.stamp, page: this.walk.page };
		return cursor;
	}

	/**
	 * Whether a change is a new record rather than an update: not seen before, and created inside
	 * what this read covers (so it could not have been seen earlier). Everything is new without a cursor.
	 */
	isCreated(change: Change, createdKey: string | undefined): boolean {
		if (this.lowKey === undefined) return true;
		if (this.seen.has(change.id) || createdKey === undefined) return false;
		return createdKey >= this.lowKey;
	}
}
