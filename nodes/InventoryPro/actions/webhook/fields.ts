import type { IExecuteFunctions, IDataObject } from 'n8n-workflow';

import { COMMON_EVENTS } from '../../../shared/endpoints';
import { toText } from '../../../shared/validation';
import { checkSubscriptionBody } from '../../../shared/validation/webhook';
import { field, rawFields, readObject, type Field } from '../common/fields';

const events: Field = {
	name: 'events',
	required: true,
	property: {
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		options: COMMON_EVENTS.map((event) => ({ name: event, value: event })),
		default: [],
		required: true,
		description:
			'Event types to deliver. For types your deployment adds, use an expression returning a list or comma-separated text.',
	},
	// checkSubscriptionBody has joined the list to the comma-separated text the API wants.
	read: (ctx, value, i) => toText(ctx, value, 'events', i),
};

/** Create and Update send the same, whole subscription (PUT replaces it). */
export const subscriptionFields: Field[] = [
	field.text('name', 'Display name', { required: true }),
	field.text('url', 'HTTPS endpoint receiving deliveries', {
		required: true,
		placeholder: 'e.g. https://example.com/hooks/inventory',
	}),
	events,
	field.choice(
		'payloadMode',
		'Identifiers only: the receiver fetches details itself',
		[
			{ name: 'Full Payload', value: 1 },
			{ name: 'Identifiers Only', value: 2 },
		],
		{ required: true, displayName: 'Payload' },
	),
	field.boolean('active', 'Whether delivery starts (or continues) right away', {
		required: true,
		default: true,
	}),
	field.text(
		'secret',
		'Key of the X-Webhook-Signature HMAC. Generated when omitted on create; the create output then holds it, the only time the service shows it. On update the stored secret changes only when one is given.',
		{ displayName: 'Signing Secret', password: true },
	),
	field.json('headers', 'JSON object of header name to text value added to each delivery', {
		displayName: 'Custom Headers',
	}),
];

/** The body, checked by the subscription rules the trigger uses too (events, HTTPS, headers). */
export function readSubscription(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const values = checkSubscriptionBody(
		ctx,
		rawFields(ctx, subscriptionFields, 'additionalFields', itemIndex),
		itemIndex,
	);
	return readObject(ctx, subscriptionFields, values, itemIndex);
}
