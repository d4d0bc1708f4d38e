/**
 * "What ran is known after a restart": the ids of the events, changes and alerts whose executions n8n
 * saved, so that a poll or check that brings something back (after n8n was killed) leaves out what ran.
 *
 * Where: the workflow's static data, key `inventoryPro:<node name>` of its global part — the one part a
 * poll reads fresh on n8n's durable scheduler (each tick loads the workflow from the database) and that an
 * execution can write (the node part is n8n's poll cursor there).
 *
 * When: an id counts as run when the execution that ran it is saved. n8n offers a node no notice of that
 * moment; it serialises the execution's static data when it saves it, after the last node. So the trigger's
 * execute() (the first node of each execution the trigger starts) puts there a value whose toJSON adds the
 * execution's ids to this process's memory and returns the memory as text (`markAtSave`). An execution
 * killed before its save leaves nothing; one saved has its ids in the database. Every other writer of the
 * static data (a poll's emit, a check's emit, activation) writes the memory first (`keepIn`), so no save
 * carries an older copy of it.
 *
 * n8n saves an execution's static data whole, as the execution read it at its start — possibly before the
 * poll's emit had saved (the two race), or before a later poll. So the node's own part is taken from the
 * trigger's live static data in this process (`holdNodeData`: the poll's or the check's object). A
 * queue-mode worker has none, and n8n 2.41.1 gives its executions no static data at all (the execution's
 * workflow is stored without it), so an emit carries the node's static data as it leaves it (a poll's: the
 * global part too) beside the first item (`carry`); a copy older than its batch (`stale`) is replaced by
 * that, and without it marks nothing rather than take the node's state back (or save it empty).
 *
 * Process memory, keyed by workflow and node id: each process merges what it reads and writes everything it
 * knows. In queue mode a worker knows only what it ran and what it read at its executions' starts, so two
 * workers saving side by side can drop each other's newest ids (README, limits). Ids are digests: a fixed
 * 12 characters each, plus the minute it ran.
 */
import { createHash } from 'crypto';
import type { IDataObject, INodeExecutionData, IRun } from 'n8n-workflow';

import { memoryOf, nodeKey, type NodeContext } from './memory';

/** How long and how many ids are kept. */
export const KEEP_DAYS = 7;
export const KEEP_MAX = 5_000;

const DIGEST = 12;
const MINUTE = 5;
const ENTRY = DIGEST + MINUTE;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Texts kept to recognise a copy this process wrote (n8n saves them in the order the executions end). */
const RECENT = 8;

const digestOf = (id: string) =>
	createHash('sha256').update(id).digest('base64url').slice(0, DIGEST);
const minuteOf = (at: number) =>
	Math.floor(at / MINUTE_MS)
		.toString(36)
		.padStart(MINUTE, '0')
		.slice(-MINUTE);

/** The ids that ran, oldest first, as the text static data holds. */
export class Ledger {
	private readonly at = new Map<string, number>();
	/** `text()` as it stands, kept as ids are added and forgotten; undefined: to be built. */
	private cached: string | undefined = '';
	/** The last texts written or merged: a copy this process wrote holds nothing it does not know. */
	private readonly recent: string[] = [];

	has(id: string): boolean {
		return this.at.has(digestOf(id));
	}

	/** Remembers ids as run at `at` (n8n's clock). */
	add(ids: Iterable<string>, at: number): void {
		for (const id of ids) {
			const digest = digestOf(id);
			if (this.at.delete(digest)) this.cached = undefined;
			this.at.set(digest, at);
			if (this.cached !== undefined) this.cached += digest + minuteOf(at);
		}
		this.prune(at);
	}

