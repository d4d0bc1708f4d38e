/**
 * "A subscription heals": on the one Check Interval the user sets, confirm the subscription
 * (lifecycle.ts) and catch up on events that never ran (catchup.ts); runOnce.ts decides which of them
 * run. trigger() registers the schedule with n8n (a tick every minute; a check when one is due), so the
 * editor shows no schedule of n8n's beside the node's own. A check never throws: a problem is logged
 * every time and reported once as a failed execution, in words, and the schedule keeps running.
 *
 * What a check emits counts as run only once the execution that ran it is saved (runOnce.ts), as for a
 * delivery: until then the events are claimed (a live copy is answered 409) and kept in the bookkeeping
 * as owed (../shared/redelivery.ts), saved with the emit together with the catch-up's moved log position
 * and done gaps. The first check of an activation (after a start) emits again what is owed and not run.
 */
import {
	deepCopy,
	NodeOperationError,
	type CronExpression,
	type IDataObject,
	type INodeExecutionData,
	type ITriggerFunctions,
	type ITriggerResponse,
} from 'n8n-workflow';

import { checkSucceeded, emitKept, isFirstCheck, keep, settle } from '../shared/redelivery';
import { catchUp, type Recovered } from './catchup';
import { rekeyed } from './delivery';
import { desiredSubscription, ensureSubscription } from './lifecycle';
import {
	checkEnded,
	claim,
	keepBook,
	knownLive,
	newToken,
	now,
	recall,
	stateOf,
	tag,
	type Book,
	type Live,
	type Owed,
} from './runOnce';
import { checkIntervalMs } from './settings';

/** The activation's hooks (checkExists/create) run beside trigger(); checks wait this long after them. */
const ACTIVATION_GRACE_MS = 30_000;
/** A tick may fire a little early; a check this close to its interval counts as due. */
const SLACK_MS = 5_000;
/** The scope of the owed events in the bookkeeping (../shared/redelivery.ts). */
const OWED = 'catch-up';

function describe(error: unknown): string {
	const { message, description } = error as { message?: string; description?: string };
	return [message, description].filter(Boolean).join(' — ') || String(error);
}

function outputOf(event: Recovered): IDataObject {
	const item: IDataObject = {
		event: event.event,
		data: event.data,
		reference: event.reference,
		recovered: true,
		headers: {},
	};
	if (event.reason !== undefined) item.reason = event.reason;
	return item;
}

/**
 * The tick: every minute, at a second of its own (so triggers do not all call the service at once).
 * Whether a check is due is decided per tick, so any interval in minutes is kept exactly, and a restart
 * or a change of the interval takes effect at the next tick.
 */
function tickExpression(context: ITriggerFunctions): CronExpression {
	const node = context.getNode();
	let hash = 0;
	for (const char of `${context.getWorkflow().id ?? ''}${node.webhookId ?? node.name}`)
		hash = (hash * 31 + char.charCodeAt(0)) % 60;
	return `${hash} * * * * *`;
}

/** Whether a check is due: not beside an activation or a start, once per interval. */
function due(this: ITriggerFunctions, entry: Live, at: number): boolean {
	const since = Math.max(entry.hookAt ?? 0, entry.startedAt ?? 0);
	if (at - since < ACTIVATION_GRACE_MS) return false;
	if (
		entry.lastCheckAt !== undefined &&
		at - entry.lastCheckAt < checkIntervalMs.call(this) - SLACK_MS
	)
		return false;
	entry.lastCheckAt = at;
	return true;
}

/**
 * A problem, once per problem, as a failed execution (the workflow stays active); logged every time.
 * n8n 1.x has no way for a trigger to record a failed execution without being switched off: the log only.
 */
function report(this: ITriggerFunctions, entry: Live, message: string, description?: string): void {
	this.logger.warn(message);
	if (entry.told === message) return;
	entry.told = message;
	const error = new NodeOperationError(
		this.getNode(),
		message,
		description === undefined ? undefined : { description },
	);
	(this as Partial<Pick<ITriggerFunctions, 'saveFailedExecution'>>).saveFailedExecution?.(error);
}

/**
 * The schedule of this trigger: registered once per activation (or start) of the workflow; n8n removes
 * it when the workflow is deactivated. Nothing is scheduled in the editor: a test event runs through
 * webhook() and execute() only.
 */
export function startChecks(this: ITriggerFunctions): ITriggerResponse {
	if (this.getMode() === 'manual') return {};
	const staticData = this.getWorkflowStaticData('node');
	recall(this, staticData).startedAt = now();
	let closed = false;
	const tick = async (): Promise<void> => {
		if (closed) return;
		const entry = recall(this, staticData);
		if (entry.checking !== undefined) return;
		entry.checking = checkSubscription.call(this, entry, staticData);
		try {
			await entry.checking;
		} finally {
			entry.checking = undefined;
		}
	};
	// n8n 2.x passes the tick's scheduled time, 1.x nothing; neither uses the return value.
	this.helpers.registerCron({ expression: tickExpression(this) }, () => void tick());
	return {
		closeFunction: async () => {
			closed = true;
			await Promise.resolve();
		},
	};
}

