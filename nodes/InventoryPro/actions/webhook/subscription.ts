/**
 * Create and Update send the same, whole subscription (PUT replaces it), checked by the subscription
 * rules the trigger uses too (events, HTTPS, headers).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { checkSubscriptionBody } from '../../../shared/validation/webhook';
import { isBlank } from '../../../shared/validation';
import { boolean, json, text, wholeNumber } from '../../helpers/read';

/** The subscription's parameters, on Create and Update alike. */
export const subscriptionFields: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		description: 'Display name',
		type: 'string',
		default: '',
		required: true,
	},
	{
		displayName: 'URL',
		name: 'url',
		description: 'HTTPS endpoint receiving deliveries',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/hooks/inventory',
		required: true,
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		options: [
			{ name: 'Inventory Issued', value: 'inventory.issued', description: 'Stock issued out' },
			{
				name: 'Inventory Moved',
				value: 'inventory.moved',
				description: 'Stock moved between locations or warehouses',
			},
			{
				name: 'Inventory Received',
				value: 'inventory.received',
				description: 'Stock received into a warehouse',
			},
			{ name: 'Item Created', value: 'item.created', description: 'Item added to the catalog' },
			{ name: 'Item Updated', value: 'item.updated', description: 'Item record modified' },
			{ name: 'Order Completed', value: 'order.completed', description: 'Order finalized' },
			{
				name: 'Order Created',
				value: 'order.created',
				description: 'Purchase or shipping order created',
			},
		],
		default: [],
		required: true,
		description:
			'Event types to deliver. For types your deployment adds, use an expression returning a list or comma-separated text.',
	},
	{
		displayName: 'Payload',
		name: 'payloadMode',
		description: 'Identifiers only: the receiver fetches details itself',
		type: 'options',
		options: [
			{ name: 'Full Payload', value: 1 },
			{ name: 'Identifiers Only', value: 2 },
		],
		default: 1,
		required: true,
	},
	{
		displayName: 'Active',
		name: 'active',
		description: 'Whether delivery starts (or continues) right away',
		type: 'boolean',
		default: true,
		required: true,
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Custom Headers',
				name: 'headers',
				description: 'JSON object of header name to text value added to each delivery',
				type: 'json',
				default: '{}',
			},
			{
				displayName: 'Signing Secret',
				name: 'secret',
				description:
					'Key of the X-Webhook-Signature HMAC. Generated when omitted on create; the create output then holds it, the only time the service shows it. On update the stored secret changes only when one is given.',
				type: 'string',
				default: '',
				typeOptions: { password: true },
			},
		],
	},
];

/** The body of Create and Update: every field, checked before anything is sent. */
export function readSubscription(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const given = {
		name: ctx.getNodeParameter('name', itemIndex),
		url: ctx.getNodeParameter('url', itemIndex),
		events: ctx.getNodeParameter('events', itemIndex),
		payloadMode: ctx.getNodeParameter('payloadMode', itemIndex),
		active: ctx.getNodeParameter('active', itemIndex),
		...ctx.getNodeParameter('additionalFields', itemIndex, {}),
	};
	// Events joined to the comma-separated text the API wants, the URL checked, empty headers dropped.
	const values = checkSubscriptionBody(ctx, given, itemIndex);
	const body: IDataObject = {
		name: text(ctx, values.name, 'name', itemIndex),
		url: text(ctx, values.url, 'url', itemIndex),
		events: text(ctx, values.events, 'events', itemIndex),
		payloadMode: wholeNumber(ctx, values.payloadMode, 'payloadMode', itemIndex),
		active: boolean(ctx, values.active, 'active', itemIndex),
	};
	if (!isBlank(values.secret)) body.secret = text(ctx, values.secret, 'secret', itemIndex);
	if (!isBlank(values.headers)) body.headers = json(ctx, values.headers, 'headers', itemIndex);
	return body;
}