	/**
	 * Adds the entries of a saved copy (older entries first). An entry older than all this process keeps,
	 * when it keeps its most, is one it forgot: it stays forgotten.
	 */
	merge(text: unknown): void {
		if (typeof text !== 'string' || this.recent.includes(text)) return;
		this.remember(text);
		const full = this.at.size >= KEEP_MAX;
		const oldest = full ? (this.at.values().next().value ?? 0) : 0;
		const entries: Array<[string, number]> = [];
		for (let i = 0; i + ENTRY <= text.length; i += ENTRY) {
			const digest = text.slice(i, i + DIGEST);
			if (this.at.has(digest)) continue;
			const at = parseInt(text.slice(i + DIGEST, i + ENTRY), 36) * MINUTE_MS;
			if (Number.isFinite(at) && !(full && at <= oldest)) entries.push([digest, at]);
		}
		if (entries.length === 0) return;
		const all = [...entries, ...this.at].sort((a, b) => a[1] - b[1]);
		this.at.clear();
		for (const [digest, at] of all) this.at.set(digest, at);
		this.cached = undefined;
	}

	get size(): number {
		return this.at.size;
	}

	text(): string {
		if (this.cached === undefined) {
			let text = '';
			for (const [digest, at] of this.at) text += digest + minuteOf(at);
			this.cached = text;
		}
		this.remember(this.cached);
		return this.cached;
	}

	private remember(text: string): void {
		if (this.recent.includes(text)) return;
		this.recent.push(text);
		if (this.recent.length > RECENT) this.recent.shift();
	}

	private prune(now: number): void {
		for (const [digest, at] of this.at) {
			if (this.at.size <= KEEP_MAX && now - at < KEEP_DAYS * DAY_MS) break;
			this.at.delete(digest);
			this.cached = this.cached?.slice(ENTRY);
		}
	}
}

const ledgers = new Map<string, Ledger>();
let clock = (): number => Date.now();

const slot = (context: NodeContext) => `inventoryPro:${context.getNode().name}`;

/**
 * What a trigger keeps beside the ledger, written with it (acknowledged.ts: when every delivery this
 * process acknowledged had run); computed when the static data is written.
 */
export type Note = () => IDataObject | undefined;

/** The slot as stored: the ledger's text, or the text with a note. */
function stored(context: NodeContext): IDataObject | string | undefined {
	return context.getWorkflowStaticData('global')[slot(context)] as IDataObject | string | undefined;
}

/** The note stored beside the ledger (as the static data was read). */
export function storedNote(context: NodeContext): IDataObject | undefined {
	const value = stored(context);
	return typeof value === 'object' && value !== null ? value : undefined;
}

function slotValue(ledger: Ledger, note?: Note): IDataObject | string {
	const text = ledger.text();
	const extra = note?.();
	return extra === undefined ? text : { ...extra, ran: text };
}

/**
 * This process's ledger of the context's node, with the copy in its static data merged in (`once`: only
 * if this process has none yet — a webhook's copy changes with every save and this process's memory
 * already holds what it ran).
 */
export function ledgerOf(context: NodeContext, once = false): Ledger {
	const known = ledgers.has(nodeKey(context));
	const ledger = memoryOf(ledgers, context, () => new Ledger());
	if (known && once) return ledger;
	const value = stored(context);
	ledger.merge(typeof value === 'string' ? value : value?.ran);
	return ledger;
}

/** Writes everything this process knows ran into the context's static data (before n8n saves it). */
export function keepIn(context: NodeContext, note?: Note): Ledger {
	const ledger = ledgerOf(context);
	const value = slotValue(ledger, note);
	if (JSON.stringify(stored(context)) !== JSON.stringify(value))
		context.getWorkflowStaticData('global')[slot(context)] = value;
	return ledger;
}

const liveNodeData = new Map<string, IDataObject>();

/** The trigger's live node static data in this process (a poll's, or the activation's); undefined: none. */
export function holdNodeData(context: NodeContext, staticData: IDataObject | undefined): void {
	if (staticData === undefined) liveNodeData.delete(nodeKey(context));
	else liveNodeData.set(nodeKey(context), staticData);
}

/** The key beside the first emitted item's `json` that carries the static data as the poll left it. */
export const CARRIED = 'inventoryProState';

interface Carried {
	global?: IDataObject;
	node: IDataObject;
}

/** Nodes whose executions ran in this process (a run came back without a queue job id). */
const runHere = new Set<string>();

