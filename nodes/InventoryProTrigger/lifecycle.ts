/** The subscription this node wants, the plan against the service's, and the requests that heal it. */
import { createHash } from 'crypto';
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IHookFunctions, ITriggerFunctions } from 'n8n-workflow';

import { apiRequest, apiRequestAllItems } from '../shared/transport';
import { allowing } from '../shared/transport/status';
import { textOf } from '../shared/validation';
import { parseHeaders, requireHttpsUrl } from '../shared/validation/webhook';
import { stampKey } from '../shared/changes/cursor';
import { newestLogRec } from './log';
import type { Book } from './book';
import { payloadMode, signingSecret, subscribedEvents, triggerOptions } from './settings';

type Ctx = IHookFunctions | ITriggerFunctions;
type Plan = 'keep' | 'update' | 'foreign' | 'disabledManually';

/** Spec, Webhook subscription: 1 = full payload, 2 = identifiers only. */
const PAYLOAD_MODES = { full: 1, identifiers: 2 } as const;

/** PUT replaces the whole subscription, so the body is always complete. */
export interface SubscriptionBody extends IDataObject {
	name: string;
	url: string;
	events: string;
	payloadMode: 1 | 2;
	active: true;
	secret: string;
	headers: Record<string, string>;
}

export function subscriptionName(name: string | undefined, id: string, test: boolean): string {
	const label = (name ?? '').trim().slice(0, 100) || 'workflow';
	return `n8n${test ? ' (test)' : ''}: ${label} (${id})`;
}

/** A one-way digest of all that is sent, the secret (256 bits of HMAC output) too: it reveals none. */
export function fingerprint(body: SubscriptionBody): string {
	const { name, url, payloadMode, active, secret } = body;
	const events = body.events.split(',').sort();
	const headers = Object.keys(body.headers)
		.sort()
		.map((header) => [header, body.headers[header]]);
	const canonical = JSON.stringify([name, url, events, payloadMode, active, secret, headers]);
	return createHash('sha256').update(canonical).digest('hex');
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

/** Another URL is not ours to change; a manual disable is the administrator's; the rest is one PUT. */
export function plan(current: IDataObject, desired: SubscriptionBody, stored: unknown): Plan {
	if (current.url !== desired.url) return 'foreign';
	if (Number(current.disableType ?? 0) === 2) return 'disabledManually';
	const same =
		current.active === true &&
		Number(current.disableType ?? 0) === 0 &&
		sameEvents(current.events, desired.events) &&
		Number(current.payloadMode) === desired.payloadMode &&
		current.name === desired.name &&
		stored === fingerprint(desired);
	return same ? 'keep' : 'update';
}

export type Desired = { body: SubscriptionBody; fingerprint: string; events: string[] };

/** Checked before any request. A check has no webhook URL of its own: it passes the last activation's. */
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
 * Adopts what is left at this URL (a create whose static data n8n never saved) rather than have every
 * event delivered twice; an adopted subscription's catch-up starts now.
 */
export async function createSubscription(this: Ctx, book: Book, desired: Desired): Promise<Book> {
	const { fingerprint, body } = desired;
	const subscriptions = await apiRequestAllItems.call(this, 'webhook.list');
	const existing = subscriptions.filter((subscription) => subscription.url === body.url);
	let rec: number;
	let logAfter = 0;
	if (existing.length > 0) {
		rec = Number(existing[0].rec);
		await apiRequest.call(this, 'webhook.update', { path: { rec }, body });
		for (const extra of existing.slice(1)) {
			const path = { rec: Number(extra.rec) };
			await allowing(404, apiRequest.call(this, 'webhook.delete', { path }));
		}
		logAfter = await newestLogRec.call(this, rec);
	} else {
		const response = (await apiRequest.call(this, 'webhook.create', { body })) as IDataObject;
		rec = Number(response?.rec);
	}
	if (!Number.isInteger(rec))
		throw new NodeOperationError(
			this.getNode(),
			'Inventory Pro answered without a subscription id (rec)',
		);
	return { ...book, rec, fingerprint, url: body.url, logOf: rec, logAfter };
}

function later(a: string | undefined, b: string): string {
	return a !== undefined && (stampKey(a) ?? '') > (stampKey(b) ?? '') ? a : b;
}

const textIn = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The caller decides what a manual disable means (an error at activation, a notice later). */
export async function ensureSubscription(
	this: Ctx,
	book: Book,
	desired: Desired,
	now: number,
): Promise<{ outcome: Outcome; book: Book }> {
	const create = async () => ({
		...(await createSubscription.call(this, { ...book, rec: undefined }, desired)),
		healthyAt: now,
	});
	if (book.rec === undefined) return { outcome: 'created', book: await create() };
	const { rec } = book;
	const { fingerprint, body } = desired;
	const found = await allowing(404, apiRequest.call(this, 'webhook.get', { path: { rec } }));
	const current = found.ok ? (found.value as IDataObject | undefined) : undefined;
	if (current === undefined) {
		// Deleted out of band: nothing was delivered from some time after the last healthy check.
		const from = iso((book.healthyAt ?? now) - MISSING_MARGIN_MS);
		const gaps = [...(book.gaps ?? []), { from, to: iso(now + MISSING_MARGIN_MS) }];
		return { outcome: 'recreated', book: { ...(await create()), gaps } };
	}
	switch (plan(current, body, book.fingerprint)) {
		case 'keep':
			return { outcome: 'kept', book: { ...book, url: body.url, healthyAt: now } };
		case 'foreign':
			// Delivers elsewhere, so not ours to change: leave it, create our own.
			return { outcome: 'created', book: await create() };
		case 'disabledManually':
			return { outcome: 'disabledManually', book };
		case 'update': {
			const disabledByFailures = current.active !== true && Number(current.disableType ?? 0) === 1;
			const update = apiRequest.call(this, 'webhook.update', { path: { rec }, body });
			const answer = (await update) as IDataObject;
			const next: Book = { ...book, fingerprint, url: body.url, healthyAt: now };
			if (!disabledByFailures) return { outcome: 'updated', book: next };
			// Disabled by failures: no retry follows for anything logged before now, whether or not the
			// service moved `modified` when it disabled. Deliveries stopped after the last healthy check.
			const healedAt = textIn(answer?.modified) ?? iso(now);
			const since = iso(book.healthyAt !== undefined ? book.healthyAt - MISSING_MARGIN_MS : 0);
			next.finalUntil = later(healedAt, iso(now));
			const from = later(textIn(current.modified), since);
			next.gaps = [...(book.gaps ?? []), { from, to: healedAt }];
			return { outcome: 'reenabled', book: next };
		}
	}
}

export async function deleteSubscription(this: IHookFunctions, rec: number): Promise<void> {
	await allowing(404, apiRequest.call(this, 'webhook.delete', { path: { rec } }));
}
