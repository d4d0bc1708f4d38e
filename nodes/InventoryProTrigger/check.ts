/**
 * The poller's work: every check interval, confirm the subscription (health.ts) and catch up on
 * events that never ran (recovery.ts). It never throws where n8n would switch the trigger off for
 * good (the first poll after activation or a restart, and its retries); later, a problem is logged
 * every time and reported once as a failed execution, in words, and the schedule keeps running.
 */
import { NodeOperationError, type IDataObject, type INodeExecutionData, type IPollFunctions } from 'n8n-workflow';

import { ensureSubscription } from './health';
import { fromGap, fromLog, type Recovered } from './recovery';
import { checkIntervalMs, desiredSubscription, subscribedEvents } from './settings';
import { clock, readState, writeState, type Live, type TriggerState } from './state';

/** n8n runs the first poll together with checkExists/create at activation; it waits for the next one. */
const ACTIVATION_GRACE_MS = 30_000;
/** Poll Times may fire a little early; a check this close to its interval counts as due. */
const SLACK_MS = 5_000;

function describe(error: unknown): string {
	const { message, description } = error as { message?: string; description?: string };
	return [message, description].filter(Boolean).join(' — ') || String(error);
}

function output(event: Recovered): IDataObject {
	return { event: event.event, data: event.data, reference: event.reference, recovered: true, headers: {} };
}

export async function checkSubscription(this: IPollFunctions, entry: Live): Promise<INodeExecutionData[][] | null> {
	const now = clock.now();
	const first = entry.firstPollAt === undefined;
	entry.firstPollAt ??= now;
	// The activation or start-up poll: checkExists/create run beside it and throwing here would
	// switch the trigger off for good, so it does nothing.
	if (first || (entry.hookAt !== undefined && now - entry.hookAt < ACTIVATION_GRACE_MS)) return null;
	if (entry.lastCheckAt !== undefined && now - entry.lastCheckAt < checkIntervalMs.call(this) - SLACK_MS) return null;
	entry.lastCheckAt = now;

	let result: { items: IDataObject[]; notice?: string };
	try {
		result = await check.call(this, entry, now);
		entry.failures = 0;
	} catch (error) {
		entry.failures++;
		const message = `Inventory Pro Trigger could not check its subscription: ${describe(error)}`;
		this.logger.warn(`${message} (attempt ${entry.failures}; the trigger stays on and checks again next interval)`);
		// Once per problem, as a failed execution the user sees; never on the first failure (a blip).
		if (entry.failures < 2 || entry.told === message) return null;
		entry.told = message;
		throw new NodeOperationError(this.getNode(), message, {
			description:
				'The workflow stays active and keeps receiving webhooks; the trigger checks again every interval and catches up on missed events once Inventory Pro answers.',
		});
	}
	if (result.notice !== undefined) {
		this.logger.warn(result.notice);
		if (entry.told === result.notice) return null;
		entry.told = result.notice;
		throw new NodeOperationError(this.getNode(), result.notice);
	}
	entry.told = undefined;
	return result.items.length > 0 ? [this.helpers.returnJsonArray(result.items)] : null;
}

async function check(this: IPollFunctions, entry: Live, now: number): Promise<{ items: IDataObject[]; notice?: string }> {
	const staticData = this.getWorkflowStaticData('node');
	let state: TriggerState = readState(staticData, entry, now);
	// Not activated through n8n's webhook hooks yet (they record the URL): nothing to check.
	if (state.url === undefined) return { items: [] };
	const desired = await desiredSubscription.call(this, state.url);
	const events = subscribedEvents.call(this);
	const healed = await ensureSubscription.call(this, state, desired, now);
	if (healed.outcome === 'disabledManually') {
		return {
			items: [],
			notice: `The Inventory Pro subscription ${state.rec} for this trigger was disabled manually in Inventory Pro, so no events arrive. Re-enable it there, or deactivate and activate this workflow.`,
		};
	}
	if (healed.outcome !== 'kept') {
		entry.secret = desired.body.secret;
		entry.previousSecret = undefined;
		this.logger.info(`Inventory Pro Trigger: subscription ${healed.state.rec} ${healed.outcome}`);
	}
	state = healed.state;
	// Written now, so a failure below does not lose the repair (in this process; saved with the next emit).
	writeState(staticData, entry, state, now);

	const found: Recovered[] = [];
	if (state.rec !== undefined) {
		const log = await fromLog.call(this, state, state.rec, events, now);
		found.push(...log.recovered);
		state = { ...state, logOf: state.rec, logAfter: log.logAfter };
	}
	for (const gap of state.gaps ?? []) found.push(...(await fromGap.call(this, gap, events)));
	state = { ...state, gaps: [] };

	// Once each, oldest first; a key seen before (live or recovered) is not run again.
	const seen = { ...(state.seen ?? {}) };
	const fresh: Recovered[] = [];
	for (const event of found.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))) {
		const key = event.key ?? `l:${event.event}|${event.reference}|${event.at}`;
		if (seen[key] !== undefined) continue;
		seen[key] = now;
		fresh.push(event);
	}
	writeState(staticData, entry, { ...state, seen }, now);
	return { items: fresh.map(output) };
}
