/**
 * The one subscription validator, for the action's Webhook Subscription › Create/Update and the
 * trigger's own subscription: event types, custom headers and the HTTPS delivery address.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { fieldError, isBlank, textOf, toJsonObject, type HasNode } from './index';

/** The form of an event type (spec: resource.action). */
export const EVENT_TYPE = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the service or HTTP itself sets; a custom header must not shadow them. */
const RESERVED_HEADERS = new Set([
	'connection',
	'content-encoding',
	'content-length',
	'content-type',
	'expect',
	'host',
	'keep-alive',
	'te',
	'trailer',
	'transfer-encoding',
	'upgrade',
]);

const nodeOf = (node: INode): HasNode => ({ getNode: () => node });

/** Event types in the form resource.action, de-duplicated; `field` names where they were typed. */
export function checkEvents(
	ctx: HasNode,
	field: string,
	events: readonly string[],
	itemIndex?: number,
): string[] {
	for (const event of events) {
		if (!EVENT_TYPE.test(event)) {
			throw fieldError(
				ctx,
				field,
				`"${event}" is not an event type`,
				itemIndex,
				'Use the form resource.action, e.g. asset.updated',
			);
		}
	}
	return [...new Set(events)];
}

/** Header pairs checked the way an HTTP client would refuse them, and never shadowing the service's own. */
export function checkHeaders(
	ctx: HasNode,
	field: string,
	pairs: ReadonlyArray<[string, unknown]>,
	itemIndex?: number,
): Record<string, string> {
	const headers: Record<string, string> = {};
	const seen = new Set<string>();
	for (const [rawName, rawValue] of pairs) {
		const name = rawName.trim();
		const lower = name.toLowerCase();
		const refuse = (problem: string, fix: string) =>
			fieldError(ctx, field, problem, itemIndex, fix);
		if (!HEADER_NAME.test(name))
			throw refuse(
				`"${name}" is not a valid header name`,
				'Use letters, digits and dashes, e.g. X-Team',
			);
		if (RESERVED_HEADERS.has(lower) || lower.startsWith('x-webhook-')) {
			throw refuse(
				`"${name}" is set by the service and cannot be replaced`,
				'Choose another header name',
			);
		}
		if (typeof rawValue !== 'string')
			throw refuse(`the value of "${name}" must be text`, 'Put the value in quotes');
		if (/[\r\n\0]/.test(rawValue))
			throw refuse(`the value of "${name}" contains a line break`, 'Remove the line break');
		if (seen.has(lower)) throw refuse(`"${name}" is given twice`, 'Keep one of them');
		seen.add(lower);
		headers[name] = rawValue;
	}
	return headers;
}

/** An absolute https:// address with a host; the service delivers nowhere else (spec, Limits). */
export function isHttpsUrl(url: unknown): url is string {
	if (typeof url !== 'string') return false;
	try {
		const parsed = new URL(url.trim());
		return parsed.protocol === 'https:' && parsed.hostname !== '';
	} catch {
		return false;
	}
}

// The trigger's view: events chosen plus typed, header name/value pairs, n8n's own webhook URL.

/** Chosen plus free-text event types, validated and de-duplicated; at least one is required. */
export function parseEvents(node: INode, selected: unknown, other: unknown): string[] {
	const chosen = Array.isArray(selected) ? selected.map(String) : [];
	const typed =
		typeof other === 'string' ? other.split(/[\s,]+/).filter((event) => event !== '') : [];
	const ctx = nodeOf(node);
	checkEvents(ctx, 'otherEvents', typed);
	const events = checkEvents(ctx, 'events', [...chosen, ...typed]);
	if (events.length === 0) {
		throw fieldError(
			ctx,
			'events',
			'needs at least one event type',
			undefined,
			'Choose one, or enter one under Other Event Types',
		);
	}
	return events;
}

/** Name/value pairs from the Custom Headers option. */
export function parseHeaders(node: INode, pairs: unknown): Record<string, string> {
	const list = Array.isArray(pairs) ? (pairs as IDataObject[]) : [];
	return checkHeaders(
		nodeOf(node),
		'customHeaders',
		list.map((pair) => [textOf(pair.name ?? ''), textOf(pair.value ?? '')]),
	);
}

/** n8n's webhook URL for this node; the service refuses anything but HTTPS (spec, Limits). */
export function requireHttpsUrl(node: INode, url: string | undefined): string {
	if (!isHttpsUrl(url)) {
		throw fieldError(
			nodeOf(node),
			'webhookUrl',
			`must be HTTPS: Inventory Pro delivers webhooks only to HTTPS addresses, and n8n's webhook URL for this node is "${url ?? ''}"`,
			undefined,
			"Set n8n's WEBHOOK_URL environment variable to n8n's public HTTPS address (for example https://n8n.example.com/), restart n8n and activate the workflow again.",
		);
	}
	return url;
}

// The action's view: a multi-select or comma-separated text, a JSON object of headers, a typed URL.

/**
 * Create and update send the same body (update replaces the whole subscription). The multi-select
 * gives a list, the API wants comma-separated text; headers arrive as JSON.
 */
export function checkSubscriptionBody(
	ctx: HasNode,
	values: IDataObject,
	itemIndex: number,
): IDataObject {
	const body = { ...values };
	const list = Array.isArray(values.events)
		? values.events
		: textOf(values.events ?? '').split(',');
	const events = checkEvents(
		ctx,
		'events',
		list.map((event) => String(event).trim()).filter(Boolean),
		itemIndex,
	);
	if (events.length === 0)
		throw fieldError(
			ctx,
			'events',
			'needs at least one event type',
			itemIndex,
			'Choose one from the list',
		);
	body.events = events.join(',');

	if (!isHttpsUrl(values.url)) {
		throw fieldError(
			ctx,
			'url',
			'must be an https:// URL',
			itemIndex,
			'Enter the receiver address, e.g. https://example.com/hooks/inventory',
		);
	}

	const raw = values.headers;
	if (isBlank(raw) || (typeof raw === 'string' && raw.trim() === '{}')) {
		delete body.headers;
		return body;
	}
	if (raw === undefined) return body;
	const headers = toJsonObject(ctx, raw, 'headers', itemIndex);
	if (Array.isArray(headers)) {
		throw fieldError(
			ctx,
			'headers',
			'must be an object of header names to text values',
			itemIndex,
			'e.g. {"X-Team": "ops"}',
		);
	}
	body.headers = checkHeaders(ctx, 'headers', Object.entries(headers), itemIndex);
	return body;
}
