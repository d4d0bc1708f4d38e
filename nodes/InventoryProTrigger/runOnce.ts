/**
 * The trigger's memory, and the one place that decides "a delivery runs once": an event runs only when
 * claim() finds its key neither run nor running, and what ran is written only by the save of the
 * execution that ran it.
 *
 * Two layers. This process keeps the authority (a Live entry per workflow, node and kind): the keys
 * that ran, and the claims of deliveries and of checks' emits whose executions are on their way (memory
 * only: a claim never reaches the database, so a kill leaves the event free for the service's retry, or
 * for the check that emits it again). The workflow's
 * static data is the durable copy, and it only ever holds keys whose own execution ran: n8n saves an
 * execution's static data after its last node and before its answer (responseMode lastNode, see the
 * trigger), serialising it there; the value execute() puts in `seen` turns its claims into "ran" at
 * that serialisation (atSave), so each save writes every key whose execution had reached its save, and
 * none still running. n8n hands out several static data objects at once (a fresh one from its database
 * per execution, the activation's copy to the check schedule), so a copy is merged into the process's
 * memory only when another writer wrote it (its `mark`), never written over it. Static data holds what
 * ran as one compact string (Ran), so n8n's per-delivery copies of it stay cheap with 5,000 events
 * remembered. Never a secret: static data is exported with the workflow.
 *
 * Process-wide (`lives`), because n8n offers no store a delivery can check and update in one step.
 * Queue mode and multi-main: every process (main, worker, webhook processor) keeps entries of its own,
 * filled from the static data each delivery reads from the database; a claim made by a webhook processor
 * ends when n8n answers its delivery (releaseOnAnswer), when the database shows the key ran, or after
 * CLAIM_MS; a repeat that reaches two processes at the same moment can run in both (README, limits). The
 * clock is Date.now() in every process; only tests replace it.
 */
import { createHash, randomBytes } from 'crypto';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Delivery } from '../shared/redelivery';

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
	/** Events checks emitted and not known to have run (healing.ts, ../shared/redelivery.ts). */
	delivery?: Delivery<Owed[]>;
}

/** An event a check emitted: its key and its item, to emit again until the memory shows it ran. */
export interface Owed extends IDataObject {
	key: string;
	json: IDataObject;
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
	'delivery',
] as const;

/** How long and how many events are remembered (one key per event). A repeat after that runs again (README). */
export const SEEN_DAYS = 7;
export const SEEN_MAX = 5000;
/**
 * How long a claim holds a repeat off (answered 409) when its execution never reaches its save in this
 * process: a failed start, or a queue-mode worker killed mid-run (README, limits).
 */
export const CLAIM_MS = 15 * 60_000;
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
	/** Keys of deliveries accepted here whose executions have not saved yet: key → claim. */
	readonly claims: Map<string, Claim>;
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
			claims: new Map(),
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

/** One delivery's hold on an event until its execution saves (token: that delivery; at: when). */
export interface Claim {
	token: string;
	at: number;
}

/** What the memory says of one event's key. */
export type State = 'ran' | 'running' | 'new';

/** Whether `key` ran (a save holds it), is running (claimed here, not saved yet) or is new. */
export function stateOf(entry: Live, key: string): State {
	if (entry.ran.has(key)) {
		entry.claims.delete(key);
		return 'ran';
	}
	const held = entry.claims.get(key);
	if (held === undefined) return 'new';
	if (now() - held.at < CLAIM_MS) return 'running';
	entry.claims.delete(key);
	return 'new';
}

/** A new token for one delivery's claims. */
export function newToken(): string {
	return randomBytes(8).toString('hex');
}

/** webhook(): holds `key` for the delivery `token` until its execution's save (atSave) or CLAIM_MS. */
export function claim(entry: Live, key: string, token: string): void {
	entry.claims.set(key, { token, at: now() });
}

/** The part of n8n's response to a delivery that tells when it was sent. */
export interface Answer {
	statusCode: number;
	once(event: 'finish', listener: () => void): unknown;
}

/**
 * webhook(): the claims of the delivery `token` end when n8n has sent its answer, which comes after the
 * execution ended (responseMode lastNode). A 2xx says the run and its save happened: the keys ran (in
 * queue mode the save was a worker's, and this webhook process learns it here). Any other status leaves
 * the service's retry to what the database shows (a failed node saved its keys; a queue-mode worker that
 * died did not, and n8n answers 500 once Bull gives its job up). An answer the service stopped waiting
 * for is never sent: those claims last until the database shows the keys, or CLAIM_MS.
 */
