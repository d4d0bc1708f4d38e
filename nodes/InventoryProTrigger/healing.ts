/**
 * "A subscription heals": on the one Check Interval the user sets, confirm the subscription (lifecycle.ts)
 * and catch up on events that never ran (catchup.ts) — at the first check after a start also those
 * acknowledged before it that may not have run (acknowledged.ts). trigger() registers the schedule with
 * n8n (a tick every minute; a check when one is due). A check never throws: a problem is logged every time
 * and reported once as a failed execution, in words, and the schedule keeps running.
 *
 * What a check finds runs once: each event the ledger (../shared/ranLedger.ts) does not show as run is
 * emitted as an execution of its own with n8n's deduplication key — the event's id, this process's start and
 * the attempt — so n8n refuses to start it twice. It is kept in the book as owed until the ledger shows it
 * ran: one whose execution ended without running (n8n tells this process through the emit's donePromise)
 * is emitted again at the next check, and after a restart the first check emits again every owed event
 * (under a new key: a crashed execution keeps its key in n8n's database).
 */
import { randomBytes } from 'crypto';
import {
	deepCopy,
	NodeOperationError,
	type CronExpression,
	type IDataObject,
	type IRun,
	type ITriggerFunctions,
	type ITriggerResponse,
} from 'n8n-workflow';

import { keepIn, ledgerOf, now, ranItsNodes } from '../shared/ranLedger';
import { isAccepted, reconcileFrom, settledNote } from './acknowledged';
import { bookIn, keepBook, type Book, type Owed } from './book';
import { catchUp, type Recovered } from './catchup';
import { eventIdOf, rekeyed } from './delivery';
import { desiredSubscription, ensureSubscription } from './lifecycle';
import { checkIntervalMs } from './settings';

/** The activation's hooks (checkExists/create) run beside trigger(); checks wait this long after them. */
const ACTIVATION_GRACE_MS = 30_000;
/** A tick may fire a little early; a check this close to its interval counts as due. */
const SLACK_MS = 5_000;
/** This process's start, in the deduplication keys of what its checks emit. */
const BOOT = randomBytes(4).toString('hex');

/** What this process knows of one trigger's checks. */
interface Checks {
	startedAt?: number;
	hookAt?: number;
	lastCheckAt?: number;
	checking?: Promise<void>;
	/**
	 * From when the log is read again for acknowledged events that may not have run (acknowledged.ts):
	 * read once, at the first check after a start, and dropped once a check reached the service.
	 */
	reconcile?: string | null;
	/** Consecutive failed checks, the last problem reported, and one found beside emitted events. */
	failures: number;
	told?: string;
	deferred?: string;
	/** The schedule was closed (deactivation): events still to emit stay owed. */
	closed?: boolean;
	/** Events emitted here: the attempt, and whether their execution ended (ran or not). */
	emitted: Map<string, { attempt: number; ran?: boolean }>;
}

const checksHere = new Map<string, Checks>();

interface Context {
	getWorkflow(): { id?: string };
	getNode(): { id: string };
}

function checksOf(context: Context): Checks {
	const key = `${context.getWorkflow().id ?? ''}\u0000${context.getNode().id}`;
	let checks = checksHere.get(key);
	if (!checks) checksHere.set(key, (checks = { failures: 0, emitted: new Map() }));
	return checks;
}

/** The activation's hooks ran: the schedule's checks wait a little. */
export function noteActivation(context: Context): void {
	checksOf(context).hookAt = now();
}

function describe(error: unknown): string {
	const { message, description } = error as { message?: string; description?: string };
	return [message, description].filter(Boolean).join(' — ') || String(error);
}

