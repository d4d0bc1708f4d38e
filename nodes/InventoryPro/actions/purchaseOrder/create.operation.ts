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
		displayName: 'Vendor',
		name: 'vendor',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The vendor, by its short ID',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a vendor...',
				typeOptions: { searchListMethod: 'searchVendors', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. ACME-FASTENERS',
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
					{
						displayName: 'Unit Price',
						name: 'unitPrice',
						description: 'Price per unit; 0 or empty leaves it to the service',
						type: 'number',
						default: 0,
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
				displayName: 'Expected Date',
				name: 'expectedDate',
				description: 'Expected delivery',
				type: 'dateTime',
				default: '',
			},
			{
				displayName: 'Order Date',
				name: 'orderDate',
				description: 'Order date (defaults to now)',
				type: 'dateTime',
				default: '',
			},
		],
	},
	extraBodyFields,
];

const displayOptions: ShowFor<'purchaseOrder'> = {
	show: { resource: ['purchaseOrder'], operation: ['create'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** POST /PurchaseOrder (assumed): a new order with its lines, for a vendor named by its shortID. Names follow the documented order objects (vendor docs: lines carry shortID, units, a per-line warehouse, unitPrice). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const body = {
		vendor: read(this, itemIndex, 'vendor', text),
		...readCollection(this, itemIndex, 'additionalFields', { orderDate: date, expectedDate: date }),
		lines: readLines(
			this,
			itemIndex,
			'lines',
			{ shortID: text, units: number, warehouse: recordNumber, unitPrice: number },
			['shortID', 'units', 'warehouse'],
		),
		...readExtraBody(this, itemIndex),
	};
	return recordResult(await apiRequest.call(this, 'purchaseOrder.create', { body, itemIndex }));
}
