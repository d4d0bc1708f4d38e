/**
 * The subscription's health: it exists, is ours, delivers to this URL with the current settings and
 * secret, and is active; otherwise one request puts it right. Shared by activation (checkExists /
 * create) and the poller's periodic check. An outage it repairs is remembered as a gap for catch-up.
 */
import { NodeOperationError, type IDataObject, type IHookFunctions, type IPollFunctions } from 'n8n-workflow';

import { apiRequest, apiRequestAllItems } from '../shared/transport';
import { textOf } from '../shared/validation';
import type { TriggerState } from './state';
import { plan, unlessNotFound, type SubscriptionBody } from './subscription';

type Ctx = IHookFunctions | IPollFunctions;

export type Outcome = 'kept' | 'updated' | 'reenabled' | 'created' | 'recreated' | 'disabledManually';

export interface Desired {
	body: SubscriptionBody;
	fingerprint: string;
}

/** How far before the last healthy check a vanished subscription may have stopped delivering. */
const MISSING_MARGIN_MS = 5 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** The newest entry of a subscription's delivery log: catch-up starts after it. */
async function newestLogRec(this: Ctx, rec: number): Promise<number> {
	const page = (await apiRequest.call(this, 'webhook.log', {
		path: { rec },
		query: { sort: 'rec', direction: 'DESC', page: 1, pageSize: 1 },
	})) as IDataObject;
	const first = Array.isArray(page?.value) ? (page.value[0] as IDataObject | undefined) : undefined;
	return Number(first?.rec ?? 0) || 0;
}

/**
 * Creates the subscription, or adopts what is left at this URL (a create whose static data n8n never
 * saved) rather than have the service deliver every event twice. A new subscription's whole log is
 * ours to catch up from; an adopted one's starts now.
 */
export async function createSubscription(this: Ctx, state: TriggerState, desired: Desired): Promise<TriggerState> {
	const existing = (await apiRequestAllItems.call(this, 'webhook.list')).filter((subscription) => subscription.url === desired.body.url);
	let rec: number;
	let logAfter = 0;
	if (existing.length > 0) {
		rec = Number(existing[0].rec);
		await apiRequest.call(this, 'webhook.update', { path: { rec }, body: desired.body });
		for (const extra of existing.slice(1)) {
			await unlessNotFound(apiRequest.call(this, 'webhook.delete', { path: { rec: Number(extra.rec) } }));
		}
		logAfter = await newestLogRec.call(this, rec);
	} else {
		const response = (await apiRequest.call(this, 'webhook.create', { body: desired.body })) as IDataObject;
		rec = Number(response?.rec);
	}
	if (!Number.isInteger(rec)) throw new NodeOperationError(this.getNode(), 'Inventory Pro answered without a subscription id (rec)');
	return { ...state, rec, fingerprint: desired.fingerprint, url: desired.body.url, logOf: rec, logAfter };
}

/**
 * Confirms the stored subscription and heals it. Returns the new state and what was done; the caller
 * decides what a manual disable means (an error at activation, a notice later).
 */
export async function ensureSubscription(
	this: Ctx,
	state: TriggerState,
	desired: Desired,
	now: number,
): Promise<{ outcome: Outcome; state: TriggerState }> {
	if (state.rec === undefined) {
		return { outcome: 'created', state: { ...(await createSubscription.call(this, state, desired)), healthyAt: now } };
	}
	const rec = state.rec;
	const current = (await unlessNotFound(apiRequest.call(this, 'webhook.get', { path: { rec } }))) as IDataObject | undefined;
	if (current === undefined) {
		// Deleted out of band: nothing was delivered from some time after the last healthy check.
		const from = iso((state.healthyAt ?? now) - MISSING_MARGIN_MS);
		const created = await createSubscription.call(this, { ...state, rec: undefined }, desired);
		const gaps = [...(state.gaps ?? []), { from, to: iso(now + MISSING_MARGIN_MS) }];
		return { outcome: 'recreated', state: { ...created, gaps, healthyAt: now } };
	}
	switch (plan(current, desired.body, state.fingerprint)) {
		case 'keep':
			return { outcome: 'kept', state: { ...state, url: desired.body.url, healthyAt: now } };
		case 'foreign': {
			// Delivers elsewhere, so not ours to change: leave it, create our own.
			const created = await createSubscription.call(this, { ...state, rec: undefined }, desired);
			return { outcome: 'created', state: { ...created, healthyAt: now } };
		}
		case 'disabledManually':
			return { outcome: 'disabledManually', state };
		case 'update': {
			const disabledByFailures = current.active !== true && Number(current.disableType ?? 0) === 1;
			const answer = (await apiRequest.call(this, 'webhook.update', { path: { rec }, body: desired.body })) as IDataObject;
			const next: TriggerState = { ...state, fingerprint: desired.fingerprint, url: desired.body.url, healthyAt: now };
			if (!disabledByFailures) return { outcome: 'updated', state: next };
			// Disabled at `modified`: retries were dropped then, and nothing was attempted until now.
			const disabledAt = textOf(current.modified ?? iso(now));
			const healedAt = typeof answer?.modified === 'string' ? answer.modified : iso(now);
			next.finalUntil = disabledAt;
			next.gaps = [...(state.gaps ?? []), { from: disabledAt, to: healedAt }];
			return { outcome: 'reenabled', state: next };
		}
	}
}
