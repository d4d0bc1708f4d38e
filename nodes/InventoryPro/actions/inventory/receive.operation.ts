import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { itemIdLocator, extraBodyFields } from '../common.descriptions';
import { apiRequest } from '../../../shared/transport';
import { number, positive, read, readCollection, recordNumber, text } from '../../helpers/read';
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
		description: 'Warehouse receiving the stock',
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
			'How many units to receive, greater than zero; decimals for a unit of measure such as KG. Required: nothing is sent without it.',
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
					'Where in the warehouse the stock goes, by its location code; empty: the receiving dock. From List shows the locations of the warehouse above.',
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
				description: 'Why the stock comes in, e.g. a return or a count correction',
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
						placeholder: 'e.g. RECEIPT',
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
				displayName: 'Unit Cost',
				name: 'unitCost',
				description: 'Cost per unit',
				type: 'number',
				default: 0,
			},
		],
	},
	extraBodyFields,
];

const displayOptions: ShowFor<'inventory'> = {
	show: { resource: ['inventory'], operation: ['receive'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** POST /Inventory/Receive (v1): stock into a warehouse; the answer is the MaterialIn record. Names follow the vendor's documented stock records (lot: units, wID, spot, serial, remark). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const body = {
		itemID: read(this, itemIndex, 'itemID', text),
		wID: read(this, itemIndex, 'wID', recordNumber),
		units: read(this, itemIndex, 'units', positive),
		...readCollection(this, itemIndex, 'additionalFields', {
			spot: text,
			unitCost: number,
			reasonCode: text,
			serial: text,
			remark: text,
		}),
		...readExtraBody(this, itemIndex),
	};
	return recordResult(await apiRequest.call(this, 'inventory.receive', { body, itemIndex }));
}
