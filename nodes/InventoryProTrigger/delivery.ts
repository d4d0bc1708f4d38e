/**
 * One delivery, from bytes to answer: verify (with the secret before a rotation), parse, filter,
 * the key that tells a repeat, and the output. Everything that does not depend on the delivery (the
 * signing secret, the event parameters) is read once per activation and cached on the node's entry.
 * Whether it runs is memory.ts's decision.
 * Queue mode and multi-main: each process caches its own copy (keyed by the node's parameters,
 * credential and webhook id) and derives the same secret from the credential; a copy made stale by a
 * client-secret rotation elsewhere is derived again at its first signature miss.
 */
import { createHash } from 'crypto';
import { sleep, type IDataObject, type IWebhookFunctions } from 'n8n-workflow';

import { apiRequest } from '../shared/transport';
import { stampKey } from '../shared/changes/cursor';
import { unlessNotFound } from './lifecycle';
import type { Live } from './memory';
import { payloadNumber, recordEventKey } from './records';
import { payloadMode, signingSecret, subscribedEvents, triggerOptions } from './settings';
import { verifySignature } from './signature';

/** A delivery body (spec, Events): the event type and its data. */
export interface Delivery {
	event: string;
	data: IDataObject;
}

/** Parses the verified bytes themselves rather than n8n's parse of them, so what runs is what was signed. */
export function parsePayload(rawBody: Buffer): Delivery | undefined {
	let parsed: unknown;
	try {
		parsed = JSON.parse(rawBody.toString('utf8'));
	} catch {
		return undefined;
	}
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
	const { event, data } = parsed as IDataObject;
	if (typeof event !== 'string' || event === '') return undefined;
	const isObject = typeof data === 'object' && data !== null && !Array.isArray(data);
	return { event, data: isObject ? (data as IDataObject) : { value: data ?? null } };
}

/**
 * The service's own delivery headers (X-Webhook-…) and its user agent, names lower-cased. Left out:
 * the signature, and custom headers from the node's settings, which may carry a gateway's key.
 */
export function deliveryHeaders(
	headers: Record<string, string | string[] | undefined>,
): IDataObject {
	const kept: IDataObject = {};
	for (const [name, value] of Object.entries(headers)) {
		const lower = name.toLowerCase();
		if (value === undefined || lower === 'x-webhook-signature') continue;
		if (lower.startsWith('x-webhook-') || lower === 'user-agent') {
			kept[lower] = Array.isArray(value) ? value.join(', ') : value;
		}
	}
	return kept;
}

/** The delivery path's settings, read once per activation (or when the parameters change). */
interface Receiver {
	cacheKey: string;
	secret: string;
	/** The secret before a client-secret rotation: it verifies until the next check re-keys the subscription. */
	previous?: string;
	events: Set<string>;
	passTest: boolean;
	fetchItem: boolean;
	identifiers: boolean;
}

async function receiverOf(this: IWebhookFunctions, entry: Live): Promise<Receiver> {
	const node = this.getNode();
	const cacheKey = JSON.stringify([
		node.parameters,
		node.credentials ?? {},
		node.webhookId ?? node.name,
	]);
	const cached = entry.receiver as Receiver | undefined;
	if (cached?.cacheKey === cacheKey) return cached;
	const options = triggerOptions.call(this);
	const receiver: Receiver = {
		cacheKey,
		secret: await signingSecret.call(this),
		events: new Set(subscribedEvents.call(this)),
		passTest: options.testEvent !== 'drop',
		fetchItem: options.fetchItem === true,
		identifiers: payloadMode.call(this) === 'identifiers',
	};
	// After a client-secret rotation the service still signs with the secret it holds, until the re-key.
	const held = entry.secret ?? cached?.secret;
	if (this.getMode() !== 'manual' && held !== undefined && held !== receiver.secret)
		receiver.previous = held;
	entry.receiver = receiver;
	return receiver;
}

/** After the subscription was (re)written with `secret`: only that one verifies from now on. */
export function rekeyed(entry: Live, secret: string): void {
	entry.secret = secret;
	const receiver = entry.receiver as Receiver | undefined;
	if (receiver === undefined) return;
	receiver.secret = secret;
	receiver.previous = undefined;
}

/** Checks the signature, with the previous secret too; on a miss, derives the secret once more (a rotation). */
async function verified(
	this: IWebhookFunctions,
	receiver: Receiver,
	rawBody: unknown,
	header: unknown,
	test: boolean,
): Promise<boolean> {
	if (verifySignature(rawBody, header, receiver.secret)) return true;
	if (
		!test &&
		receiver.previous !== undefined &&
		verifySignature(rawBody, header, receiver.previous)
	)
		return true;
	const secret = await signingSecret.call(this);
	if (secret === receiver.secret) return false;
	if (!test) receiver.previous = receiver.secret;
	receiver.secret = secret;
	return verifySignature(rawBody, header, secret);
}

