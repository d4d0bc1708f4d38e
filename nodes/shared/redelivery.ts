/**
 * "A polled batch comes again until it is known to have run" — the poll triggers' guard against n8n
 * being killed (SIGKILL, OOM, a container's stop grace running out) between a poll and the end of the
 * execution it started, and against a queue-mode worker killed while it runs that execution.
 *
 * Why (n8n 2.41, default poll path): a poll's emit saves the static data and starts the execution side
 * by side, so the cursor / alert memory are saved past a batch whose execution may then be killed; n8n
 * marks it crashed at the next start and never runs it again. In queue mode a worker killed mid-run
 * leaves a job n8n fails as stalled (Bull's maxStalledCount is 0) and never runs again either.
 *
 * So:
 * - emitBatch(): each emitted batch gets a number and is kept as unconfirmed, with what is needed to
 *   emit it again (`from`: the Changes Trigger's cursor before it, the Low Stock Trigger's items), in the
 *   static data n8n saves with the emit. Items carry the number (a key beside `json`). The emit passes
 *   n8n a deferred it settles with the execution's run when that execution ends — on main, in queue
 *   mode too (n8n's WorkflowRunner finishes the job's promise there). Its end is noted in this process:
 *   ran (the execution's nodes ran: success, or a node recorded as run) or not (no node ran: a stalled
 *   job, a start that failed). An execution a person stopped, or the workflow's timeout, counts as ended.
 * - confirm() (in execute(), the first node of that execution): writes the number to the execution's
 *   static data, which n8n saves at its end: what the next start reads.
 * - settle(): at each poll, drops what ran (noted here, or saved by an execution) and hands back to be
 *   emitted again what ended without running. At the first poll of an activation (every start) it hands
 *   back too whatever is still unconfirmed in what n8n saved and is not running in this process.
 *
 * The webhook trigger keeps the events its catch-up emits the same way (keep(), emitKept() and settle()
 * on a delivery in its bookkeeping), confirmed by its memory of what ran (runOnce.ts) instead of
 * batch numbers.
 *
 * Repeats: a batch whose execution finished its nodes but was killed before n8n saved it comes again,
 * as may (Changes) changes read after the oldest batch that comes again. Items carry stable ids for that.
 * At most MAX_UNCONFIRMED batches are kept: with more executions not ended (a backlog in the queue), the
 * oldest is assumed to run. Process memory is per process (main, a worker, a second main): each process
 * only ever reads what it noted itself about the batches it emitted.
 */
