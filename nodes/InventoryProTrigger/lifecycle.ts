/**
 * The subscription's lifecycle: the subscription this node wants (computed once per activation or
 * check), the plan against what the service holds, and the requests that put it right (ensure,
 * create, delete). An outage it repairs is remembered as a gap for catch-up (catchup.ts).
 */
import { createHash } from 'crypto';
import {
	NodeOperationError,
	type IDataObject,
	type IHookFunctions,
	type ITriggerFunctions,
} from 'n8n-workflow';

import { apiRequest, apiRequestAllItems } from '../shared/transport';
import { allowing } from '../shared/transport/status';
import { textOf } from '../shared/validation';
import { parseHeaders, requireHttpsUrl } from '../shared/validation/webhook';
import { stampKey } from '../shared/changes/cursor';
import { newestLogRec } from './log';
import type { Book } from './book';
import { payloadMode, signingSecret, subscribedEvents, triggerOptions } from './settings';

// The checks of events, headers and the HTTPS address are shared with the action node.
export { parseEvents, parseHeaders, requireHttpsUrl } from '../shared/validation/webhook';

type Ctx = IHookFunctions | ITriggerFunctions;

/** Spec, Webhook subscription: 1 = full payload, 2 = identifiers only. */
export const PAYLOAD_MODES = { full: 1, identifiers: 2 } as const;
export type PayloadMode = keyof typeof PAYLOAD_MODES;

/** The create/update body (spec, Webhook endpoints). PUT replaces the whole subscription, so it is always complete. */
export interface SubscriptionBody extends IDataObject {
	name: string;
	url: string;
	events: string;
	payloadMode: 1 | 2;
	active: true;
	secret: string;
	headers: Record<string, string>;
}

/** What checkExists does with the subscription it finds. */
export type Plan = 'keep' | 'update' | 'foreign' | 'disabledManually';

/** A name that tells an administrator which workflow a subscription feeds. */
export function subscriptionName(
	workflowName: string | undefined,
	workflowId: string,
	isTest: boolean,
): string {
	const label = (workflowName ?? '').trim().slice(0, 100) || 'workflow';
	return `n8n${isTest ? ' (test)' : ''}: ${label} (${workflowId})`;
}

/** Sorted copies, so the fingerprint does not change with the order of events or headers. */
function canonical(body: SubscriptionBody): string {
	const events = body.events.split(',').sort();
	const headers = Object.keys(body.headers)
		.sort()
		.map((name) => [name, body.headers[name]]);
	return JSON.stringify([
		body.name,
		body.url,
		events,
		body.payloadMode,
		body.active,
		body.secret,
		headers,
	]);
}

/**
 * One-way digest of everything sent, the secret included: it changes when any setting or the
 * secret changes, and reveals neither (the secret is 256 bits of HMAC output).
 */
export function fingerprint(body: SubscriptionBody): string {
	return createHash('sha256').update(canonical(body)).digest('hex');
}

function sameEvents(a: unknown, b: string): boolean {
	const left = textOf(a ?? '')
		.split(',')
		.map((event) => event.trim())
		.filter((event) => event !== '')
		.sort();
	const right = b.split(',').sort();
	return left.length === right.length && left.every((event, index) => event === right[index]);
}

/**
 * Compares the subscription the service holds with the one the node wants. Another URL means it is
 * not this node's to change; a manual disable is an administrator's decision; anything else that
 * differs (a disable by failures included) is healed with one PUT.
 */
export function plan(
	current: IDataObject,
	desired: SubscriptionBody,
	storedFingerprint: unknown,
): Plan {
	if (current.url !== desired.url) return 'foreign';
	if (Number(current.disableType ?? 0) === 2) return 'disabledManually';
	const same =
		current.active === true &&
		Number(current.disableType ?? 0) === 0 &&
		sameEvents(current.events, desired.events) &&
		Number(current.payloadMode) === desired.payloadMode &&
		current.name === desired.name &&
		storedFingerprint === fingerprint(desired);
	return same ? 'keep' : 'update';
}

/** The subscription this node wants: the body sent, its fingerprint, and the events as a list. */
export interface Desired {
	body: SubscriptionBody;
	fingerprint: string;
	events: string[];
}

/**
 * Validated before any request is sent: HTTPS URL first, then events and headers. The fingerprint is
 * what static data keeps in place of the secret. The scheduled check has no webhook URL of its own and passes
 * the one the last activation used.
 */
export async function desiredSubscription(this: Ctx, knownUrl?: string): Promise<Desired> {
	const node = this.getNode();
	const url = requireHttpsUrl(
		node,
		knownUrl ?? (this as IHookFunctions).getNodeWebhookUrl('default'),
	);
	const events = subscribedEvents.call(this);
	const customHeaders = (triggerOptions.call(this).customHeaders as IDataObject | undefined)
		?.header;
	const headers = parseHeaders(node, customHeaders);
	const workflow = this.getWorkflow();
	const body: SubscriptionBody = {
		name: subscriptionName(workflow.name, String(workflow.id ?? ''), this.getMode() === 'manual'),
		url,
		events: events.join(','),
		payloadMode: PAYLOAD_MODES[payloadMode.call(this)],
		active: true,
		secret: await signingSecret.call(this),
		headers,
	};
	return { body, fingerprint: fingerprint(body), events };
}