export function releaseOnAnswer(answer: Answer, entry: Live, keys: string[], token: string): void {
	if (keys.length === 0) return;
	answer.once('finish', () => {
		const at = now();
		const ran = answer.statusCode >= 200 && answer.statusCode < 300;
		for (const key of keys) {
			if (entry.claims.get(key)?.token !== token) continue;
			entry.claims.delete(key);
			if (ran) entry.ran.add(key, at);
		}
		entry.ran.prune(at);
	});
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

/** The item's hold on its event (set by webhook(), read by execute()): never part of the output. */
const TAG = 'inventoryProRun';

/** webhook() or a check: the execution's item of an event it claimed carries the key and the claim's token. */
export function tag(item: INodeExecutionData, key: string, token: string): void {
	item[TAG] = { key, token };
}

/**
 * The value of `seen` in an execution's static data: what ran, as n8n serialises it for the save after
 * the execution's last node (n8n-core hands the live object to the save, which JSON-serialises it
 * there). At that moment this execution's own keys have run: they join what ran, their claims end, and
 * the save writes them with every other key whose execution got that far, never one still running.
 */
function atSave(entry: Live, held: Array<{ key: string; token: string }>): { toJSON(): string } {
	return {
		toJSON: () => {
			const at = now();
			for (const { key, token } of held) {
				if (entry.claims.get(key)?.token === token) entry.claims.delete(key);
				entry.ran.add(key, at);
			}
			entry.ran.prune(at);
			return entry.ran.text;
		},
	};
}

/**
 * execute(), in the execution a delivery or a check started: the items to output, and the static data
 * n8n saves after the last node set to record their events then (atSave). An item whose event ran
 * meanwhile, or is held by another execution, is left out: n8n re-runs an execution still `new` at a
 * restart while the service's retry (or a check's emit) of the same event may run too. Items without a
 * tag (the test event, events without a key) pass as they are.
 */
export function runsOnce(
	context: Context,
	staticData: IDataObject,
	items: INodeExecutionData[],
): INodeExecutionData[] {
	if (!items.some((item) => item[TAG] !== undefined)) return items;
	const entry = recall(context, staticData);
	const held: Array<{ key: string; token: string }> = [];
	const out: INodeExecutionData[] = [];
	for (const item of items) {
		const { [TAG]: hold, ...rest } = item;
		const { key, token } = (hold ?? {}) as { key?: string; token?: string };
		if (typeof key !== 'string' || typeof token !== 'string') {
			out.push(rest);
			continue;
		}
		const state = stateOf(entry, key);
		if (state === 'ran' || (state === 'running' && entry.claims.get(key)?.token !== token))
			continue;
		claim(entry, key, token);
		held.push({ key, token });
		out.push(rest);
	}
	// This process's bookkeeping goes with the save only where it is kept (the process that activated).
	if (entry.hookAt !== undefined || entry.startedAt !== undefined) sync(entry, staticData);
	else mark(entry, staticData);
	if (held.length > 0) staticData.seen = atSave(entry, held);
	return out;
}

/**
 * The end of the execution a check started, as n8n tells the process that emitted it (main; in queue
 * mode the only word it gets, the execution having run on a worker). Ran: its events join what ran here.
 * Not (no node ran): their claims end, so the check that emits them again can claim them.
 */
export function checkEnded(entry: Live, token: string, keys: string[], ran: boolean): void {
	const at = now();
	for (const key of keys) {
		if (entry.claims.get(key)?.token === token) entry.claims.delete(key);
		if (ran) entry.ran.add(key, at);
	}
	if (ran) entry.ran.prune(at);
}

/** New bookkeeping (the keys of what ran are untouched), written through. */
export function keepBook(entry: Live, staticData: IDataObject, book: Book): void {
	entry.book = { ...book };
	sync(entry, staticData);
}

/**
 * Deactivation: the subscription is gone and nothing is owed for the time it was off; the keys of
 * what ran stay in static data, so a late repeat is still refused after the next activation, and so
 * do events a check emitted that are not known to have run (the next activation's first check emits
 * them again).
 */
export function deactivate(context: Context, staticData: IDataObject, kind: 'test' | 'live'): void {
	const entry = kind === 'live' ? knownLive(context, 'live') : undefined;
	entry?.ran.merge(staticData.seen, now());
	const seen = entry ? entry.ran.text : staticData.seen;
	const owed = entry ? entry.book.delivery : staticData.delivery;
	for (const name of Object.keys(staticData)) delete staticData[name];
	lives.delete(keyOf(context.getWorkflow().id ?? '', context.getNode().name, kind));
	if (kind === 'test') return;
	if (rememberedIn(seen) > 0) staticData.seen = seen;
	if (owed !== undefined) staticData.delivery = owed;
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
