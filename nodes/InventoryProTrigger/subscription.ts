import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';
import { textOf } from '../shared/validation';

// The checks of events, headers and the HTTPS address are shared with the action node.
export { parseEvents, parseHeaders, requireHttpsUrl } from '../shared/validation/webhook';

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

/** What the node keeps in the workflow's static data. Never the secret: n8n exports static data with the workflow. */
export interface SubscriptionState extends IDataObject {
	rec?: number;
	fingerprint?: string;
}

/** What checkExists does with the subscription it finds. */
export type Plan = 'keep' | 'update' | 'foreign' | 'disabledManually';

/** A name that tells an administrator which workflow a subscription feeds. */
export function subscriptionName(workflowName: string | undefined, workflowId: string, isTest: boolean): string {
	const label = (workflowName ?? '').trim().slice(0, 100) || 'workflow';
	return `n8n${isTest ? ' (test)' : ''}: ${label} (${workflowId})`;
}

/** Sorted copies, so the fingerprint does not change with the order of events or headers. */
function canonical(body: SubscriptionBody): string {
	const events = body.events.split(',').sort();
	const headers = Object.keys(body.headers)
		.sort()
		.map((name) => [name, body.headers[name]]);
	return JSON.stringify([body.name, body.url, events, body.payloadMode, body.active, body.secret, headers]);
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
export function plan(current: IDataObject, desired: SubscriptionBody, storedFingerprint: unknown): Plan {
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

/** Transport errors carry the HTTP status as a string (NodeApiError.httpCode). */
export function isNotFound(error: unknown): boolean {
	return typeof error === 'object' && error !== null && (error as { httpCode?: unknown }).httpCode === '404';
}

/** Runs a request; a 404 answer becomes undefined, any other failure propagates unchanged. */
export async function unlessNotFound<T>(request: Promise<T>): Promise<T | undefined> {
	return await request.then(
		(value) => value,
		(error: unknown) => {
			if (isNotFound(error)) return undefined;
			throw error;
		},
	);
}
