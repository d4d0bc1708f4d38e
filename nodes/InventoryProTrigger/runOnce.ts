/**
 * The trigger's memory, and the one place that decides "a delivery runs at most once": an event runs
 * only when firstRun() says its key is new, and firstRun() is the only writer of what ran.
 *
 * Two layers. This process keeps the authority (a Live entry per workflow, node and kind); the
 * workflow's static data is its durable copy (n8n saves it after activation, after a webhook call, and
 * when a check emits). n8n hands out several static data objects at once (a fresh one from its
 * database per delivery, the activation's copy to the check schedule), so a copy is merged into the
 * process's memory only when another writer wrote it (its `mark`), never written over it; and every
 * write puts the process's memory back into the object n8n is about to save. Static data holds what ran
 * as one compact string (Ran), so n8n's per-delivery copies of it stay cheap with 5,000 events remembered.
 * Never a secret: static data is exported with the workflow.
 *
 * Process-wide (`lives`), because n8n offers no store a delivery can check and update in one step.
 * Queue mode and multi-main: every process (main, worker, webhook processor) keeps entries of its own,
 * filled from and written through to the static data each delivery reads from the database, so they
 * only add to what the database says ran; a repeat that reaches two processes at the same moment can run
 * in both (README, limits). The clock is Date.now() in every process; only tests replace it.
 */
import { createHash, randomBytes } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

/** A stretch of service time in which the subscription delivered nothing (disabled or missing). */
export interface Gap extends IDataObject {
	/** Service timestamps (ISO); records modified in [from, to] are checked for missed events. */
	from: string;
	to: string;
}

/** The purchase orders seen open (openOrders.ts): the open list at its last read, and those that left it. */
export interface OpenOrders extends IDataObject {
	open: string[];
	/** Left the open list, completion not run yet: order number → when first missed (n8n's clock, ms). */
	gone: Record<string, number>;
}

/** The subscription's bookkeeping, kept in static data beside the keys of what ran. */
export interface Book {
	/** The subscription (spec: rec) and a one-way digest of what was last sent for it. */
	rec?: number;
	fingerprint?: string;
	/** n8n's webhook URL at the last activation (the scheduled checks have no other way to know it). */
	url?: string;
	/** Delivery-log position: entries of subscription `logOf` with a higher rec are still to be examined. */
	logOf?: number;
	logAfter?: number;
	/** Log entries created up to this service time are final: the subscription was disabled, retries dropped. */
	finalUntil?: string;
	/** Outages still to be caught up from the lists. */
	gaps?: Gap[];
	/** When a check last found the subscription delivering (n8n's clock, ms). */
	healthyAt?: number;
	/** The purchase orders seen open, while order.completed is subscribed (openOrders.ts). */
	openOrders?: OpenOrders;
}

const BOOK_FIELDS = [
	'rec',
	'fingerprint',
	'url',
	'logOf',
	'logAfter',
	'finalUntil',
	'gaps',
	'healthyAt',
	'openOrders',
] as const;

/** How long and how many events are remembered (one key per event). A repeat after that runs again (README). */
export const SEEN_DAYS = 7;
export const SEEN_MAX = 5000;
/** While deliveries keep arriving, what ran is saved with an execution at least this often (README). */
export const SAVE_EVERY_MS = 2000;
const DAY_MS = 86_400_000;

/** One remembered event in static data: a digest of its key, then the minute it ran (base 36). */
const DIGEST_CHARS = 12;
const MINUTE_CHARS = 5;
const ENTRY_CHARS = DIGEST_CHARS + MINUTE_CHARS;
const MINUTE_MS = 60_000;

/** 72 bits of SHA-256: keys of any length in a fixed width; two of 5,000 keys alike about once in 10^14. */
function digestOf(key: string): string {
	return createHash('sha256').update(key).digest('base64url').slice(0, DIGEST_CHARS);
}

function minuteText(at: number): string {
	return Math.floor(at / MINUTE_MS)
		.toString(36)
		.padStart(MINUTE_CHARS, '0')
		.slice(-MINUTE_CHARS);
}

/**
 * The events that ran, oldest first, with when (n8n's clock). Static data holds them as one string of
 * fixed-width entries: n8n parses, wraps and copies static data several times a delivery, and a string
 * costs it almost nothing where an object of 5,000 keys cost more than the rest of the delivery. A saved
 * object of raw keys (the format before) is read too.
 */
class Ran {
	private order = new Map<string, number>();
	/** What static data holds: the same entries, in the same order. */
	text = '';

