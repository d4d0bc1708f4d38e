import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { extraBodyFields } from '../common.descriptions';
import { apiRequest } from '../../../shared/transport';
import {
	date,
	number,
	read,
	readCollection,
	readLines,
	recordNumber,
	text,
} from '../../helpers/read';
import { readExtraBody } from '../../helpers/extraBody';
import { recordResult } from '../../helpers/output';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Customer',
		name: 'customer',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The customer, by its short ID',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a customer...',
				typeOptions: { searchListMethod: 'searchCustomers', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. ACME-CORP',
				validation: [],
			},
		],
	},
	{
		displayName: 'Lines',
		name: 'lines',
		description: 'Order lines',
		type: 'fixedCollection',
		placeholder: 'Add Line',
		typeOptions: { multipleValues: true, sortable: true },
		default: {},
		options: [
			{
				displayName: 'Line',
				name: 'line',
				values: [
					{
						displayName: 'Item',
						name: 'shortID',
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
					{
						displayName: 'Units',
						name: 'units',
						description: 'Units ordered',
						type: 'number',
						default: 0,
						required: true,
					},
					{
						displayName: 'Warehouse',
						name: 'warehouse',
						type: 'resourceLocator',
						default: { mode: 'list', value: '' },
						required: true,
						description: 'The warehouse of the line',
						modes: [
							{
								displayName: 'From List',
								name: 'list',
								type: 'list',
								placeholder: 'Select a warehouse...',
								typeOptions: { searchListMethod: 'searchWarehouses', searchable: true },
							},
							{
								displayName: 'By ID',
								name: 'id',
								type: 'string',
								placeholder: 'e.g. 2',
								validation: [
									{
										type: 'regex',
										properties: { regex: '^[0-9]+$', errorMessage: 'Not a valid warehouse ID' },
									},
								],
							},
						],
					},
				],
			},
		],
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
				displayName: 'Order Date',
				name: 'orderDate',
				description: 'Order date (defaults to now)',
				type: 'dateTime',
				default: '',
			},
			{
				displayName: 'Ship Date',
				name: 'shipDate',
				description: 'Planned ship date',
				type: 'dateTime',
				default: '',
			},
		],
	},
	extraBodyFields,
];

const displayOptions: ShowFor<'shippingOrder'> = {
	show: { resource: ['shippingOrder'], operation: ['create'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** POST /ShippingOrder (assumed): a new order with its lines, for a customer named by its shortID. Names follow the documented order objects (vendor docs: lines carry shortID, units, a per-line warehouse). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const body = {
		customer: read(this, itemIndex, 'customer', text),
		...readCollection(this, itemIndex, 'additionalFields', { orderDate: date, shipDate: date }),
		lines: readLines(
			this,
			itemIndex,
			'lines',
			{ shortID: text, units: number, warehouse: recordNumber },
			['shortID', 'units', 'warehouse'],
		),
		...readExtraBody(this, itemIndex),
	};
	return recordResult(await apiRequest.call(this, 'shippingOrder.create', { body, itemIndex }));
}
