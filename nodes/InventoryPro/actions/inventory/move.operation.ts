import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { itemIdLocator, extraBodyFields } from '../common.descriptions';
import { apiRequest } from '../../../shared/transport';
import { positive, read, readCollection, recordNumber, text } from '../../helpers/read';
import { readExtraBody } from '../../helpers/extraBody';
import { recordResult } from '../../helpers/output';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	...itemIdLocator,
	{
		displayName: 'From Warehouse',
		name: 'fromWID',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'Warehouse the stock leaves',
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
		displayName: 'To Warehouse',
		name: 'toWID',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'Warehouse the stock goes to',
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
		displayName: 'Units',
		name: 'units',
		description:
			'How many units to move, greater than zero; decimals for a unit of measure such as KG. Required: nothing is sent without it.',
		type: 'number',
		default: '',
		required: true,
		typeOptions: { minValue: 0 },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'From Location',
				name: 'fromSpot',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description:
					'Where the stock is taken from, by its location code. From List shows the locations of From Warehouse.',
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						placeholder: 'Select a location...',
						typeOptions: { searchListMethod: 'searchFromLocations', searchable: true },
					},
					{
						displayName: 'By ID',
						name: 'id',
						type: 'string',
						placeholder: 'e.g. A-01-03',
						validation: [],
					},
				],
			},
			{
				displayName: 'Remark',
				name: 'remark',
				description: 'Free note, e.g. a delivery note or PO number',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Serial',
				name: 'serial',
				description: 'Serial or lot number',
				type: 'string',
				default: '',
			},
			{
				displayName: 'To Location',
				name: 'toSpot',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description:
					'Where the stock goes, by its location code. From List shows the locations of To Warehouse.',
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						placeholder: 'Select a location...',
						typeOptions: { searchListMethod: 'searchToLocations', searchable: true },
					},
					{
						displayName: 'By ID',
						name: 'id',
						type: 'string',
						placeholder: 'e.g. A-01-03',
						validation: [],
					},
				],
			},
		],
	},
	extraBodyFields,
];

const displayOptions: ShowFor<'inventory'> = {
	show: { resource: ['inventory'], operation: ['move'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** POST /Inventory/Move (v1): stock between bins or warehouses; the answer is the MaterialIn record at the target. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const body = {
		itemID: read(this, itemIndex, 'itemID', text),
		fromWID: read(this, itemIndex, 'fromWID', recordNumber),
		toWID: read(this, itemIndex, 'toWID', recordNumber),
		units: read(this, itemIndex, 'units', positive),
		...readCollection(this, itemIndex, 'additionalFields', {
			fromSpot: text,
			toSpot: text,
			serial: text,
			remark: text,
		}),
		...readExtraBody(this, itemIndex),
	};
	return recordResult(await apiRequest.call(this, 'inventory.move', { body, itemIndex }));
}
