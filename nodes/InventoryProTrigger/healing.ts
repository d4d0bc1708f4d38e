/**
 * "A subscription heals": once per Check Interval, confirm or repair the subscription and catch up
 * (catchup.ts); what a check finds runs once (owed.ts). A check never throws: a problem is logged every
 * time and reported once as a failed execution, and the schedule goes on.
 */
import { NodeOperationError } from 'n8n-workflow';
import type {
	CronExpression,
	IDataObject,
	ITriggerFunctions,
	ITriggerResponse,
} from 'n8n-workflow';

import { memoryOf, type NodeContext } from '../shared/memory';
import { ledgerOf, now } from '../shared/ranLedger';
import { reconcileFrom } from './acknowledged';
import { bookIn, keepBook, type Book, type Owed } from './book';
import { catchUp, type Recovered } from './catchup';
import { eventIdOf, rekeyed } from './delivery';
import { desiredSubscription, ensureSubscription } from './lifecycle';
import { runOwed } from './owed';
import { checkIntervalMs } from './settings';

/** The activation's hooks (checkExists/create) run beside trigger(); checks wait this long after them. */
const ACTIVATION_GRACE_MS = 30_000;
/** A tick may fire a little early; a check this close to its interval counts as due. */
const SLACK_MS = 5_000;
const STAYS_ON =
	'The workflow stays active and keeps receiving webhooks; the trigger checks again every interval and catches up on missed events once Inventory Pro answers.';

interface Checks {
	startedAt?: number;
	hookAt?: number;
	lastCheckAt?: number;
	checking?: Promise<void>;
	/** acknowledged.ts reconcileFrom, read at the first check after a start; null once a check got through. */
	reconcile?: string | null;
	/** Consecutive failed checks, the last problem reported, and one found beside emitted events. */
	failures: number;
	told?: string;
	deferred?: string;
	/** Deactivated: events still to emit stay owed. */
	closed?: boolean;
}

const checksHere = new Map<string, Checks>();
const checksOf = (context: NodeContext) => memoryOf(checksHere, context, () => ({ failures: 0 }));

export function noteActivation(context: NodeContext): void {
	checksOf(context).hookAt = now();
}

function describe(error: unknown): string {
	const { message, description } = error as { message?: string; description?: string };
	return [message, description].filter(Boolean).join(' — ') || String(error);
}

function owedOf({ key, event, data, reference, reason }: Recovered): Owed {
	const eventId = eventIdOf(key);
	const json: IDataObject = { event, data, reference, recovered: true, headers: {}, eventId };
	if (reason !== undefined) json.reason = reason;
	return { eventId, json };
}

/** Every minute at a second of its own (triggers spread their calls); each tick decides if a check is due. */
function tickExpression(context: ITriggerFunctions): CronExpression {
	const node = context.getNode();
	let hash = 0;
	for (const char of `${context.getWorkflow().id ?? ''}${node.webhookId ?? node.name}`)
		hash = (hash * 31 + char.charCodeAt(0)) % 60;
	return `${hash} * * * * *`;
}

function due(this: ITriggerFunctions, checks: Checks, at: number): boolean {
	if (at - Math.max(checks.hookAt ?? 0, checks.startedAt ?? 0) < ACTIVATION_GRACE_MS) return false;
	const last = checks.lastCheckAt;
	if (last !== undefined && at - last < checkIntervalMs.call(this) - SLACK_MS) return false;
	checks.lastCheckAt = at;
	return true;
}

/** Once, as a failed execution (n8n 1.x has none, and emitError would switch the trigger off: log only). */
function report(this: ITriggerFunctions, checks: Checks, message: string, description?: string) {
	this.logger.warn(message);
	if (checks.told === message) return;
	checks.told = message;
	const error = new NodeOperationError(this.getNode(), message, { description });
	(this as Partial<Pick<ITriggerFunctions, 'saveFailedExecution'>>).saveFailedExecution?.(error);
}

/** n8n removes the schedule at deactivation. */
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

/** The events a check found, the bookkeeping after it, a problem to report. */
type Found = { recovered: Recovered[]; book?: Book; notice?: string };

async function checkSubscription(this: ITriggerFunctions, checks: Checks): Promise<void> {
	const at = now();
	if (!due.call(this, checks, at)) return;
	const staticData = this.getWorkflowStaticData('node');
	const book = bookIn(this, staticData);
	if (checks.reconcile === undefined) checks.reconcile = reconcileFrom(this) ?? null;
	let result: Found | undefined;
	try {
		result = await check.call(this, book, at, checks.reconcile ?? undefined);
		checks.failures = 0;
	} catch (error) {
		checks.failures++;
		const message = `Inventory Pro Trigger could not check its subscription: ${describe(error)}`;
		const attempt = `attempt ${checks.failures}; the trigger stays on and checks again next interval`;
		// Never reported on the first failure (a blip).
		if (checks.failures < 2) this.logger.warn(`${message} (${attempt})`);
		else report.call(this, checks, message, STAYS_ON);
	}
	if (result !== undefined) {
		keepBook(staticData, { ...book, ...result.book, owed: book.owed });
		checks.reconcile = null;
	}
	const found = (result?.recovered ?? []).map(owedOf);
	if (runOwed.call(this, book, found, () => checks.closed === true) > 0) {
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

async function check(this: ITriggerFunctions, book: Book, at: number, reconcile?: string) {
	// Not activated through n8n's webhook hooks yet (they record the URL): nothing to check.
	if (book.url === undefined) return { recovered: [] };
	const desired = await desiredSubscription.call(this, book.url);
	const healed = await ensureSubscription.call(this, book, desired, at);
	if (healed.outcome === 'disabledManually') {
		const notice = `The Inventory Pro subscription ${book.rec} for this trigger was disabled manually in Inventory Pro, so no events arrive. Re-enable it there, or deactivate and activate this workflow.`;
		return { recovered: [], notice };
	}
	if (healed.outcome !== 'kept') {
		rekeyed(this, desired.body.secret);
		this.logger.info(`Inventory Pro Trigger: subscription ${healed.book.rec} ${healed.outcome}`);
	}
	// Kept now, so a failure below does not lose the repair (saved with the next emit).
	keepBook(this.getWorkflowStaticData('node'), healed.book);
	const ledger = ledgerOf(this);
	const ran = (key: string) => ledger.has(eventIdOf(key));
	const found = await catchUp.call(this, healed.book, desired.events, at, ran, reconcile);
	const { logOf, logAfter, openOrders } = found.book;
	const notice =
		found.problems.length > 0 ? `Inventory Pro Trigger: ${found.problems.join('; ')}` : undefined;
	return { recovered: found.recovered, book: { logOf, logAfter, openOrders, gaps: [] }, notice };
}

/** For tests: n8n does not wait for ticks. */
export const healingSeam = {
	checking(workflowId: string): Promise<void> | undefined {
		for (const [key, checks] of checksHere)
			if (key.startsWith(`${workflowId}\u0000`) && checks.checking) return checks.checking;
		return undefined;
	},
};