	has(key: string): boolean {
		return this.order.has(digestOf(key));
	}

	/** Remembers `key` as run at `at`; false when it already was. */
	add(key: string, at: number): boolean {
		const digest = digestOf(key);
		if (this.order.has(digest)) return false;
		this.order.set(digest, at);
		this.text += digest + minuteText(at);
		return true;
	}

	/** Drops the oldest entries beyond SEEN_MAX and those older than SEEN_DAYS: stops at the first kept. */
	prune(now: number): void {
		let dropped = 0;
		for (const [digest, at] of this.order) {
			if (this.order.size <= SEEN_MAX && now - at < SEEN_DAYS * DAY_MS) break;
			this.order.delete(digest);
			dropped++;
		}
		if (dropped > 0) this.text = this.text.slice(dropped * ENTRY_CHARS);
	}

	/** Adds another copy's entries (the later time wins), keeping the order by time. */
	merge(other: unknown, now: number): void {
		const all = new Map(this.order);
		const take = (digest: string, at: number) =>
			all.set(digest, Math.max(all.get(digest) ?? 0, at));
		if (typeof other === 'string') {
			for (let at = 0; at + ENTRY_CHARS <= other.length; at += ENTRY_CHARS) {
				const minute = parseInt(other.slice(at + DIGEST_CHARS, at + ENTRY_CHARS), 36);
				if (Number.isFinite(minute)) take(other.slice(at, at + DIGEST_CHARS), minute * MINUTE_MS);
			}
		} else if (typeof other === 'object' && other !== null) {
			for (const [key, at] of Object.entries(other as Record<string, unknown>))
				if (typeof at === 'number') take(digestOf(key), at);
		} else return;
		this.order = new Map([...all].sort((a, b) => a[1] - b[1]));
		this.text = '';
		for (const [digest, at] of this.order) this.text += digest + minuteText(at);
		this.prune(now);
	}
}

/** How many events a saved copy of the memory holds (either format). */
export function rememberedIn(seen: unknown): number {
	if (typeof seen === 'string') return Math.floor(seen.length / ENTRY_CHARS);
	return typeof seen === 'object' && seen !== null ? Object.keys(seen).length : 0;
}

/** What this process knows about one trigger node. Lost on restart, by design (static data is kept). */
export interface Live {
	/** Tells this entry's writes from other writers' in static data. */
	readonly writer: string;
	writes: number;
	/** The last foreign mark merged. */
	merged?: string;
	book: Book;
	readonly ran: Ran;
	/** When checkExists/create/delete last ran here: an activation is under way. */
	hookAt?: number;
	/** When trigger() last started the schedule here, and when a check last ran. */
	startedAt?: number;
	lastCheckAt?: number;
	/** The check running now: a tick that comes meanwhile does nothing. */
	checking?: Promise<void>;
	/** Consecutive failed checks, and the last problem reported (reported once, not every interval). */
	failures: number;
	/** Deliveries accepted here whose execution has not reached execute() yet. */
	running: number;
	/** When an execution last wrote what ran into the static data n8n saves with it. */
	savedAt?: number;
	told?: string;
	/** A problem found by a check that also emitted events: reported by the next check. */
	deferred?: string;
	/** The signing secret the subscription was last written with by this process. */
	secret?: string;
	/** Per-activation settings of the delivery path (delivery.ts), cached here. */
	receiver?: unknown;
}

interface Context {
	getWorkflow(): { id?: string };
	getNode(): { name: string };
	getMode(): string;
}

const lives = new Map<string, Live>();
let clockFn = (): number => Date.now();

/** n8n's clock as the trigger reads it. */
export function now(): number {
	return clockFn();
}

/** One entry per workflow, node and kind: the editor's test registration keeps apart from the live one. */
function keyOf(workflowId: string, nodeName: string, kind: 'test' | 'live'): string {
	return `${workflowId}\n${nodeName}\n${kind}`;
}

function kindOf(context: Context): 'test' | 'live' {
	return context.getMode() === 'manual' ? 'test' : 'live';
}

/** The entry of this node, if this process has one (creates nothing). */
export function knownLive(
	context: Context,
	kind: 'test' | 'live' = kindOf(context),
): Live | undefined {
	return lives.get(keyOf(context.getWorkflow().id ?? '', context.getNode().name, kind));
}

/**
 * This node's entry, with `staticData` merged in when another writer wrote it (a previous process, a
 * deactivation). Costs nothing when the copy is one this entry wrote.
 */
