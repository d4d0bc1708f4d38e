/**
 * The events of a verified delivery, whatever its shape: the spec shows only the test event's
 * `{"event", "data"}`, so envelopes, other casing, batches and text are read too, never refused. The type
 * comes from the body, a header or the subscription's only type; the body as received is kept.
 */
import type { IDataObject } from 'n8n-workflow';

import { isObject, squash } from '../shared/validation';
import { EVENT_TYPE } from '../shared/validation/webhook';

export type EventSource = 'body' | 'header' | 'subscription' | 'none';
export type HeaderMap = Record<string, string | string[] | undefined>;
/** A header's type, or the subscription's only type. */
type Around = { name: string; source: EventSource };
type Typed = { name: string; known: boolean };
type Hit = { name: string; key?: string };

export interface ReadEvent {
	/** As the subscription spells it when it is one of its types; null when nothing says. */
	event: string | null;
	eventSource: EventSource;
	/** The value under the body's data key, else the event's own fields; null for text. */
	data: unknown;
	/** As received: the whole body, a batch's element, or the text when not JSON. */
	body: unknown;
	notJson?: true;
	batch?: { index: number; size: number };
	envelope?: IDataObject;
	/** The spec's own `{"event": <type>, "data": {…}}` and nothing else. */
	plain: boolean;
}

/** Compared squashed (`eventType`, `event_type`, `EVENT` …). */
const TYPE_KEYS = ['event', 'eventtype', 'eventname', 'topic'];
/** A key records use for their own kind too (a movement's `type`): it counts only for a subscribed type. */
const WEAK_TYPE_KEYS = ['type'];
const DATA_KEYS = ['data', 'payload', 'record', 'object', 'resource', 'eventbody', 'body'];
/** `x-webhook-event`, `x-event-type`, `x-…-topic`. */
const TYPE_HEADER = /(^|-)(event|event-type|event-name|topic)$/;

/** `ownHeaders`: the node's custom header names, never a source of the type. */
export type Subscribed = { events: readonly string[]; ownHeaders?: ReadonlySet<string> };

/** Spelled as the subscription spells it when it is one of its types; else only the form resource.action. */
function typeOf(value: unknown, subscribed: Subscribed): Typed | undefined {
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const wanted = squash(value);
	const known = [...subscribed.events, 'test'].find((event) => squash(event) === wanted);
	if (known !== undefined) return { name: known, known: true };
	return EVENT_TYPE.test(value.trim()) ? { name: value.trim(), known: false } : undefined;
}

/** At the top level, or one object down (`{"meta": {"event": …}}`). */
function typeIn(object: IDataObject, subscribed: Subscribed, skip?: string): Hit | undefined {
	let fallback: Hit | undefined;
	const look = (record: IDataObject, topLevel: boolean) => {
		for (const [key, value] of Object.entries(record)) {
			const strong = TYPE_KEYS.includes(squash(key));
			if (!strong && !WEAK_TYPE_KEYS.includes(squash(key))) continue;
			const found = typeOf(value, subscribed);
			if (found === undefined) continue;
			const hit = { name: found.name, key: topLevel ? key : undefined };
			if (found.known) return hit;
			if (strong) fallback ??= hit;
		}
		return undefined;
	};
	const top = look(object, true);
	if (top) return top;
	for (const [key, value] of Object.entries(object)) {
		if (key === skip || !isObject(value)) continue;
		const inner = look(value, false);
		if (inner) return inner;
	}
	return fallback;
}

function dataKey(object: IDataObject): string | undefined {
	for (const wanted of DATA_KEYS) {
		const key = Object.keys(object).find((name) => squash(name) === wanted);
		if (key !== undefined) return key;
	}
	return undefined;
}

export function typeFromHeaders(headers: HeaderMap, subscribed: Subscribed): string | undefined {
	let fallback: string | undefined;
	for (const [name, raw] of Object.entries(headers)) {
		const lower = name.toLowerCase();
		if (!TYPE_HEADER.test(lower) || subscribed.ownHeaders?.has(lower)) continue;
		const found = typeOf(Array.isArray(raw) ? raw[0] : raw, subscribed);
		if (found?.known) return found.name;
		fallback ??= found?.name;
	}
	return fallback;
}

function readObject(object: IDataObject, subscribed: Subscribed, around?: Around): ReadEvent {
	const key = dataKey(object);
	const found = typeIn(object, subscribed, key);
	// No data key: the event's own fields are its data (an identifiers-only shape, say), less the type.
	const rest = { ...object };
	if (found?.key !== undefined) delete rest[found.key];
	const data = key !== undefined ? object[key] : rest;
	const event = found?.name ?? around?.name ?? null;
	const eventSource: EventSource = found ? 'body' : (around?.source ?? 'none');
	const plain =
		Object.keys(object).length === 2 &&
		typeof object.event === 'string' &&
		object.event === event &&
		isObject(object.data);
	return { event, eventSource, data: data ?? null, body: object, plain };
}

function isBatch(value: unknown, subscribed: Subscribed): value is IDataObject[] {
	return (
		Array.isArray(value) &&
		value.length > 0 &&
		value.every(isObject) &&
		value.some((element) => typeIn(element, subscribed) !== undefined)
	);
}

/** Never fails: text, or JSON that is no object, is one event holding it. */
export function readEvents(bytes: Buffer, headers: HeaderMap, subscribed: Subscribed): ReadEvent[] {
	const fromHeader = typeFromHeaders(headers, subscribed);
	const only = subscribed.events.length === 1 ? subscribed.events[0] : undefined;
	let around: Around | undefined;
	if (fromHeader !== undefined) around = { name: fromHeader, source: 'header' };
	else if (only !== undefined) around = { name: only, source: 'subscription' };
	const whole = (data: unknown, body: unknown): ReadEvent => ({
		event: around?.name ?? null,
		eventSource: around?.source ?? 'none',
		data,
		body,
		plain: false,
	});
	const text = bytes.toString('utf8');
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return [{ ...whole(null, text), notJson: true }];
	}
	const inBatch = (elements: IDataObject[], envelope?: IDataObject) =>
		elements.map((element, index) => ({
			...readObject(element, subscribed, around),
			batch: { index, size: elements.length },
			...(envelope ? { envelope } : {}),
			plain: false,
		}));
	if (isBatch(parsed, subscribed)) return inBatch(parsed);
	if (!isObject(parsed)) return [whole(parsed, parsed)];
	// An envelope whose own fields name no type but one of whose keys holds a batch.
	if (typeIn(parsed, subscribed) === undefined) {
		for (const [key, value] of Object.entries(parsed)) {
			if (!isBatch(value, subscribed)) continue;
			const envelope = { ...parsed };
			delete envelope[key];
			return inBatch(value, envelope);
		}
	}
	return [readObject(parsed, subscribed, around)];
}