/** One tick: when a check is due, confirm and heal the subscription, catch up, run what is new and what is owed. */
async function checkSubscription(
	this: ITriggerFunctions,
	entry: Live,
	staticData: IDataObject,
): Promise<void> {
	const at = now();
	if (!due.call(this, entry, at)) return;
	// Owed events whose executions saved are done; at the first check of an activation the rest come again.
	const first = isFirstCheck(this);
	const { delivery, again } = settle(this, entry.book.delivery, OWED, first, (batch) =>
		batch.from.every((event) => entry.ran.has(event.key)),
	);
	const owed = again.flatMap((batch) => batch.from);
	const owedKeys = new Set(
		[...delivery.unconfirmed.flatMap((batch) => batch.from), ...owed].map((event) => event.key),
	);
	let result: Found | undefined;
	try {
		result = await check.call(this, entry, staticData, at, (key) => owedKeys.has(key));
		entry.failures = 0;
	} catch (error) {
		entry.failures++;
		const message = `Inventory Pro Trigger could not check its subscription: ${describe(error)}`;
		// Never on the first failure (a blip).
		if (entry.failures < 2)
			this.logger.warn(
				`${message} (attempt ${entry.failures}; the trigger stays on and checks again next interval)`,
			);
		else
			report.call(
				this,
				entry,
				message,
				'The workflow stays active and keeps receiving webhooks; the trigger checks again every interval and catches up on missed events once Inventory Pro answers.',
			);
	}
	const held = hold(
		entry,
		staticData,
		delivery,
		[...owed, ...(result?.recovered ?? [])],
		result?.book,
	);
	checkSucceeded(this);
	// Events found run now (n8n saves the static data with them); a problem found beside them is reported by the next check.
	if (held.batch !== undefined && held.items.length > 0) {
		entry.deferred = result?.notice;
		// n8n tells this process when the execution ends (in queue mode it runs on a worker).
		emitKept(this, held.batch, held.items, (ran) => {
			const live = knownLive(this, 'live');
			if (live) checkEnded(live, held.token, held.keys, ran);
		});
		return;
	}
	if (result === undefined) return;
	const notice = result.notice ?? entry.deferred;
	entry.deferred = undefined;
	if (notice !== undefined) return report.call(this, entry, notice);
	entry.told = undefined;
}

/** What a check holds: the items to emit (their keys claimed with `token`) and the batch they are owed in. */
interface Held {
	items: INodeExecutionData[];
	keys: string[];
	token: string;
	batch?: number;
}

/**
 * The events to emit, each claimed for the check's execution and tagged (runOnce.ts records it as run at
 * that execution's save). Every event not known to have run is kept as owed, whether it runs now or
 * another execution holds it; the catch-up's bookkeeping (log position, gaps done) is written in the same
 * step, so no save of this process carries the one without the other.
 */
function hold(
	entry: Live,
	staticData: IDataObject,
	delivery: NonNullable<Book['delivery']>,
	events: Owed[],
	book: Book | undefined,
): Held {
	const owed = new Map<string, Owed>();
	for (const event of events)
		if (!entry.ran.has(event.key) && !owed.has(event.key)) owed.set(event.key, event);
	const held: Held = { items: [], keys: [], token: newToken() };
	for (const { key, json } of owed.values()) {
		if (stateOf(entry, key) !== 'new') continue;
		claim(entry, key, held.token);
		// A plain copy: what static data hands back are n8n's proxies, which the next node's expressions cannot read.
		const item: INodeExecutionData = { json: deepCopy(json) };
		tag(item, key, held.token);
		held.items.push(item);
		held.keys.push(key);
	}
	if (owed.size > 0) held.batch = keep(delivery, [...owed.values()]);
	keepBook(entry, staticData, { ...entry.book, ...book, delivery });
	return held;
}

/** What a check found: the events to run, the catch-up's bookkeeping after it, a problem to report. */
interface Found {
	recovered: Owed[];
	book?: Book;
	notice?: string;
}

/** Confirm or heal the subscription and catch up: the events found, as owed events. */
async function check(
	this: ITriggerFunctions,
	entry: Live,
	staticData: IDataObject,
	at: number,
	owed: (key: string) => boolean,
): Promise<Found> {
	// Not activated through n8n's webhook hooks yet (they record the URL): nothing to check.
	if (entry.book.url === undefined) return { recovered: [] };
	const desired = await desiredSubscription.call(this, entry.book.url);
	const healed = await ensureSubscription.call(this, entry.book, desired, at);
	if (healed.outcome === 'disabledManually') {
		return {
			recovered: [],
			notice: `The Inventory Pro subscription ${entry.book.rec} for this trigger was disabled manually in Inventory Pro, so no events arrive. Re-enable it there, or deactivate and activate this workflow.`,
		};
	}
	if (healed.outcome !== 'kept') {
		rekeyed(entry, desired.body.secret);
		this.logger.info(`Inventory Pro Trigger: subscription ${healed.book.rec} ${healed.outcome}`);
	}
	// Kept now, so a failure below does not lose the repair (saved with the next emit).
	keepBook(entry, staticData, healed.book);

	// An owed event counts as found: catch-up does not look for it again.
	const found = await catchUp.call(
		this,
		entry.book,
		desired.events,
		at,
		(key) => entry.ran.has(key) || owed(key),
	);
	const notice =
		found.problems.length > 0 ? `Inventory Pro Trigger: ${found.problems.join('; ')}` : undefined;
	return {
		recovered: found.recovered.map((event) => ({ key: event.key, json: outputOf(event) })),
		book: {
			logOf: found.book.logOf,
			logAfter: found.book.logAfter,
			openOrders: found.book.openOrders,
			gaps: [],
		},
		notice,
	};
}
