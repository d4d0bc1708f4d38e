/**
 * "A polled batch comes again until it is known to have run" — the poll triggers' guard against n8n
 * being killed (SIGKILL, OOM, a container's stop grace running out) between a poll and the end of the
 * execution it started.
 *
 * Why (n8n 2.41, default poll path): a poll's emit saves the static data and starts the execution side
 * by side, so the cursor / alert memory are saved past a batch whose execution may then be killed; n8n
 * marks it crashed at the next start and never runs it again. The only sign that a batch ran: the poll
 * node's execute() runs inside the execution as its first node, and static data it changes is saved
 * when the execution ends (before n8n stores the execution's result).
 *
 * So:
 * - emit(): each emitted batch gets a number and is kept as unconfirmed, with what is needed to emit it
 *   again (`from`: the Changes Trigger's cursor before it, the Low Stock Trigger's items), in the static
 *   data n8n saves with the emit. Items carry the number (a key beside `json`).
 * - confirm() (in execute()): writes the number to the execution's static data (saved at its end) and
 *   to this process's memory, where the poller (same process, regular mode) drops it at its next poll.
 *   The poller never sees the execution's static data otherwise: n8n keeps the poller's own copy.
 * - settle(): at each poll, drops what was confirmed. At the first poll of an activation (every start),
 *   whatever is still unconfirmed in what n8n saved did not run to its end: the node emits it again.
 *
 * The webhook trigger keeps the events its catch-up emits the same way (keep() and settle() on a delivery
 * in its bookkeeping), confirmed by its memory of what ran (runOnce.ts) instead of batch numbers.
 *
 * Repeats: a batch whose execution finished its nodes but was killed before n8n saved it comes again,
 * as may (Changes) changes read after the oldest unconfirmed batch. Items carry stable ids for that.
 * At most MAX_UNCONFIRMED batches are kept (in queue mode executions confirm on workers, not in the
 * main process, so the list only shortens through the cap there).
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IPollFunctions,
	ITriggerFunctions,
} from 'n8n-workflow';

/** Batches kept unconfirmed at most; older ones are assumed to have run. */
export const MAX_UNCONFIRMED = 10;
/** The key beside `json` that carries an item's batch number from the poll to execute(). */
export const BATCH_KEY = 'inventoryProBatch';
/** The key beside the first item's `json` that carries the node's static data as the poll left it. */
export const STATE_KEY = 'inventoryProState';

export interface Unconfirmed<T> {
	batch: number;
	/** What emitting it again needs. */
	from: T;
}

/** What a poll trigger keeps in its node static data, under `delivery`. */
export interface Delivery<T> {
	/** What the delivery belongs to (the trigger's scope); a change starts over. */
	scope: string;
	/** The next batch number. */
	next: number;
	unconfirmed: Array<Unconfirmed<T>>;
	/** Batches executions confirmed (written by execute(), read after a restart). */
	ran?: number[];
}

/** A poll, or a trigger's scheduled check: its context is the same object for one activation. */
type Check = IPollFunctions | ITriggerFunctions;

/** Batch numbers confirmed by executions in this process, per workflow and node. */
const confirmedHere = new Map<string, Set<number>>();
/** Contexts (one per activation) whose first check succeeded. */
const checkedContexts = new WeakSet<object>();

const keyOf = (context: Check | IExecuteFunctions) =>
	`${context.getWorkflow().id ?? ''}\u0000${context.getNode().id}`;

/**
 * Whether no check of this activation (a start, a restart, a re-activation) has succeeded yet: until one
 * does, what is unconfirmed is emitted again.
 */
export const isFirstCheck = (context: Check) => !checkedContexts.has(context);

/** Notes that a check of this activation succeeded (it emitted, or had nothing to emit). */
export function checkSucceeded(context: Check): void {
	checkedContexts.add(context);
}

/**
 * The stored delivery with every confirmed batch dropped, and the batches to emit again: all that is
 * still unconfirmed, on the first check of an activation; nothing otherwise (their executions may still
 * run). `ran` confirms batches a caller knows ran by other means.
 */
export function settle<T>(
	context: Check,
	stored: Delivery<T> | undefined,
	scope: string,
	first: boolean,
	ran: (batch: Unconfirmed<T>) => boolean = () => false,
): { delivery: Delivery<T>; again: Array<Unconfirmed<T>> } {
	const delivery: Delivery<T> =
		stored?.scope === scope
			? { scope, next: stored.next, unconfirmed: [...stored.unconfirmed] }
			: { scope, next: stored?.next ?? 1, unconfirmed: [] };
	const here = confirmedHere.get(keyOf(context));
	const confirmed = new Set([
		...(stored?.scope === scope ? (stored.ran ?? []) : []),
		...(here ?? []),
	]);
	delivery.unconfirmed = delivery.unconfirmed.filter(
		(batch) => !confirmed.has(batch.batch) && !ran(batch),
	);
	here?.clear();
	if (!first) return { delivery, again: [] };
	const again = delivery.unconfirmed;
	delivery.unconfirmed = [];
	return { delivery, again };
}