import {
	ExecutionCancelledError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type IPollFunctions,
	type IRun,
	type ITriggerFunctions,
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

/** What this process knows of the batches it emitted for one workflow and node. */
interface Emitted {
	/** Emitted here; their executions have not ended. */
	running: Set<number>;
	/** Their executions ended: true when they ran their nodes, false when not (to emit again). */
	ended: Map<number, boolean>;
}

/** Per workflow and node; each process keeps only what it emitted itself. */
const emittedHere = new Map<string, Emitted>();
/** Contexts (one per activation) whose first check succeeded. */
const checkedContexts = new WeakSet<object>();

const keyOf = (context: Check) => `${context.getWorkflow().id ?? ''}\u0000${context.getNode().id}`;

function emittedBy(context: Check): Emitted {
	const key = keyOf(context);
	let emitted = emittedHere.get(key);
	if (!emitted) {
		emitted = { running: new Set(), ended: new Map() };
		emittedHere.set(key, emitted);
	}
	return emitted;
}

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
 * The stored delivery with every batch known to have run dropped, and the batches to emit again: those
 * whose executions ended without running, and on the first check of an activation also all that is still
 * unconfirmed and not running in this process. A batch ran when an execution saved so, or when `ran`
 * says so (by default: its execution ended having run).
 */
export function settle<T>(
	context: Check,
	stored: Delivery<T> | undefined,
	scope: string,
	first: boolean,
	ran?: (batch: Unconfirmed<T>) => boolean,
): { delivery: Delivery<T>; again: Array<Unconfirmed<T>> } {
	const same = stored?.scope === scope;
	const delivery: Delivery<T> = same
		? { scope, next: stored.next, unconfirmed: [...stored.unconfirmed] }
		: { scope, next: stored?.next ?? 1, unconfirmed: [] };
	const here = emittedBy(context);
	// What this process noted of batches no longer listed is done with.
	const listed = new Set(delivery.unconfirmed.map((batch) => batch.batch));
	for (const batch of [...here.running, ...here.ended.keys()])
		if (!listed.has(batch)) {
			here.running.delete(batch);
			here.ended.delete(batch);
		}
	const saved = new Set(same ? (stored.ran ?? []) : []);
	const hasRun = ran ?? ((batch: Unconfirmed<T>) => here.ended.get(batch.batch) === true);
	delivery.unconfirmed = delivery.unconfirmed.filter(
		(batch) => !saved.has(batch.batch) && !hasRun(batch),
	);
	const isAgain = (batch: Unconfirmed<T>) =>
		here.ended.get(batch.batch) === false || (first && !here.running.has(batch.batch));
	const again = delivery.unconfirmed.filter(isAgain);
	delivery.unconfirmed = delivery.unconfirmed.filter((batch) => !isAgain(batch));
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
 * Whether an execution's end shows that its nodes ran: it succeeded or waits, or a node is recorded
 * as run. In queue mode main gets only the status and the last node, not the run data. A worker killed
 * mid-run ends as n8n's stalled job: status error, no node.
 */
function ranItsNodes(run: IRun | undefined): boolean {
	if (run === undefined) return false;
	if (run.status === 'success' || run.status === 'waiting' || run.status === 'canceled')
		return true;
	const result = run.data?.resultData;
	return result?.lastNodeExecuted !== undefined || Object.keys(result?.runData ?? {}).length > 0;
}

/** Notes the end of a batch's execution in this process when n8n settles `run`; tells `ended` too. */
function follow(
	context: Check,
	batch: number,
	run: Promise<IRun | undefined>,
	ended?: (ran: boolean) => void,
): void {
	const here = emittedBy(context);
	here.running.add(batch);
	const noted = (ran: boolean, why?: string) => {
		here.running.delete(batch);
		here.ended.set(batch, ran);
		if (!ran)
			context.logger.warn(
				`${context.getNode().name}: the execution of batch ${batch} ended before its nodes ran (${why ?? 'no run'}); the next check emits it again`,
			);
		ended?.(ran);
	};
	void run.then(
		(result) => noted(ranItsNodes(result), result?.data?.resultData?.error?.message),
		// Stopped by a person or the workflow's timeout: ended. Not started (n8n could not run it): not.
		(error: Error) => noted(error instanceof ExecutionCancelledError, error.message),
	);
}

/**
 * Keeps a batch (stored as `delivery` in the node's static data) and emits its items as one execution,
 * each marked with the batch number, the first also with the node's static data as this poll leaves it.
 * Call it last: n8n saves the static data as the emit finds it.
 */
export function emitBatch<T>(
	context: IPollFunctions,
	staticData: IDataObject,
	delivery: Delivery<T>,
	from: T,
	items: INodeExecutionData[],
): void {
	const batch = keep(delivery, from);
	staticData.delivery = delivery;
	const state = JSON.parse(JSON.stringify({ ...staticData, delivery })) as IDataObject;
	delete state.__dataChanged;
	const marked = items.map((item, index) => ({
		...item,
		[BATCH_KEY]: batch,
		...(index === 0 ? { [STATE_KEY]: state } : {}),
	}));
	const done = context.helpers.createDeferredPromise<IRun | undefined>();
	follow(context, batch, done.promise);
	context.__emit([marked], undefined, done);
}

/**
 * A trigger's emit of a batch it kept (keep()): one execution, whose end is noted like emitBatch()'s and
 * told to `ended`.
 */
export function emitKept(
	context: ITriggerFunctions,
	batch: number,
	items: INodeExecutionData[],
	ended: (ran: boolean) => void,
): void {
	const done = context.helpers.createDeferredPromise<IRun>();
	follow(context, batch, done.promise, ended);
	context.emit([items], undefined, done);
}

/** The batch number the next emit will give. */
export const nextBatch = (delivery: Delivery<unknown>) => delivery.next;

/**
 * In execute(): confirms the batches of the input items in the execution's static data (saved with the
 * execution's end) and returns the items without the mark. Undefined when no item carries a batch (not
 * an execution a poll started: the editor's test run).
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
