/**
 * Parameter fragments several operations show alike, spread into their properties (as n8n's own nodes
 * share their record pickers). Each is written out here once.
 */
import type { INodeProperties } from 'n8n-workflow';

import { RECORDS, type RecordKindSpec } from '../../shared/records';

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

/** The item of a stock movement: picked from the list or given by its short ID. */
export const itemIdLocator: INodeProperties[] = [
	{
		displayName: 'Item',
		name: 'itemID',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The item, by its short ID (its SKU)',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select an item...',
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

/** The record kinds whose reads offer Output. */
export type OutputKind =
	| 'item'
	| 'lot'
	| 'customer'
	| 'vendor'
	| 'purchaseOrder'
	| 'shippingOrder'
	| 'workOrder'
	| 'asset'
	| 'location';

/** Fields only Get returns (vendor docs: a list shows the order header). */
const GET_ONLY = ['lines', 'notes'];

/**
 * Output and its Fields, for the reads of one record kind. Simplified names what it keeps (the kind's
 * `simple` fields in nodes/shared/records.ts, which helpers/simplify.ts keeps), Raw what it adds to them.
 */
export function recordOutput(kind: OutputKind): INodeProperties[] {
	const { key, simple, fields } = RECORDS[kind] as RecordKindSpec;
	const kept = simple.map((field) => (GET_ONLY.includes(field) ? `${field} (Get only)` : field));
	const added = fields.filter((field) => !simple.includes(field));
	return [
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			options: [
				{ name: 'Simplified', value: 'simple', description: `Only ${kept.join(', ')}` },
				{
					name: 'Raw',
					value: 'raw',
					description:
						added.length > 0
							? `Every field the service returns, also ${added.join(', ')}`
							: 'Every field the service returns',
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
			placeholder: `e.g. ${simple.slice(0, 3).join(', ')}`,
			description: `Comma-separated names of the top-level fields to return. Run as an AI tool, the node also keeps the record key (${key}).`,
			displayOptions: { show: { output: ['fields'] } },
		},
	];
}

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