/** Keeps a batch about to be emitted as unconfirmed (the newest MAX_UNCONFIRMED); returns its number. */
export function keep<T>(delivery: Delivery<T>, from: T): number {
	const batch = delivery.next++;
	delivery.unconfirmed.push({ batch, from });
	delivery.unconfirmed.splice(0, Math.max(0, delivery.unconfirmed.length - MAX_UNCONFIRMED));
	return batch;
}

/**
 * Records a batch about to be emitted, with the node's static data as it stands after this poll (stored
 * as `delivery`); returns the items, each marked with the batch number, the first also with that state.
 */
export function emit<T>(
	staticData: IDataObject,
	delivery: Delivery<T>,
	from: T,
	items: INodeExecutionData[],
): INodeExecutionData[] {
	const batch = keep(delivery, from);
	staticData.delivery = delivery;
	const state = JSON.parse(JSON.stringify({ ...staticData, delivery })) as IDataObject;
	delete state.__dataChanged;
	return items.map((item, index) => ({
		...item,
		[BATCH_KEY]: batch,
		...(index === 0 ? { [STATE_KEY]: state } : {}),
	}));
}

/** The batch number the next emit() will give. */
export const nextBatch = (delivery: Delivery<unknown>) => delivery.next;

/**
 * In execute(): confirms the batches of the input items (saved with the execution's end, and noted
 * for the poller in this process) and returns the items without the mark. Undefined when no item
 * carries a batch (not an execution a poll started: the editor's test run).
 */
export function confirm(context: IExecuteFunctions): INodeExecutionData[] | undefined {
	const items = context.getInputData();
	const batches = new Set<number>();
	for (const item of items) {
		const batch = item[BATCH_KEY];
		if (typeof batch === 'number') batches.add(batch);
	}
	if (batches.size === 0) return undefined;

	const staticData = context.getWorkflowStaticData('node');
	const newest = Math.max(...batches);
	const copy = staticData.delivery as Partial<Delivery<unknown>> | undefined;
	if (typeof copy?.next !== 'number' || copy.next <= newest) {
		// n8n read this execution's static data before the poll's emit had saved it (the two race): saving
		// that copy at the end would take the node back to before the batch. Start from the poll's own state.
		const carried = items.find((item) => item[STATE_KEY] !== undefined)?.[STATE_KEY];
		if (carried === undefined || typeof carried !== 'object') return unmarked(items);
		for (const key of Object.keys(staticData)) delete staticData[key];
		Object.assign(staticData, carried);
	}
	const delivery = staticData.delivery as Delivery<unknown>;
	// Only a batch this copy still lists: a copy from after the poller dropped it has nothing to add.
	const listed = [...batches].filter((batch) =>
		delivery.unconfirmed.some((u) => u.batch === batch),
	);
	if (listed.length)
		// Replaced, not changed in place, so n8n sees the change and saves it with the execution's end.
		staticData.delivery = {
			...delivery,
			ran: [...(delivery.ran ?? []), ...listed].slice(-4 * MAX_UNCONFIRMED),
		};
	const key = keyOf(context);
	const here = confirmedHere.get(key) ?? new Set<number>();
	for (const batch of batches) here.add(batch);
	confirmedHere.set(key, here);
	return unmarked(items);
}

/** The items as the workflow sees them: without the marks. */
function unmarked(items: INodeExecutionData[]): INodeExecutionData[] {
	return items.map((item) => {
		const plain = { ...item };
		delete plain[BATCH_KEY];
		delete plain[STATE_KEY];
		return plain;
	});
}

type Poll = (this: IPollFunctions) => Promise<INodeExecutionData[][] | null>;

/**
 * The editor's test run of a poll node that has execute(): n8n calls execute() instead of poll() then,
 * so this runs the node's poll in manual mode with the execution's context, read as a poll's.
 */
export async function testPoll(
	context: IExecuteFunctions,
	poll: Poll,
): Promise<INodeExecutionData[][] | null> {
	const asPoll = new Proxy(context, {
		get(target, property) {
			if (property === 'getNodeParameter')
				return (name: string, fallback?: unknown) => target.getNodeParameter(name, 0, fallback);
			if (property === 'getActivationMode') return () => 'manual';
			const value: unknown = Reflect.get(target, property);
			return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
		},
	}) as unknown as IPollFunctions;
	return await poll.call(asPoll);
}