function owedOf(event: Recovered): Owed {
	const eventId = eventIdOf(event.key);
	const json: IDataObject = {
		event: event.event,
		data: event.data,
		reference: event.reference,
		recovered: true,
		headers: {},
		eventId,
	};
	if (event.reason !== undefined) json.reason = event.reason;
	return { eventId, json };
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
function due(this: ITriggerFunctions, checks: Checks, at: number): boolean {
	if (at - Math.max(checks.hookAt ?? 0, checks.startedAt ?? 0) < ACTIVATION_GRACE_MS) return false;
	if (
		checks.lastCheckAt !== undefined &&
		at - checks.lastCheckAt < checkIntervalMs.call(this) - SLACK_MS
	)
		return false;
	checks.lastCheckAt = at;
	return true;
}

/**
 * A problem, once per problem, as a failed execution (the workflow stays active); logged every time.
 * n8n 1.x has no way for a trigger to record a failed execution without being switched off: the log only.
 */
function report(this: ITriggerFunctions, checks: Checks, message: string, description?: string) {
	this.logger.warn(message);
	if (checks.told === message) return;
	checks.told = message;
	const error = new NodeOperationError(
		this.getNode(),
		message,
		description === undefined ? undefined : { description },
	);
	(this as Partial<Pick<ITriggerFunctions, 'saveFailedExecution'>>).saveFailedExecution?.(error);
}

/**
 * The schedule of this trigger: registered once per activation (or start) of the workflow; n8n removes
 * it when the workflow is deactivated. Nothing is scheduled in the editor.
 */
export function startChecks(this: ITriggerFunctions): ITriggerResponse {
	if (this.getMode() === 'manual') return {};
	const checks = checksOf(this);
	checks.startedAt = now();
	checks.closed = false;
	const tick = async (): Promise<void> => {
		if (checks.closed || checks.checking !== undefined) return;
		checks.checking = checkSubscription.call(this, checks);
		try {
			await checks.checking;
		} finally {
			checks.checking = undefined;
		}
	};
	// n8n 2.x passes the tick's scheduled time, 1.x nothing; neither uses the return value.
	this.helpers.registerCron({ expression: tickExpression(this) }, () => void tick());
	return {
		closeFunction: async () => {
			checks.closed = true;
			await Promise.resolve();
		},
	};
}

/** What a check found: the events to run, the bookkeeping after it, a problem to report. */
interface Found {
	recovered: Recovered[];
	book?: Book;
	notice?: string;
}

/** One tick: when a check is due, heal the subscription, catch up, run what is new and what is owed. */
async function checkSubscription(this: ITriggerFunctions, checks: Checks): Promise<void> {
	const at = now();
	if (!due.call(this, checks, at)) return;
	const staticData = this.getWorkflowStaticData('node');
	const book = bookIn(this, staticData);
	const ledger = ledgerOf(this);
	if (checks.reconcile === undefined) checks.reconcile = reconcileFrom(this) ?? null;
	let result: Found | undefined;
	try {
		result = await check.call(this, book, at, checks.reconcile ?? undefined);
		checks.failures = 0;
	} catch (error) {
		checks.failures++;
		const message = `Inventory Pro Trigger could not check its subscription: ${describe(error)}`;
		// Never on the first failure (a blip).
		if (checks.failures < 2)
			this.logger.warn(
				`${message} (attempt ${checks.failures}; the trigger stays on and checks again next interval)`,
			);
		else
			report.call(
				this,
				checks,
				message,
				'The workflow stays active and keeps receiving webhooks; the trigger checks again every interval and catches up on missed events once Inventory Pro answers.',
			);
	}
	// Owed and found events the ledger does not show as run, each once; a live delivery of one is running.
	const owed = new Map<string, Owed>();
	for (const event of [...(book.owed ?? []), ...(result?.recovered ?? []).map(owedOf)])
		if (!ledger.has(event.eventId) && !isAccepted(this, event.eventId))
			owed.set(event.eventId, event);
	// Not emitted by this process yet (found now, or owed from before a start), or ended without running.
	const emitNow = [...owed.values()].filter(
		({ eventId }) => checks.emitted.get(eventId)?.ran !== true && !running(checks, eventId),
	);
	keepBook(staticData, { ...book, ...result?.book, owed: [...owed.values()] });
	keepIn(this, settledNote(this));
	if (result !== undefined) checks.reconcile = null;
	void emitInTurn.call(this, checks, staticData, emitNow);
	if (emitNow.length > 0) {
		// A problem found beside emitted events is reported by the next check.
		checks.deferred = result?.notice;
		return;
	}
	if (result === undefined) return;
	const notice = result.notice ?? checks.deferred;
	checks.deferred = undefined;
	if (notice !== undefined) return report.call(this, checks, notice);
	checks.told = undefined;
}

const running = (checks: Checks, eventId: string) => {
	const emitted = checks.emitted.get(eventId);
	return emitted !== undefined && emitted.ran === undefined;
};

/** Whether a check of this process emitted the event and its execution has not ended. */
export const isRunningHere = (context: Context, eventId: string): boolean =>
	running(checksOf(context), eventId);

/**
 * Emits events one after the other, each once the execution of the one before ended: they run in order,
 * and each execution (a queue-mode worker's too) starts from a save that holds the ones before.
 */
async function emitInTurn(
	this: ITriggerFunctions,
	checks: Checks,
	staticData: IDataObject,
	events: Owed[],
): Promise<void> {
	for (const { eventId } of events)
		checks.emitted.set(eventId, { attempt: checks.emitted.get(eventId)?.attempt ?? 0 });
	const ledger = ledgerOf(this);
	for (const [index, event] of events.entries()) {
		if (checks.closed) {
			checks.emitted.delete(event.eventId);
			continue;
		}
		if (index > 0) {
			// What ran since is saved with this emit: the owed list, and the ledger.
			const owed = (staticData.owed as Owed[] | undefined) ?? [];
			staticData.owed = owed.filter(({ eventId }) => !ledger.has(eventId));
			keepIn(this, settledNote(this));
		}
		await emitOne.call(this, checks, event);
	}
}

/** One owed event as an execution of its own; resolves when n8n tells this process it ended. */
async function emitOne(this: ITriggerFunctions, checks: Checks, { eventId, json }: Owed) {
	const attempt = (checks.emitted.get(eventId)?.attempt ?? 0) + 1;
	checks.emitted.set(eventId, { attempt });
	const key = `inventory-pro:${this.getWorkflow().id ?? ''}:${this.getNode().id}:${eventId}:${BOOT}.${attempt}`;
	const done = this.helpers.createDeferredPromise<IRun>();
	// A plain copy: what static data hands back are n8n's proxies, which the next node's expressions cannot read.
	this.emit([[{ json: deepCopy(json) }]], undefined, done, key);
	try {
		// Refused as a duplicate, n8n settles it with nothing: another execution of this attempt has it.
		const run = (await done.promise) as IRun | undefined;
		const ran = run === undefined || ranItsNodes(run);
		checks.emitted.set(eventId, { attempt, ran });
		// In queue mode a worker's save wrote it; main learns it here.
		if (run !== undefined && ran) ledgerOf(this).add([eventId], now());
	} catch {
		checks.emitted.set(eventId, { attempt, ran: false });
	}
}

/** Confirm or heal the subscription and catch up: the events found. */
async function check(
	this: ITriggerFunctions,
	book: Book,
	at: number,
	reconcile: string | undefined,
): Promise<Found> {
	// Not activated through n8n's webhook hooks yet (they record the URL): nothing to check.
	if (book.url === undefined) return { recovered: [] };
	const desired = await desiredSubscription.call(this, book.url);
	const healed = await ensureSubscription.call(this, book, desired, at);
	if (healed.outcome === 'disabledManually') {
		return {
			recovered: [],
			notice: `The Inventory Pro subscription ${book.rec} for this trigger was disabled manually in Inventory Pro, so no events arrive. Re-enable it there, or deactivate and activate this workflow.`,
		};
	}
	if (healed.outcome !== 'kept') {
		rekeyed(this, desired.body.secret);
		this.logger.info(`Inventory Pro Trigger: subscription ${healed.book.rec} ${healed.outcome}`);
	}
	// Kept now, so a failure below does not lose the repair (saved with the next emit).
	keepBook(this.getWorkflowStaticData('node'), healed.book);
	const ledger = ledgerOf(this);
	const found = await catchUp.call(
		this,
		healed.book,
		desired.events,
		at,
		(key) => ledger.has(eventIdOf(key)),
		reconcile,
	);
	const notice =
		found.problems.length > 0 ? `Inventory Pro Trigger: ${found.problems.join('; ')}` : undefined;
	return {
		recovered: found.recovered,
		book: {
			logOf: found.book.logOf,
			logAfter: found.book.logAfter,
			openOrders: found.book.openOrders,
			gaps: [],
		},
		notice,
	};
}

/** For tests: the check in progress for a workflow (n8n does not wait for ticks). */
export const healingSeam = {
	checking(workflowId: string): Promise<void> | undefined {
		for (const [key, checks] of checksHere)
			if (key.startsWith(`${workflowId}\u0000`) && checks.checking) return checks.checking;
		return undefined;
	},
};
