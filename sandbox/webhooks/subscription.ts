/**
 * Webhook subscriptions: what the sandbox stores, the read shape it serves, and validation of the
 * create/update body (spec, Webhook endpoints). Secret and headers are write-only: they live on the
 * stored record and never appear in the read shape.
 */
import { randomBytes } from 'crypto';

import { ROUTES } from '../routes';
import { toIso } from '../dates';
import { ApiError, VALIDATION_FAILED } from '../errors';
import { checkBody } from '../validate';

/** 0 = active, 1 = disabled by failures, 2 = disabled manually (spec, States). */
export type DisableType = 0 | 1 | 2;

export interface Subscription {
	rec: number;
	/** The API client that created it; no other client sees it. */
	clientId: string;
	name: string;
	url: string;
	events: string;
	payloadMode: 1 | 2;
	active: boolean;
	disableType: DisableType;
	failureCount: number;
	lastSuccess: number | null;
	lastFailure: number | null;
	lastError: string | null;
	created: number;
	modified: number;
	secret: string;
	headers: Record<string, string>;
}

/** The spec's read shape, fields in the spec's order. */
export interface SubscriptionView {
	rec: number;
	name: string;
	url: string;
	events: string;
	payloadMode: number;
	active: boolean;
	disableType: DisableType;
	failureCount: number;
	failureDays: number;
	lastSuccess: string | null;
	lastFailure: string | null;
	lastError: string | null;
	created: string;
	modified: string;
}

/** A validated create/update body. `secret` is undefined when none was sent. */
export interface SubscriptionInput {
	name: string;
	url: string;
	events: string;
	payloadMode: 1 | 2;
	active: boolean;
	secret?: string;
	headers: Record<string, string>;
}

const DAY_MS = 86_400_000;

/** Generated secrets: 32 random bytes as hex, the same strength as an HMAC-SHA256 key should have. */
export const generateSecret = () => randomBytes(32).toString('hex');

const EVENT_TYPE = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Set by the sandbox or by HTTP itself, so a custom header may not replace them (X-Webhook-* too). */
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

/** Event types of a subscription: comma-separated, spaces around each trimmed, empties dropped. */
export const eventTypes = (events: string): string[] =>
	events
		.split(',')
		.map((event) => event.trim())
		.filter((event) => event !== '');

export function view(sub: Subscription, now: number): SubscriptionView {
	return {
		rec: sub.rec,
		name: sub.name,
		url: sub.url,
		events: sub.events,
		payloadMode: sub.payloadMode,
		active: sub.active,
		disableType: sub.disableType,
		failureCount: sub.failureCount,
		failureDays: Math.max(0, Math.floor((now - (sub.lastSuccess ?? sub.created)) / DAY_MS)),
		lastSuccess: sub.lastSuccess === null ? null : toIso(sub.lastSuccess),
		lastFailure: sub.lastFailure === null ? null : toIso(sub.lastFailure),
		lastError: sub.lastError,
		created: toIso(sub.created),
		modified: toIso(sub.modified),
	};
}

function checkUrl(url: string): string | undefined {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return 'The url field must be an absolute HTTPS URL.';
	}
	if (parsed.protocol !== 'https:') return 'The url field must use HTTPS.';
	if (parsed.username || parsed.password) return 'The url field must not contain credentials.';
	return undefined;
}

function checkEvents(events: string): string | undefined {
	const types = eventTypes(events);
	if (types.length === 0) return 'The events field must name at least one event type.';
	const bad = types.find((type) => !EVENT_TYPE.test(type));
	if (bad !== undefined)
		return `The events field must list event types like inventory.received; "${bad}" is not one.`;
	return undefined;
}

function checkHeaders(headers: Record<string, unknown>): string[] {
	const problems: string[] = [];
	const seen = new Set<string>();
	for (const [name, value] of Object.entries(headers)) {
		const lower = name.toLowerCase();
		if (!HEADER_NAME.test(name))
			problems.push(`The headers field has an invalid header name "${name}".`);
		else if (RESERVED_HEADERS.has(lower) || lower.startsWith('x-webhook-')) {
			problems.push(`The headers field cannot set "${name}": the service sets it.`);
		} else if (seen.has(lower)) problems.push(`The headers field names "${name}" twice.`);
		else if (typeof value !== 'string')
			problems.push(`The headers field value of "${name}" must be a string.`);
		else if (/[\r\n\0]/.test(value))
			problems.push(`The headers field value of "${name}" contains a line break.`);
		seen.add(lower);
	}
	return problems;
}

/**
 * Checks a create/update body against the endpoint table, then the rules the table cannot say:
 * HTTPS url, non-empty event list, a non-empty secret when one is sent, header names and values.
 * All problems come back together in one validation_error.
 */
export function parseSubscriptionBody(body: unknown): SubscriptionInput {
	const checked = checkBody(ROUTES['webhook.create'].body, body);
	const details = checked.details;
	let clean = checked.clean;
	if (Object.keys(details).length > 0) {
		// Fields that passed their type checks are still checked below.
		clean = {};
		const raw = (body ?? {}) as Record<string, unknown>;
		for (const field of ['url', 'events', 'secret', 'headers'] as const) {
			if (!(field in details) && raw[field] !== undefined && raw[field] !== null)
				clean[field] = raw[field];
		}
	}
	const fail = (field: string, message: string) => (details[field] ??= []).push(message);
	if (typeof clean.url === 'string') {
		const problem = checkUrl(clean.url);
		if (problem) fail('url', problem);
	}
	if (typeof clean.events === 'string') {
		const problem = checkEvents(clean.events);
		if (problem) fail('events', problem);
	}
	if (typeof clean.secret === 'string' && clean.secret.trim() === '') {
		fail('secret', 'The secret field must not be empty; leave it out to keep or generate one.');
	}
	if (clean.headers !== undefined && typeof clean.headers === 'object') {
		checkHeaders(clean.headers as Record<string, unknown>).forEach((message) =>
			fail('headers', message),
		);
	}
	if (Object.keys(details).length > 0)
		throw new ApiError('validation_error', VALIDATION_FAILED, details);
	return {
		name: clean.name as string,
		url: clean.url as string,
		events: clean.events as string,
		payloadMode: clean.payloadMode as 1 | 2,
		active: clean.active as boolean,
		secret: clean.secret as string | undefined,
		headers: { ...((clean.headers as Record<string, string> | undefined) ?? {}) },
	};
}
