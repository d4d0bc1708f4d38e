/**
 * The poll cursor: pure bookkeeping, no I/O.
 *
 * The cursor is the greatest Modified the service has shown us. modifiedSince is inclusive ("on or
 * after"), so the next poll sees the records stamped exactly at the cursor again; the ids already
 * handled at that instant are kept to skip them. Only the service's own stamps are compared, never
 * n8n's clock, so clock skew between the two cannot lose or repeat a change.
 */
import type { IDataObject } from 'n8n-workflow';

export interface Cursor {
	/** The service's Modified, verbatim, sent back as modifiedSince. Absent: from the beginning. */
	since?: string;
	/** Ids of the records handled whose Modified equals `since`. */
	atSince: string[];
}

export interface PollState {
	/** What the cursor belongs to (list, path values, start date); a change starts over. */
	scope: string;
	cursor: Cursor;
}

/**
 * A sortable form of a service timestamp: ISO in UTC with digits past the millisecond kept, so
 * stamps compare as strings. Undefined when the value is not a date.
 */
export function stampKey(value: unknown): string | undefined {
	if (typeof value !== 'string' || value === '') return undefined;
	const ms = Date.parse(value);
	if (Number.isNaN(ms)) return undefined;
	const subMs = /\.\d{3}(\d+)/.exec(value)?.[1] ?? '';
	return `${new Date(ms).toISOString().slice(0, 23)}${subMs.padEnd(6, '0').slice(0, 6)}Z`;
}

export interface Change {
	id: string;
	modified: string;
	modifiedKey: string;
	record: IDataObject;
}

/** Collects one poll's changes: skips what the cursor already covers, keeps one entry per record. */
export class ChangeSet {
	private readonly sinceKey?: string;
	private readonly handled: Set<string>;
	private readonly byId = new Map<string, Change>();
	private maxKey?: string;
	private maxStamp?: string;

	constructor(private readonly cursor: Cursor) {
		this.sinceKey = stampKey(cursor.since);
		this.handled = new Set(cursor.atSince);
		this.maxKey = this.sinceKey;
		this.maxStamp = cursor.since;
	}

	/** Adds one fetched row; returns false when the cursor already covered it. */
	add(change: Change): boolean {
		if (this.maxKey === undefined || change.modifiedKey > this.maxKey) {
			this.maxKey = change.modifiedKey;
			this.maxStamp = change.modified;
		}
		if (this.sinceKey !== undefined) {
			if (change.modifiedKey < this.sinceKey) return false;
			if (change.modifiedKey === this.sinceKey && this.handled.has(change.id)) return false;
		}
		const previous = this.byId.get(change.id);
		if (previous && previous.modifiedKey >= change.modifiedKey) return false;
		// A record changed again while we paged: keep its latest state, in its new place.
		this.byId.delete(change.id);
		this.byId.set(change.id, change);
		return true;
	}

	/** The changes, oldest Modified first. */
	changes(): Change[] {
		return [...this.byId.values()].sort((a, b) => (a.modifiedKey < b.modifiedKey ? -1 : a.modifiedKey > b.modifiedKey ? 1 : 0));
	}

	/** The cursor after this poll: the newest stamp seen and every id handled at exactly that stamp. */
	next(): Cursor {
		if (this.maxKey === undefined) return this.cursor;
		const atMax = [...this.byId.values()].filter((c) => c.modifiedKey === this.maxKey).map((c) => c.id);
		const carried = this.maxKey === this.sinceKey ? this.cursor.atSince : [];
		return { since: this.maxStamp, atSince: [...new Set([...carried, ...atMax])] };
	}

	/**
	 * Whether a change is a new record rather than an update: created after the previous cursor, or
	 * at that very instant and not handled then. Everything is new when there was no cursor.
	 */
	isCreated(change: Change, createdKey: string | undefined): boolean {
		if (this.sinceKey === undefined) return true;
		if (createdKey === undefined) return false;
		return createdKey > this.sinceKey || (createdKey === this.sinceKey && !this.handled.has(change.id));
	}
}