export function recall(context: Context, staticData: IDataObject): Live {
	const key = keyOf(context.getWorkflow().id ?? '', context.getNode().name, kindOf(context));
	let entry = lives.get(key);
	if (!entry) {
		entry = {
			writer: randomBytes(6).toString('hex'),
			writes: 0,
			book: {},
			ran: new Ran(),
			failures: 0,
			running: 0,
		};
		lives.set(key, entry);
	}
	const mark = typeof staticData.mark === 'string' ? staticData.mark : '';
	if (mark.startsWith(`${entry.writer}:`) || mark === entry.merged) return entry;
	entry.merged = mark;
	entry.ran.merge(staticData.seen, now());
	const book: Book = {};
	for (const field of BOOK_FIELDS)
		if (staticData[field] !== undefined) (book as IDataObject)[field] = staticData[field];
	// A new entry takes the saved bookkeeping; one that has written keeps its own (it is newer).
	if (entry.writes === 0) entry.book = book;
	return entry;
}

function mark(entry: Live, staticData: IDataObject): void {
	staticData.mark = `${entry.writer}:${++entry.writes}`;
	staticData.seen = entry.ran.text;
}

/**
 * The decision: true when `key` has not run, and from now on it has. Writes the static data object n8n
 * may save (a string that grows by one entry).
 */
export function firstRun(entry: Live, staticData: IDataObject, key: string): boolean {
	if (!entry.ran.add(key, now())) return false;
	entry.ran.prune(now());
	mark(entry, staticData);
	return true;
}

/** Puts everything this process knows into the static data object n8n is about to save. */
export function sync(entry: Live, staticData: IDataObject): void {
	for (const field of BOOK_FIELDS) {
		const value = entry.book[field];
		if (value === undefined) delete staticData[field];
		else staticData[field] = value;
	}
	mark(entry, staticData);
}

/** webhook() starts an execution for a delivery that ran: keepWithExecution() will see it end. */
export function startsExecution(entry: Live): void {
	entry.running++;
}

/**
 * In the execution a delivery started, on n8n's main: write what this process knows into the static data
 * the execution runs on, so n8n saves it when the execution ends. n8n does not save what webhook()
 * changed when its answer starts an execution (the execution's set-up resets the change flag of that
 * object, and the execution runs on a fresh copy from the database; measured in 2.40.7). Each save writes
 * the whole memory, so it is done by the execution of the last delivery on its way through this process,
 * and while more keep arriving at most every SAVE_EVERY_MS (README, limits). A process that never received
 * the delivery (a queue-mode worker) has no entry and writes nothing. Returns whether it wrote.
 */
export function keepWithExecution(context: Context, staticData: IDataObject): boolean {
	const entry = knownLive(context, 'live');
	if (entry === undefined) return false;
	entry.running = Math.max(0, entry.running - 1);
	const at = now();
	if (entry.running > 0 && entry.savedAt !== undefined && at - entry.savedAt < SAVE_EVERY_MS)
		return false;
	entry.savedAt = at;
	sync(recall(context, staticData), staticData);
	return true;
}

/** New bookkeeping (the keys of what ran are untouched), written through. */
export function keepBook(entry: Live, staticData: IDataObject, book: Book): void {
	entry.book = { ...book };
	sync(entry, staticData);
}

/**
 * Deactivation: the subscription is gone and nothing is owed for the time it was off; the keys of
 * what ran stay in static data, so a late repeat is still refused after the next activation.
 */
export function deactivate(context: Context, staticData: IDataObject, kind: 'test' | 'live'): void {
	const entry = kind === 'live' ? knownLive(context, 'live') : undefined;
	entry?.ran.merge(staticData.seen, now());
	const seen = entry ? entry.ran.text : staticData.seen;
	for (const name of Object.keys(staticData)) delete staticData[name];
	lives.delete(keyOf(context.getWorkflow().id ?? '', context.getNode().name, kind));
	if (kind === 'test') return;
	if (rememberedIn(seen) > 0) staticData.seen = seen;
}

/** For tests: n8n's clock, and a process restart (memory lost). */
export const testSeam = {
	useClock(clock: () => number): void {
		clockFn = clock;
	},
	forget(workflowId: string, nodeName: string): void {
		for (const kind of ['test', 'live'] as const) lives.delete(keyOf(workflowId, nodeName, kind));
	},
	/** The check a tick started, to wait for (n8n does not wait for ticks). */
	checking(workflowId: string, nodeName: string): Promise<void> | undefined {
		return lives.get(keyOf(workflowId, nodeName, 'live'))?.checking;
	},
};
