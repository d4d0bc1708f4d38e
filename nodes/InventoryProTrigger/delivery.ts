import type { IDataObject } from 'n8n-workflow';

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
export function deliveryHeaders(headers: Record<string, string | string[] | undefined>): IDataObject {
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