/**
 * What a repeat shares and a new event does not: the record's own change stamp in a full payload,
 * the delivery id (the same on every attempt of one event) with the bytes, or the bytes of a full
 * payload. Identifiers-only bytes are the same for two events of one record (every update of an
 * item), so without a delivery id there is no key and the delivery runs (README, limits). The
 * service's test event is never retried: no key either.
 */
export function repeatKey(
	delivery: Delivery,
	rawBody: Buffer,
	deliveryId: unknown,
	identifiers: boolean,
): string | undefined {
	if (delivery.event === 'test') return undefined;
	const byStamp = recordEventKey(
		delivery.event,
		payloadNumber(delivery.event, delivery.data),
		delivery.data,
	);
	if (byStamp !== undefined) return byStamp;
	const hasId = typeof deliveryId === 'string' && deliveryId !== '';
	if (!hasId && identifiers && stampKey(delivery.data.modified) === undefined) return undefined;
	const hash = createHash('sha256').update(rawBody);
	if (hasId) hash.update(`\n${deliveryId}`);
	return `d:${hash.digest('hex').slice(0, 40)}`;
}

/** The two things read from n8n's request. */
export interface Request {
	rawBody: unknown;
	headers: Record<string, string | string[] | undefined>;
}

export type Verdict =
	| { answer: 'refuse'; status: number; message: string }
	| { answer: 'acknowledge'; message: string }
	| { answer: 'run'; delivery: Delivery; key?: string; receiver: Receiver };

/** Verify, parse, filter, key: what to do with this request. */
export async function receive(
	this: IWebhookFunctions,
	entry: Live,
	request: Request,
): Promise<Verdict> {
	const test = this.getMode() === 'manual';
	const receiver = await receiverOf.call(this, entry);
	// The signature is checked before anything is read from the delivery.
	if (
		!(await verified.call(
			this,
			receiver,
			request.rawBody,
			request.headers['x-webhook-signature'],
			test,
		))
	) {
		return { answer: 'refuse', status: 401, message: 'Missing or invalid X-Webhook-Signature' };
	}
	if (!Buffer.isBuffer(request.rawBody))
		return { answer: 'refuse', status: 400, message: 'The body is not an event payload' };
	const delivery = parsePayload(request.rawBody);
	if (delivery === undefined)
		return { answer: 'refuse', status: 400, message: 'The body is not an event payload' };
	const wanted =
		delivery.event === 'test' ? receiver.passTest : receiver.events.has(delivery.event);
	if (!wanted) return { answer: 'acknowledge', message: 'Event acknowledged, not subscribed' };
	const key = test
		? undefined
		: repeatKey(
				delivery,
				request.rawBody,
				request.headers['x-webhook-delivery'],
				receiver.identifiers,
			);
	return { answer: 'run', delivery, key, receiver };
}

/** Fetch Item Details gives up after this long, so the answer stays well inside the service's delivery timeout. */
const ITEM_FETCH_MS = 3000;

/** GET /Item?type=id answers with the item or a one-row page, depending on the deployment. */
function firstRecord(response: unknown): IDataObject | null {
	if (Array.isArray(response)) return (response[0] as IDataObject) ?? null;
	if (typeof response !== 'object' || response === null) return null;
	const { value } = response as IDataObject;
	return Array.isArray(value) ? ((value[0] as IDataObject) ?? null) : (response as IDataObject);
}

/** The item for Fetch Item Details: one quick attempt, bounded; a failure is reported, not waited out. */
async function quickItem(this: IWebhookFunctions, shortID: string): Promise<IDataObject> {
	const request = unlessNotFound(
		apiRequest.call(this, 'item.get', {
			query: { key: shortID, type: 'id' },
			quickMs: ITEM_FETCH_MS,
		}),
	)
		.then((response) => ({ item: firstRecord(response) }))
		.catch((error: Error) => ({ item: null, itemError: error.message }));
	const late = sleep(ITEM_FETCH_MS + 250).then(() => ({
		item: null,
		itemError: `No answer within ${ITEM_FETCH_MS} ms`,
	}));
	return await Promise.race([request, late]);
}

/** The execution's item: event, data, the service's headers, and the item when asked for. */
export async function output(
	this: IWebhookFunctions,
	request: Request,
	delivery: Delivery,
	receiver: Receiver,
): Promise<IDataObject> {
	const json: IDataObject = {
		event: delivery.event,
		data: delivery.data,
		headers: deliveryHeaders(request.headers),
	};
	const shortID = delivery.data.shortID;
	if (receiver.fetchItem && receiver.identifiers && typeof shortID === 'string')
		Object.assign(json, await quickItem.call(this, shortID));
	return json;
}