export type Outcome =
	'kept' | 'updated' | 'reenabled' | 'created' | 'recreated' | 'disabledManually';

/** How far before the last healthy check a vanished or disabled subscription may have stopped delivering. */
const MISSING_MARGIN_MS = 5 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Creates the subscription, or adopts what is left at this URL (a create whose static data n8n never
 * saved) rather than have the service deliver every event twice. A new subscription's whole log is
 * ours to catch up from; an adopted one's starts now.
 */
export async function createSubscription(this: Ctx, book: Book, desired: Desired): Promise<Book> {
	const existing = (await apiRequestAllItems.call(this, 'webhook.list')).filter(
		(subscription) => subscription.url === desired.body.url,
	);
	let rec: number;
	let logAfter = 0;
	if (existing.length > 0) {
		rec = Number(existing[0].rec);
		await apiRequest.call(this, 'webhook.update', { path: { rec }, body: desired.body });
		for (const extra of existing.slice(1)) {
			await allowing(
				404,
				apiRequest.call(this, 'webhook.delete', { path: { rec: Number(extra.rec) } }),
			);
		}
		logAfter = await newestLogRec.call(this, rec);
	} else {
		const response = (await apiRequest.call(this, 'webhook.create', {
			body: desired.body,
		})) as IDataObject;
		rec = Number(response?.rec);
	}
	if (!Number.isInteger(rec))
		throw new NodeOperationError(
			this.getNode(),
			'Inventory Pro answered without a subscription id (rec)',
		);
	return {
		...book,
		rec,
		fingerprint: desired.fingerprint,
		url: desired.body.url,
		logOf: rec,
		logAfter,
	};
}

/** The later of two service times (the first may be missing). */
function later(a: string | undefined, b: string): string {
	return a !== undefined && (stampKey(a) ?? '') > (stampKey(b) ?? '') ? a : b;
}

/**
 * Confirms the stored subscription and heals it. Returns the new bookkeeping and what was done; the
 * caller decides what a manual disable means (an error at activation, a notice later).
 */
export async function ensureSubscription(
	this: Ctx,
	book: Book,
	desired: Desired,
	now: number,
): Promise<{ outcome: Outcome; book: Book }> {
	if (book.rec === undefined) {
		return {
			outcome: 'created',
			book: { ...(await createSubscription.call(this, book, desired)), healthyAt: now },
		};
	}
	const rec = book.rec;
	const found = await allowing(404, apiRequest.call(this, 'webhook.get', { path: { rec } }));
	const current = found.ok ? (found.value as IDataObject | undefined) : undefined;
	if (current === undefined) {
		// Deleted out of band: nothing was delivered from some time after the last healthy check.
		const from = iso((book.healthyAt ?? now) - MISSING_MARGIN_MS);
		const created = await createSubscription.call(this, { ...book, rec: undefined }, desired);
		const gaps = [...(book.gaps ?? []), { from, to: iso(now + MISSING_MARGIN_MS) }];
		return { outcome: 'recreated', book: { ...created, gaps, healthyAt: now } };
	}
	switch (plan(current, desired.body, book.fingerprint)) {
		case 'keep':
			return { outcome: 'kept', book: { ...book, url: desired.body.url, healthyAt: now } };
		case 'foreign': {
			// Delivers elsewhere, so not ours to change: leave it, create our own.
			const created = await createSubscription.call(this, { ...book, rec: undefined }, desired);
			return { outcome: 'created', book: { ...created, healthyAt: now } };
		}
		case 'disabledManually':
			return { outcome: 'disabledManually', book };
		case 'update': {
			const disabledByFailures = current.active !== true && Number(current.disableType ?? 0) === 1;
			const answer = (await apiRequest.call(this, 'webhook.update', {
				path: { rec },
				body: desired.body,
			})) as IDataObject;
			const next: Book = {
				...book,
				fingerprint: desired.fingerprint,
				url: desired.body.url,
				healthyAt: now,
			};
			if (!disabledByFailures) return { outcome: 'updated', book: next };
			// Found disabled by failures: no retry follows for anything logged before now, whether or not
			// the service moved `modified` when it disabled. Deliveries stopped after the last healthy check.
			const healedAt = typeof answer?.modified === 'string' ? answer.modified : iso(now);
			const since =
				book.healthyAt !== undefined ? iso(book.healthyAt - MISSING_MARGIN_MS) : undefined;
			const disabledAt = later(
				typeof current.modified === 'string' ? current.modified : undefined,
				since ?? iso(0),
			);
			next.finalUntil = later(healedAt, iso(now));
			next.gaps = [...(book.gaps ?? []), { from: disabledAt, to: healedAt }];
			return { outcome: 'reenabled', book: next };
		}
	}
}

/** Deletes the subscription; a 404 means it is already gone, which is what deactivation wants. */
export async function deleteSubscription(this: IHookFunctions, rec: number): Promise<void> {
	await allowing(404, apiRequest.call(this, 'webhook.delete', { path: { rec } }));
}
