/**
 * One delivery, from bytes to items: verify, read its events (envelope.ts), filter, and give each its id,
 * the same for a repeat and for the event a check rebuilds. Settings are cached per process; every process
 * derives the same secret from the credential (queue mode, multi-main).
 */
import { createHash, randomBytes } from 'crypto';
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IWebhookFunctions,
} from 'n8n-workflow';

import { nodeKey, type NodeContext } from '../shared/memory';
import { RECORDS } from '../shared/records';
import { apiRequest } from '../shared/transport';
import { allowing } from '../shared/transport/status';
import { isObject, textField } from '../shared/validation';
import { readEvents, type HeaderMap, type ReadEvent, type Subscribed } from './envelope';
import { recordEventKey, recordRef } from './records';
import { payloadMode, signingSecret, subscribedEvents, triggerOptions } from './settings';
import { verifySignature } from './signature';

export type Request = { rawBody: unknown; headers: HeaderMap };

/** The service's X-Webhook-… headers and user agent; never the signature, nor custom headers (a gateway's key). */
export function deliveryHeaders(headers: HeaderMap): IDataObject {
	const kept: IDataObject = {};
	for (const [name, value] of Object.entries(headers)) {
		const lower = name.toLowerCase();
		if (value === undefined || lower === 'x-webhook-signature') continue;
		if (lower.startsWith('x-webhook-') || lower === 'user-agent')
			kept[lower] = Array.isArray(value) ? value.join(', ') : value;
	}
	return kept;
}

interface Receiver {
	cacheKey: string;
	secret: string;
	/** The secret before a client-secret rotation: it verifies until the next check re-keys the subscription. */
	previous?: string;
	events: Set<string>;
	subscribed: Subscribed;
	passTest: boolean;
	identifiers: boolean;
}

/** The editor's test registration apart. */
const receivers = new Map<string, Receiver>();
const secrets = new Map<string, string>();
const keyOf = (context: NodeContext & { getMode(): string }) =>
	`${nodeKey(context)}\u0000${context.getMode() === 'manual' ? 'test' : 'live'}`;

async function receiverOf(this: IWebhookFunctions): Promise<Receiver> {
	const node = this.getNode();
	const cacheKey = JSON.stringify([
		node.parameters,
		node.credentials ?? {},
		node.webhookId ?? node.name,
	]);
	const cached = receivers.get(keyOf(this));
	if (cached?.cacheKey === cacheKey) return cached;
	const options = triggerOptions.call(this);
	const events = subscribedEvents.call(this);
	const pairs = (options.customHeaders as IDataObject | undefined)?.header;
	const ownHeaders = Array.isArray(pairs)
		? pairs.map((pair) => textField(pair, 'name')?.toLowerCase() ?? '').filter(Boolean)
		: [];
	const receiver: Receiver = {
		cacheKey,
		secret: await signingSecret.call(this),
		events: new Set(events),
		subscribed: { events, ownHeaders: new Set(ownHeaders) },
		passTest: options.testEvent !== 'drop',
		identifiers: payloadMode.call(this) === 'identifiers',
	};
	// After a client-secret rotation the service still signs with the secret it holds, until the re-key.
	const held = secrets.get(keyOf(this)) ?? cached?.secret;
	if (this.getMode() !== 'manual' && held !== undefined && held !== receiver.secret)
		receiver.previous = held;
	receivers.set(keyOf(this), receiver);
	return receiver;
}

/** The subscription was (re)written with `secret`: only that one verifies from now on. */
export function rekeyed(context: NodeContext & { getMode(): string }, secret: string): void {
	secrets.set(keyOf(context), secret);
	const receiver = receivers.get(keyOf(context));
	if (receiver === undefined) return;
	receiver.secret = secret;
	receiver.previous = undefined;
}

/** On a miss the secret is derived once more: a rotation in another process. */
async function verified(
	this: IWebhookFunctions,
	receiver: Receiver,
	{ rawBody, headers }: Request,
	test: boolean,
): Promise<boolean> {
	const header = headers['x-webhook-signature'];
	const previous = test ? undefined : receiver.previous;
	if (verifySignature(rawBody, header, receiver.secret)) return true;
	if (previous !== undefined && verifySignature(rawBody, header, previous)) return true;
	const secret = await signingSecret.call(this);
	if (secret === receiver.secret) return false;
	if (!test) receiver.previous = receiver.secret;
	receiver.secret = secret;
	return verifySignature(rawBody, header, secret);
}

export const digest = (...parts: Array<Buffer | string>) => {
	const hash = createHash('sha256');
	for (const part of parts) hash.update(part);
	return hash.digest('hex').slice(0, 40);
};

/**
 * What a repeat shares and a new event does not: the record the event is about, else the exact bytes.
 * Identifiers alone without a Modified stamp are the same bytes for two changes: only a delivery id
 * header, if sent (the spec shows none), tells them apart; else no key, and it runs (README, limits),
 * as the test event (never retried) does.
 */
