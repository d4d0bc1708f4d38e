import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { COMMON_EVENTS } from '../shared/endpoints';

/** The spec's common event types (Events), with what each means; deployments may publish more. */
const EVENT_OPTIONS = [
	{ name: 'Inventory Issued', value: 'inventory.issued', description: 'Stock issued out' },
	{
		name: 'Inventory Moved',
		value: 'inventory.moved',
		description: 'Stock relocated between bins or warehouses',
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
] satisfies Array<INodePropertyOptions & { value: (typeof COMMON_EVENTS)[number] }>;

/** The trigger's parameters; settings.ts reads them. */
export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			"Inventory Pro delivers only to HTTPS addresses: n8n's webhook URL must start with https:// (set WEBHOOK_URL)",
		name: 'httpsNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		options: EVENT_OPTIONS,
		default: [],
		description: 'The events to subscribe to; at least one here or under Other Event Types',
	},
	{
		displayName: 'Other Event Types',
		name: 'otherEvents',
		type: 'string',
		default: '',
		placeholder: 'e.g. asset.updated, location.held',
		description: 'Event types your deployment publishes beyond the common ones, comma-separated',
	},
	{
		displayName: 'Payload',
		name: 'payloadMode',
		type: 'options',
		options: [
			{ name: 'Full Record', value: 'full', description: 'Deliveries carry the changed record' },
			{
				name: 'Identifiers Only',
				value: 'identifiers',
				description: 'Deliveries carry only the identifiers of the changed record',
			},
		],
		default: 'full',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Check Interval (Minutes)',
				name: 'checkInterval',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 5,
				description:
					'How often the trigger confirms its subscription is active and catches up on events that were not delivered',
			},
			{
				displayName: 'Custom Headers',
				name: 'customHeaders',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Header',
				default: {},
				description: 'Headers the service adds to every delivery',
				options: [
					{
						displayName: 'Header',
						name: 'header',
						values: [
							{ displayName: 'Name', name: 'name', type: 'string', default: '' },
							{
								displayName: 'Value',
								name: 'value',
								type: 'string',
								typeOptions: { password: true },
								default: '',
							},
						],
					},
				],
			},
			{
				displayName: 'Fetch Item Details',
				name: 'fetchItem',
				type: 'boolean',
				default: false,
				displayOptions: { show: { '/payloadMode': ['identifiers'] } },
				description:
					'Whether to also read the full item record (output as "item") when the identifiers include an item shortID',
			},
			{
				displayName: 'Test Event',
				name: 'testEvent',
				type: 'options',
				options: [
					{
						name: 'Acknowledge and Drop',
						value: 'drop',
						description: 'Answer the service and start nothing',
					},
					{
						name: 'Pass Into Workflow',
						value: 'pass',
						description: 'Start the workflow with the test event, as with any subscribed event',
					},
				],
				default: 'pass',
				description: 'What to do with the event the service sends from its "test" action',
			},
		],
	},
];
