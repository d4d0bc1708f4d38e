import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { COMMON_EVENTS } from '../../endpoints';
import type { FieldOverrides } from '../common/fields';
import { fieldError } from '../common/validate';

/** Create and update send the same body (update replaces the whole subscription). */
export const subscriptionFields: FieldOverrides = {
	url: { placeholder: 'e.g. https://example.com/hooks/inventory' },
	events: {
		type: 'multiOptions',
		options: COMMON_EVENTS.map((event) => ({ name: event, value: event })),
		default: [],
		description:
			'Event types to deliver. For types your deployment adds, use an expression returning a list or comma-separated text.',
	},
	payloadMode: {
		displayName: 'Payload',
		options: [
			{ name: 'Full Payload', value: 1 },
			{ name: 'Identifiers Only', value: 2 },
		],
		default: 1,
		description: 'Identifiers only: the receiver fetches details itself',
	},
	active: { default: true, description: 'Whether delivery starts (or continues) right away' },
	secret: {
		displayName: 'Signing Secret',
		description:
			'Key of the X-Webhook-Signature HMAC. Generated when omitted on create; the create output then holds it, the only time the service shows it. On update the stored secret changes only when one is given.',
	},
	headers: { displayName: 'Custom Headers', description: 'JSON object of header name to text value added to each delivery' },
};

/** The multi-select gives a list, the API wants comma-separated text; delivery needs HTTPS (spec, Limits). */
export function prepareSubscription(this: IExecuteFunctions, values: IDataObject, itemIndex: number): void {
	const events = Array.isArray(values.events) ? values.events : String(values.events ?? '').split(',');
	const names = events.map((event) => String(event).trim()).filter(Boolean);
	if (names.length === 0) throw fieldError(this, 'events', 'needs at least one event type', itemIndex);
	values.events = [...new Set(names)].join(',');

	const url = String(values.url ?? '').trim();
	if (!/^https:\/\/[^\s/]+/i.test(url)) throw fieldError(this, 'url', 'must be an https:// URL', itemIndex);

	let headers = values.headers;
	if (typeof headers === 'string') {
		if (headers.trim() === '' || headers.trim() === '{}') {
			delete values.headers;
			return;
		}
		try {
			headers = JSON.parse(headers);
		} catch {
			throw fieldError(this, 'headers', 'must be valid JSON', itemIndex);
		}
	}
	if (headers === undefined) return;
	const valid =
		headers !== null &&
		typeof headers === 'object' &&
		!Array.isArray(headers) &&
		Object.values(headers).every((value) => typeof value === 'string');
	if (!valid) throw fieldError(this, 'headers', 'must be an object of header names to text values', itemIndex);
	values.headers = headers as IDataObject;
}