export function repeatKey(
	read: ReadEvent,
	rawBody: Buffer,
	deliveryId: unknown,
	identifiers: boolean,
): string | undefined {
	if (read.event === 'test') return undefined;
	const ref = read.event === null ? undefined : recordRef(read.event, read.data, read.body);
	const byRecord = read.event === null ? undefined : recordEventKey(read.event, ref);
	if (byRecord !== undefined) return byRecord;
	const at = read.batch === undefined ? '' : `#${read.batch.index}`;
	if (!identifiers || ref?.stamp !== undefined) return `d:${digest(rawBody)}${at}`;
	if (typeof deliveryId === 'string' && deliveryId !== '')
		return `d:${digest(rawBody, `\n${deliveryId}`)}${at}`;
	return undefined;
}

/** Random without a key: the event runs every time. */
export function eventIdOf(key: string | undefined): string {
	const id = key === undefined ? randomBytes(16).toString('hex') : digest(key);
	return id.slice(0, 24);
}

type Incoming = { read: ReadEvent; eventId: string };

export type Verdict =
	| { answer: 'refuse'; status: number; message: string }
	| { answer: 'acknowledge'; message: string }
	| { answer: 'run'; events: Incoming[] };

export async function receive(this: IWebhookFunctions, request: Request): Promise<Verdict> {
	const test = this.getMode() === 'manual';
	const receiver = await receiverOf.call(this);
	// The signature is checked before anything is read from the delivery.
	if (!(await verified.call(this, receiver, request, test)))
		return { answer: 'refuse', status: 401, message: 'Missing or invalid X-Webhook-Signature' };
	// Verified, so genuine (and the bytes a Buffer): whatever its shape, it is never refused.
	const rawBody = request.rawBody as Buffer;
	const wanted = readEvents(rawBody, request.headers, receiver.subscribed).filter((read) =>
		read.event === 'test'
			? receiver.passTest
			: read.event === null || receiver.events.has(read.event),
	);
	if (wanted.length === 0)
		return { answer: 'acknowledge', message: 'Event acknowledged, not subscribed' };
	const deliveryId = request.headers['x-webhook-delivery'];
	const key = (read: ReadEvent) =>
		test ? undefined : repeatKey(read, rawBody, deliveryId, receiver.identifiers);
	return { answer: 'run', events: wanted.map((read) => ({ read, eventId: eventIdOf(key(read)) })) };
}

/** The spec's own shape gives `{event, data, headers, eventId}`; any other keeps all that was sent. */
export function output(request: Request, events: Incoming[]): IDataObject[] {
	const headers = deliveryHeaders(request.headers);
	return events.map(({ read, eventId }) => {
		const json: IDataObject = {
			event: read.event,
			data: read.data as IDataObject,
			headers: { ...headers },
			eventId,
		};
		if (!read.plain) {
			json.eventSource = read.eventSource;
			json.body = read.body as IDataObject;
			if (read.notJson) json.notJson = true;
			if (read.batch) json.batch = read.batch;
			if (read.envelope) json.envelope = read.envelope;
		}
		return json;
	});
}

/** The item's key (shortID) in an event's data or one object down. */
function itemKeyOf(data: unknown): string | undefined {
	const places = isObject(data) ? [data, ...Object.values(data)] : [];
	for (const place of places) {
		const value = textField(place, RECORDS.item.key);
		if (value !== undefined) return value;
	}
	return undefined;
}

/** GET /Item?type=id answers with the item or a one-row page, depending on the deployment. */
function firstRecord(response: unknown): IDataObject | null {
	if (Array.isArray(response)) return (response[0] as IDataObject) ?? null;
	if (typeof response !== 'object' || response === null) return null;
	const { value } = response as IDataObject;
	return Array.isArray(value) ? ((value[0] as IDataObject) ?? null) : (response as IDataObject);
}

/** Fetch Item Details (Identifiers Only), in the run: `item`, or `itemError` and the run goes on. */
export async function withItems(this: IExecuteFunctions, items: INodeExecutionData[]) {
	const options = Object(this.getNodeParameter('options', 0, {})) as IDataObject;
	if (options.fetchItem !== true || this.getNodeParameter('payloadMode', 0) !== 'identifiers')
		return items;
	return await Promise.all(
		items.map(async (item, itemIndex) => {
			const shortID = item.json.recovered === true ? undefined : itemKeyOf(item.json.data);
			if (shortID === undefined) return item;
			const query = { key: shortID, type: 'id' };
			const found = await allowing(404, apiRequest.call(this, 'item.get', { query, itemIndex }))
				.then((answer) => ({ item: answer.ok ? firstRecord(answer.value) : null }))
				.catch((error: Error) => ({ item: null, itemError: error.message }));
			return { ...item, json: { ...item.json, ...found } };
		}),
	);
}
