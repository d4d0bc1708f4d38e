/**
 * Parameter fragments several operations show alike, spread into their properties (as n8n's own nodes
 * share their record pickers). Each is written out here once.
 */
import type { INodeProperties } from 'n8n-workflow';

/**
 * Extra Body Fields: what a deployment wants that the node does not know, as a JSON object and/or
 * name/value pairs, merged into the body last and sent as given (helpers/extraBody.ts), so a server that
 * needs one more field needs no new release of the node.
 */
export const extraBodyFields: INodeProperties = {
	displayName: 'Extra Body Fields',
	name: 'extraBody',
	type: 'collection',
	placeholder: 'Add Extra Fields',
	default: {},
	description:
		'Fields added to the request body last, sent as given (they override fields of the same name)',
	options: [
		{
			displayName: 'JSON',
			name: 'json',
			type: 'json',
			default: '{}',
			description: 'A JSON object whose fields are added to the body',
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					displayName: 'Field',
					name: 'field',
					values: [
						{
							displayName: 'Name',
							name: 'name',
							type: 'string',
							default: '',
							description: 'Body field name, as the service spells it',
						},
						{
							displayName: 'Value',
							name: 'value',
							type: 'string',
							default: '',
							description: 'Sent as given (an expression may give a number)',
						},
					],
				},
			],
		},
	],
};

/** Return All, or up to Limit records. */
export const returnAllOrLimit: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		displayOptions: { show: { returnAll: [false] } },
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
	},
];

/** Sort Direction, in every list's Filters. */
export const sortDirection: INodeProperties = {
	displayName: 'Sort Direction',
	name: 'direction',
	type: 'options',
	options: [
		{ name: 'Ascending', value: 'ASC' },
		{ name: 'Descending', value: 'DESC' },
	],
	default: 'ASC',
};

/** Order lists filter Modified Since on the header. */
export const orderHeaderNotice: INodeProperties = {
	displayName:
		'Modified Since filters on the order header only: changes to order lines alone may not show',
	name: 'headerOnlyNotice',
	type: 'notice',
	default: '',
};

/** The item of a stock movement or item update: picked from the list or given by its shortID. */
export const itemIdLocator: INodeProperties[] = [
	{
		displayName: 'Item ID',
		name: 'itemID',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The item: pick it from the list or give its shortID',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a item...',
				typeOptions: { searchListMethod: 'searchItems', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. WIDGET-01',
				validation: [],
			},
		],
	},
];

/** Output of item reads (Simplified keeps RECORDS.item.simple). */
export const itemOutput: INodeProperties[] = [
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'Simplified',
				value: 'simple',
				description:
					'Only shortID, description, partNo, category, subCategory, uOM, units, discontinued, modified',
			},
			{
				name: 'Raw',
				value: 'raw',
				description: 'Every field the service returns, order lines included',
			},
			{ name: 'Selected Fields', value: 'fields', description: 'Only the fields named below' },
		],
		default: 'simple',
		description: 'How much of each record to return',
	},
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. shortID, description, partNo',
		description:
			'Comma-separated names of the top-level fields to return. Run as an AI tool, the node also keeps the record key (shortID).',
		displayOptions: { show: { output: ['fields'] } },
	},
];

/** Output of customer reads (Simplified keeps RECORDS.customer and vendor.simple). */
export const partyOutput: INodeProperties[] = [
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'Simplified',
				value: 'simple',
				description: 'Only shortID, name, contact, email, phone, city, country, active, modified',
			},
			{
				name: 'Raw',
				value: 'raw',
				description: 'Every field the service returns, order lines included',
			},
			{ name: 'Selected Fields', value: 'fields', description: 'Only the fields named below' },
		],
		default: 'simple',
		description: 'How much of each record to return',
	},
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. shortID, name, contact',
		description:
			'Comma-separated names of the top-level fields to return. Run as an AI tool, the node also keeps the record key (shortID).',
		displayOptions: { show: { output: ['fields'] } },
	},
];

/** Output of purchaseOrder reads (Simplified keeps RECORDS.purchaseOrder.simple). */
export const purchaseOrderOutput: INodeProperties[] = [
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'Simplified',
				value: 'simple',
				description:
					'Only poNo, vendor, status, orderDate, expectedDate, totalLines, totalValue, lines (Get only), modified',
			},
			{
				name: 'Raw',
				value: 'raw',
				description: 'Every field the service returns, order lines included',
			},
			{ name: 'Selected Fields', value: 'fields', description: 'Only the fields named below' },
		],
		default: 'simple',
		description: 'How much of each record to return',
	},
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. poNo, vendor, status',
		description:
			'Comma-separated names of the top-level fields to return. Run as an AI tool, the node also keeps the record key (poNo).',
		displayOptions: { show: { output: ['fields'] } },
	},
];

