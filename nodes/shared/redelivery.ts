/**
 * "A polled batch comes again until it ran" — the poll triggers' guard against n8n killed (SIGKILL, out of
 * memory, a container's stop grace running out) between a poll and the end of the execution it started,
 * and against a queue-mode worker killed while it runs that execution. n8n marks such an execution crashed
 * (or failed, as a stalled job) and never runs it again, while the poll's cursor has moved past the batch.
 *
 * So each emitted batch is kept in the poll's own state — where n8n's poll path keeps a poll node's static
 * data: the workflow's static data, or the durable cursor on n8n's durable scheduler — with what emitting it
 * again needs (the Changes Trigger's cursor before it, the Low Stock Trigger's items), until this process
 * learns that its execution ended: n8n settles the emit's donePromise then, on main in queue mode too. A
 * batch whose execution ended without running (a stalled job, a start that failed) comes again at the next
 * poll; at the first poll of this process every batch still kept comes again. What comes again passes the
 * ledger of what ran (ranLedger.ts; a queue-mode worker, which n8n gives no static data, writes it with the
 * state the emit carries), so a batch whose execution was saved before the kill does not run twice. At most MAX_UNCONFIRMED batches are kept: with more executions not ended (a backlog in the queue),
 * the oldest is taken as run.
 *
 * Process memory (per workflow and node id): each process only reads what it noted itself.
 */
import {
	ExecutionCancelledError,
	type IDataObject,
	type INodeExecutionData,
	type IPollFunctions,
	type IRun,
} from 'n8n-workflow';

import { memoryOf, nodeKey } from './memory';
import {
	carry,
	holdNodeData,
	keepIn,
	ledgerOf,
	notedWhereRan,
	now,
	ranItsNodes,
} from './ranLedger';

/** Batches kept at most; older ones are taken as run. */
export const MAX_UNCONFIRMED = 10;

export interface Unconfirmed<T> {
	batch: number;
	/** What emitting it again needs. */
	from: T;
}

/** What a poll trigger keeps in its static data, under `delivery`. */
export interface Delivery<T> {
	/** What the batches belong to (the trigger's settings); a change starts over. */
	scope: string;
	/** The next batch number. */
	next: number;
	unconfirmed: Array<Unconfirmed<T>>;
}

/** What this process knows of the batches it emitted for one node: running (with their ids), or ended (ran or not). */
interface Emitted {
	running: Map<number, Set<string>>;
	ended: Map<number, boolean>;
}

const emittedHere = new Map<string, Emitted>();
/** Nodes (workflow and node id) that have polled successfully in this process. */
const polledHere = new Set<string>();

const emittedBy = (context: IPollFunctions): Emitted =>
	memoryOf(emittedHere, context, () => ({ running: new Map(), ended: new Map() }));

/** Whether this process has not yet polled this node successfully (it started, or n8n restarted). */
export const isFirstPoll = (context: IPollFunctions): boolean => !polledHere.has(nodeKey(context));

/** Notes a successful poll (it emitted, or had nothing to emit). */
export function pollSucceeded(context: IPollFunctions): void {
	polledHere.add(nodeKey(context));
}

/**
 * The stored delivery without the batches that ran, and the batches to emit again: those whose executions
 * ended without running and, at the first poll of this process, every one kept that is not running here.
 */
export function settle<T>(
	context: IPollFunctions,
	stored: Delivery<T> | undefined,
	scope: string,
): { delivery: Delivery<T>; again: Array<Unconfirmed<T>> } {
	const same = stored?.scope === scope;
	const kept = same ? stored.unconfirmed : [];
	const here = emittedBy(context);
	const first = isFirstPoll(context);
	const listed = new Set(kept.map((batch) => batch.batch));
	for (const batch of [...here.running.keys(), ...here.ended.keys()])
		if (!listed.has(batch)) {
			here.running.delete(batch);
			here.ended.delete(batch);
		}
	const again = kept.filter(
		({ batch }) =>
			here.ended.get(batch) === false ||
			(first && !here.running.has(batch) && !here.ended.has(batch)),
	);
	const unconfirmed = kept.filter(
		({ batch }) => here.ended.get(batch) !== true && !again.some((a) => a.batch === batch),
	);
	return { delivery: { scope, next: stored?.next ?? 1, unconfirmed }, again };
}

/** Whether an item's id belongs to a batch whose execution is running in this process (not to emit again). */
export function isRunningHere(context: IPollFunctions): (id: string) => boolean {
	const ids = [...emittedBy(context).running.values()];
	return (id) => ids.some((batch) => batch.has(id));
}

/**
 * Keeps a batch (as `delivery` in the node's static data) and emits its items as one execution; n8n tells
 * this process when it ends. Call it last: n8n saves the static data as the emit finds it.
 */
export function emitBatch<T>(
	context: IPollFunctions,
	staticData: IDataObject,
	delivery: Delivery<T>,
	from: T,
	items: INodeExecutionData[],
	ids: string[],
): void {
	const batch = delivery.next++;
	delivery.unconfirmed.push({ batch, from });
	delivery.unconfirmed.splice(0, Math.max(0, delivery.unconfirmed.length - MAX_UNCONFIRMED));
	staticData.delivery = delivery;
	keepIn(context);
	holdNodeData(context, staticData);
	const here = emittedBy(context);
	here.running.set(batch, new Set(ids));
	const ended = (ran: boolean, why?: string) => {
		here.running.delete(batch);
		here.ended.set(batch, ran);
		// In queue mode the worker's save wrote them; main learns it here.
		if (ran) ledgerOf(context).add(ids, now());
		if (!ran)
			context.logger.warn(
				`${context.getNode().name}: the execution of batch ${batch} ended before its nodes ran (${why ?? 'no run'}); the next poll emits it again`,
			);
	};
	carry(context, items, staticData, context.getWorkflowStaticData('global'));
	const done = context.helpers.createDeferredPromise<IRun | undefined>();
	void done.promise.then(
		(run) => {
			notedWhereRan(context, run);
			ended(ranItsNodes(run), run?.data?.resultData?.error?.message);
		},
		// Stopped by a person or the workflow's timeout: ended. Not started (n8n could not run it): not.
		(error: Error) => ended(error instanceof ExecutionCancelledError, error.message),
	);
	context.__emit([items], undefined, done);
}
