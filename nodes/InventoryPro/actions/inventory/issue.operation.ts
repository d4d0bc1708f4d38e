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
		displayName: 'Warehouse',
		name: 'wID',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'Warehouse issuing the stock',
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
			'How many units to issue, greater than zero; decimals for a unit of measure such as KG. Required: nothing is sent without it.',
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
				displayName: 'Location',
				name: 'spot',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description:
					'Where in the warehouse the stock is taken from, by its location code. From List shows the locations of the warehouse above.',
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						placeholder: 'Select a location...',
						typeOptions: { searchListMethod: 'searchLocations', searchable: true },
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
				displayName: 'Reason Code',
				name: 'reasonCode',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description: 'Why the stock goes out, e.g. a sale or scrap',
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						placeholder: 'Select a reason code...',
						typeOptions: { searchListMethod: 'searchReasonCodesByCode', searchable: true },
					},
					{
						displayName: 'By Code',
						name: 'code',
						type: 'string',
						placeholder: 'e.g. SCRAP',
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
		],
	},
	extraBodyFields,
];

const displayOptions: ShowFor<'inventory'> = {
	show: { resource: ['inventory'], operation: ['issue'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** POST /Inventory/Issue (v1): stock out of a warehouse; the service answers 409 when stock is short. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const body = {
		itemID: read(this, itemIndex, 'itemID', text),
		wID: read(this, itemIndex, 'wID', recordNumber),
		units: read(this, itemIndex, 'units', positive),
		...readCollection(this, itemIndex, 'additionalFields', {
			spot: text,
			reasonCode: text,
			serial: text,
			remark: text,
		}),
		...readExtraBody(this, itemIndex),
	};
	return recordResult(await apiRequest.call(this, 'inventory.issue', { body, itemIndex }));
}