/** Output of shippingOrder reads (Simplified keeps RECORDS.shippingOrder.simple). */
export const shippingOrderOutput: INodeProperties[] = [
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'Simplified',
				value: 'simple',
				description:
					'Only soNo, customer, status, orderDate, shipDate, totalLines, lines (Get only), modified',
			},
			{
				name: 'Raw',
				value: 'raw',
				description: 'Every field the service returns, order lines included',
			},
			{ name: 'Selected Fields', value: 'fields', description: 'Only the fields named below' },
		],
		default: 'simple',
		description: 'How much of each record to return',
	},
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. soNo, customer, status',
		description:
			'Comma-separated names of the top-level fields to return. Run as an AI tool, the node also keeps the record key (soNo).',
		displayOptions: { show: { output: ['fields'] } },
	},
];

/** Output of workOrder reads (Simplified keeps RECORDS.workOrder.simple). */
export const workOrderOutput: INodeProperties[] = [
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'Simplified',
				value: 'simple',
				description:
					'Only woNo, description, status, startDate, dueDate, assignee, totalLines, lines and notes (Get only), modified',
			},
			{
				name: 'Raw',
				value: 'raw',
				description: 'Every field the service returns, order lines included',
			},
			{ name: 'Selected Fields', value: 'fields', description: 'Only the fields named below' },
		],
		default: 'simple',
		description: 'How much of each record to return',
	},
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. woNo, description, status',
		description:
			'Comma-separated names of the top-level fields to return. Run as an AI tool, the node also keeps the record key (woNo).',
		displayOptions: { show: { output: ['fields'] } },
	},
];

/** Output of asset reads (Simplified keeps RECORDS.asset.simple). */
export const assetOutput: INodeProperties[] = [
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'Simplified',
				value: 'simple',
				description:
					'Only shortID, description, assetTypeName, serial, warehouseName, location, status, modified',
			},
			{
				name: 'Raw',
				value: 'raw',
				description: 'Every field the service returns, order lines included',
			},
			{ name: 'Selected Fields', value: 'fields', description: 'Only the fields named below' },
		],
		default: 'simple',
		description: 'How much of each record to return',
	},
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. shortID, description, assetTypeName',
		description:
			'Comma-separated names of the top-level fields to return. Run as an AI tool, the node also keeps the record key (shortID).',
		displayOptions: { show: { output: ['fields'] } },
	},
];

/** Output of location reads (Simplified keeps RECORDS.location.simple). */
export const locationOutput: INodeProperties[] = [
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'Simplified',
				value: 'simple',
				description: 'Only spot, description, warehouseID, warehouseName, hold, active',
			},
			{
				name: 'Raw',
				value: 'raw',
				description: 'Every field the service returns, order lines included',
			},
			{ name: 'Selected Fields', value: 'fields', description: 'Only the fields named below' },
		],
		default: 'simple',
		description: 'How much of each record to return',
	},
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. spot, description, warehouseID',
		description:
			'Comma-separated names of the top-level fields to return. Run as an AI tool, the node also keeps the record key (spot).',
		displayOptions: { show: { output: ['fields'] } },
	},
];

/** The optional fields of a customer or vendor (helpers/party.ts checks them), for Create or Update. */
export const partyFieldOptions: INodeProperties[] = [
	{
		displayName: 'Active',
		name: 'active',
		description: 'Whether the record is active',
		type: 'boolean',
		default: false,
	},
	{
		displayName: 'Address Line 1',
		name: 'address1',
		description: 'Address, first line',
		type: 'string',
		default: '',
	},
	{
		displayName: 'Address Line 2',
		name: 'address2',
		description: 'Address, second line',
		type: 'string',
		default: '',
	},
	{ displayName: 'City', name: 'city', type: 'string', default: '' },
	{
		displayName: 'Contact',
		name: 'contact',
		description: 'Primary contact name',
		type: 'string',
		default: '',
	},
	{
		displayName: 'Country',
		name: 'country',
		description: 'Country (ISO 3166 alpha-2)',
		type: 'string',
		default: '',
	},
	{
		displayName: 'Email',
		name: 'email',
		description: 'Email address',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
	},
	{ displayName: 'Fax', name: 'fax', description: 'Fax number', type: 'string', default: '' },
	{
		displayName: 'Phone',
		name: 'phone',
		description: 'Phone number',
		type: 'string',
		default: '',
	},
	{
		displayName: 'State',
		name: 'state',
		description: 'State or region',
		type: 'string',
		default: '',
	},
	{ displayName: 'Zip', name: 'zip', description: 'Postal code', type: 'string', default: '' },
];