/** Notes where an execution of the node ran, from the run its emit's donePromise got. */
export function notedWhereRan(context: NodeContext, run: IRun | undefined): void {
	if (run !== undefined && run.jobId === undefined && ranItsNodes(run))
		runHere.add(nodeKey(context));
}

/**
 * An emit: the node's static data as it leaves it (and the global part, if given) beside the first item,
 * unless executions run in this process; the items.
 */
export function carry(
	context: NodeContext,
	items: INodeExecutionData[],
	node: IDataObject,
	global?: IDataObject,
): INodeExecutionData[] {
	if (items.length > 0 && !runHere.has(nodeKey(context)))
		items[0][CARRIED] = JSON.parse(JSON.stringify({ global, node })) as IDataObject;
	return items;
}

/** The items without what `carry` put beside them. */
export function withoutCarried(items: INodeExecutionData[]): INodeExecutionData[] {
	return items.map((item) => {
		if (!(CARRIED in item)) return item;
		const rest = { ...item };
		delete rest[CARRIED];
		return rest;
	});
}

/**
 * execute()'s part: `ids` marked as in markAtSave, what an emit carried taken where the copy is `stale`
 * (by default: none at all, as n8n hands a queue-mode worker); the items without it.
 */
export function markItems(
	context: NodeContext,
	items: INodeExecutionData[],
	ids: string[],
	options: { note?: Note; stale?: (copy: IDataObject) => boolean },
): INodeExecutionData[] {
	const { stale = (copy: IDataObject) => Object.keys(copy).length === 0 } = options;
	markAtSave(context, ids, { ...options, stale, carried: items[0]?.[CARRIED] });
	return withoutCarried(items);
}

const isCarried = (value: unknown): value is Carried =>
	typeof value === 'object' && value !== null && typeof (value as Carried).node === 'object';

/**
 * In execute(): `ids` count as run when n8n saves this execution (see above); false when nothing is
 * marked (a stale copy with neither live nor carried data to take).
 */
export function markAtSave(
	context: NodeContext,
	ids: string[],
	{
		note,
		stale,
		carried,
	}: { note?: Note; stale?: (copy: IDataObject) => boolean; carried?: unknown } = {},
): boolean {
	if (ids.length === 0) return false;
	const copy = context.getWorkflowStaticData('node');
	let live = liveNodeData.get(nodeKey(context));
	if (live === undefined && isCarried(carried) && stale?.(copy)) {
		Object.assign(context.getWorkflowStaticData('global'), carried.global ?? {});
		live = carried.node;
	}
	const ledger = ledgerOf(context);
	if (live !== undefined && live !== copy) {
		for (const name of Object.keys(copy)) if (!(name in live)) delete copy[name];
		for (const [name, value] of Object.entries(live)) copy[name] = value;
	} else if (live === undefined && stale?.(copy)) return false;
	context.getWorkflowStaticData('global')[slot(context)] = {
		toJSON: () => {
			ledger.add(ids, clock());
			return slotValue(ledger, note);
		},
	};
	return true;
}

/**
 * Whether an execution's end shows that its nodes ran: it succeeded, waits or was stopped, or a node is
 * recorded as run. In queue mode main gets only the status and the last node; a worker killed mid-run
 * ends as n8n's stalled job: status error, no node.
 */
export function ranItsNodes(run: IRun | undefined): boolean {
	if (run === undefined) return false;
	if (run.status === 'success' || run.status === 'waiting' || run.status === 'canceled')
		return true;
	const result = run.data?.resultData;
	return result?.lastNodeExecuted !== undefined || Object.keys(result?.runData ?? {}).length > 0;
}

/** How many ids a stored slot holds (the text, or the text beside a note). */
export function storedCount(value: unknown): number {
	const text = typeof value === 'object' && value !== null ? (value as IDataObject).ran : value;
	return typeof text === 'string' ? Math.floor(text.length / ENTRY) : 0;
}

/** n8n's clock as the triggers read it. */
export const now = (): number => clock();

/** For tests: n8n's clock, and a new process (memory gone). */
export const ledgerSeam = {
	useClock(next: () => number): void {
		clock = next;
	},
	forget(): void {
		ledgers.clear();
	},
};
