/**
 * The events of a verified delivery, whatever its shape. The spec shows only the test event's
 * `{"event": …, "data": …}`; real events may come in an envelope, with other key casing, the type under
 * another key, several in an array, `data` as an array, or not as JSON. A genuine delivery is never
 * refused for its shape: each event's type comes from the body, a header or the subscription's only
 * type, and the body as received is kept.
 */
import type { IDataObject } from 'n8n-workflow';

import { isObject, squash } from '../shared/validation';

export type EventSource = 'body' | 'header' | 'subscription' | 'none';
/** The type a delivery gives around its events: a header's, or the subscription's only type. */
type Around = { name: string; source: EventSource };

export interface ReadEvent {
	/** As the subscription spells it when it is one of its types; null when nothing says. */
	event: string | null;
	eventSource: EventSource;
	/** The value under the body's data key, else the event's own fields; null for text. */
	data: unknown;
	/** As received: the whole body, a batch's element, or the text when not JSON. */
	body: unknown;
	notJson?: true;
	/** Its place in a batch (an array of events, bare or under one key of an envelope). */
	batch?: { index: number; size: number };
	/** The envelope's other fields, for a batch under one of its keys. */
	envelope?: IDataObject;
	/** The spec's own `{"event": <type>, "data": {…}}`, nothing else: the item stays `{event, data, headers}`. */
	plain: boolean;
}

/** The pattern of event types (spec: resource.action). */
const EVENT_TYPE = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/;
/** Keys that hold the type, compared squashed (`eventType`, `event_type`, `EVENT` …). */
const TYPE_KEYS = ['event', 'eventtype', 'eventname', 'topic'];
/** A key records use for their own kind too (a movement's `type`): it counts only for a subscribed type. */
const WEAK_TYPE_KEYS = ['type'];
/** Keys that may hold the record(s), compared squashed, in this order. */
const DATA_KEYS = ['data', 'payload', 'record', 'object', 'resource', 'eventbody', 'body'];
/** Header names that may carry the type: `x-webhook-event`, `x-event-type`, `x-…-topic`. */
const TYPE_HEADER = /(^|-)(event|event-type|event-name|topic)$/;

export interface Subscribed {
	events: readonly string[];
	/** Header names the node adds itself (custom headers): never a source of the type. */
	ownHeaders?: ReadonlySet<string>;
}

/**
 * A candidate type, spelled as the subscription spells it when it names one of its types (or the test
 * event) whatever its casing or separators; another text only when it has the form resource.action.
 */
function typeOf(
	value: unknown,
	subscribed: Subscribed,
): { name: string; known: boolean } | undefined {
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const wanted = squash(value);
	const known = [...subscribed.events, 'test'].find((event) => squash(event) === wanted);
	if (known !== undefined) return { name: known, known: true };
	return EVENT_TYPE.test(value.trim()) ? { name: value.trim(), known: false } : undefined;
}

/** The type an object names at its top level, or one object down (`{"meta": {"event": …}}`), and the key holding it. */
function typeIn(
	object: IDataObject,
	subscribed: Subscribed,
	skip?: string,
): { name: string; key?: string } | undefined {
	let fallback: { name: string; key?: string } | undefined;
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

/** The key holding the record(s), if the object has one. */
function dataKey(object: IDataObject): string | undefined {
	for (const wanted of DATA_KEYS) {
		const key = Object.keys(object).find((name) => squash(name) === wanted);
		if (key !== undefined) return key;
	}
	return undefined;
}

/** The type a header gives (the service's own headers; never the node's custom ones). */
export function typeFromHeaders(
	headers: Record<string, string | string[] | undefined>,
	subscribed: Subscribed,
): string | undefined {
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

/** One event object: its type (body first, then what the delivery says around it) and its data. */
function readObject(
	object: IDataObject,
	around: Around | undefined,
	subscribed: Subscribed,
): ReadEvent {
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

/** An array of objects of which at least one names its type: a batch. */
function isBatch(value: unknown, subscribed: Subscribed): value is IDataObject[] {
	return (
		Array.isArray(value) &&
		value.length > 0 &&
		value.every(isObject) &&
		value.some((element) => typeIn(element, subscribed) !== undefined)
	);
}

/** Every event of a verified delivery; never fails (text, or JSON that is no object, is one event holding it). */
export function readEvents(
	rawBody: Buffer,
	headers: Record<string, string | string[] | undefined>,
	subscribed: Subscribed,
): ReadEvent[] {
	const fromHeader = typeFromHeaders(headers, subscribed);
	const only = subscribed.events.length === 1 ? subscribed.events[0] : undefined;
	const around: Around | undefined =
		fromHeader !== undefined
			? { name: fromHeader, source: 'header' }
			: only !== undefined
				? { name: only, source: 'subscription' }
				: undefined;
	const whole = (data: unknown, body: unknown): ReadEvent => ({
		event: around?.name ?? null,
		eventSource: around?.source ?? 'none',
		data,
		body,
		plain: false,
	});
	const text = rawBody.toString('utf8');
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return [{ ...whole(null, text), notJson: true }];
	}
	const inBatch = (elements: IDataObject[], envelope?: IDataObject) =>
		elements.map((element, index) => ({
			...readObject(element, around, subscribed),
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
	return [readObject(parsed, around, subscribed)];
}
