/**
 * The poller: every check interval, confirm the subscription (lifecycle.ts) and catch up on events
 * that never ran (catchup.ts); memory.ts decides which of them run. It never throws where n8n would
 * switch the trigger off for good (the first poll after activation or a restart, and its retries);
 * later, a problem is logged every time and reported once as a failed execution, in words, and the
 * schedule keeps running.
 */
import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type IPollFunctions,
} from 'n8n-workflow';

import { catchUp, type Recovered } from './catchup';
import { rekeyed } from './delivery';
import { desiredSubscription, ensureSubscription } from './lifecycle';
import { firstRun, keepBook, now, sync, type Live } from './memory';
import { checkIntervalMs } from './settings';

/** n8n runs the first poll together with checkExists/create at activation; it waits for the next one. */
const ACTIVATION_GRACE_MS = 30_000;
/** Poll Times may fire a little early; a check this close to its interval counts as due. */
const SLACK_MS = 5_000;

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

/** Whether a check is due: not the activation or start-up poll (checkExists/create run beside it), once per interval. */
function due(this: IPollFunctions, entry: Live, at: number): boolean {
	const first = entry.firstPollAt === undefined;
	entry.firstPollAt ??= at;
	if (first || (entry.hookAt !== undefined && at - entry.hookAt < ACTIVATION_GRACE_MS))
		return false;
	if (
		entry.lastCheckAt !== undefined &&
		at - entry.lastCheckAt < checkIntervalMs.call(this) - SLACK_MS
	)
		return false;
	entry.lastCheckAt = at;
	return true;
}

/** Reports a problem once per problem, as a failed execution; logged every time. */
function report(this: IPollFunctions, entry: Live, message: string, description?: string): null {
	this.logger.warn(message);
	if (entry.told === message) return null;
	entry.told = message;
	throw new NodeOperationError(
		this.getNode(),
		message,
		description === undefined ? undefined : { description },
	);
}

export async function checkSubscription(
	this: IPollFunctions,
	entry: Live,
	staticData: IDataObject,
): Promise<INodeExecutionData[][] | null> {
	const at = now();
	if (!due.call(this, entry, at)) return null;
	let result: { items: IDataObject[]; notice?: string };
	try {
		result = await check.call(this, entry, staticData, at);
		entry.failures = 0;
	} catch (error) {
		entry.failures++;
		const message = `Inventory Pro Trigger could not check its subscription: ${describe(error)}`;
		// Never on the first failure (a blip).
		if (entry.failures < 2) {
			this.logger.warn(
				`${message} (attempt ${entry.failures}; the trigger stays on and checks again next interval)`,
			);
			return null;
		}
		return report.call(
			this,
			entry,
			message,
			'The workflow stays active and keeps receiving webhooks; the trigger checks again every interval and catches up on missed events once Inventory Pro answers.',
		);
	}
	// Events found run now; a problem found beside them is reported by the next check.
	if (result.items.length > 0) {
		entry.deferred = result.notice;
		return [this.helpers.returnJsonArray(result.items)];
	}
	const notice = result.notice ?? entry.deferred;
	entry.deferred = undefined;
	if (notice !== undefined) return report.call(this, entry, notice);
	entry.told = undefined;
	return null;
}

/** Confirm or heal the subscription, catch up, and hand each found event to memory: the ones new to it run. */
async function check(
	this: IPollFunctions,
	entry: Live,
	staticData: IDataObject,
	at: number,
): Promise<{ items: IDataObject[]; notice?: string }> {
	// Not activated through n8n's webhook hooks yet (they record the URL): nothing to check.
	if (entry.book.url === undefined) return { items: [] };
	const desired = await desiredSubscription.call(this, entry.book.url);
	const healed = await ensureSubscription.call(this, entry.book, desired, at);
	if (healed.outcome === 'disabledManually') {
		return {
			items: [],
			notice: `The Inventory Pro subscription ${entry.book.rec} for this trigger was disabled manually in Inventory Pro, so no events arrive. Re-enable it there, or deactivate and activate this workflow.`,
		};
	}
	if (healed.outcome !== 'kept') {
		rekeyed(entry, desired.body.secret);
		this.logger.info(`Inventory Pro Trigger: subscription ${healed.book.rec} ${healed.outcome}`);
	}
	// Kept now, so a failure below does not lose the repair (saved with the next emit).
	keepBook(entry, staticData, healed.book);

	const found = await catchUp.call(this, entry.book, desired.events, at, (key) =>
		entry.ran.has(key),
	);
	const fresh = found.recovered.filter((event) => firstRun(entry, staticData, event.key));
	keepBook(entry, staticData, {
		...entry.book,
		logOf: found.book.logOf,
		logAfter: found.book.logAfter,
		openOrders: found.book.openOrders,
		gaps: [],
	});
	sync(entry, staticData);
	const notice =
		found.problems.length > 0 ? `Inventory Pro Trigger: ${found.problems.join('; ')}` : undefined;
	return { items: fresh.map(outputOf), notice };
}
