import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { extraBodyFields } from '../common.descriptions';
import { apiRequest } from '../../../shared/transport';
import { date, read, readChanges, text } from '../../helpers/read';
import { readExtraBody } from '../../helpers/extraBody';
import { recordResult } from '../../helpers/output';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Shipping Order',
		name: 'soNo',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The shipping order, by its order number',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a shipping order...',
				typeOptions: { searchListMethod: 'searchShippingOrders', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. SO-2025-0015',
				validation: [],
			},
		],
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Ship Date',
				name: 'shipDate',
				type: 'dateTime',
				default: '',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'Open', value: 'Open' },
					{ name: 'Partial', value: 'Partial' },
					{ name: 'Closed', value: 'Closed' },
				],
				default: 'Open',
			},
		],
	},
	extraBodyFields,
];

const displayOptions: ShowFor<'shippingOrder'> = {
	show: { resource: ['shippingOrder'], operation: ['update'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** PUT /ShippingOrder/{soNo} (assumed): status Closed completes the order (it emits order.completed). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const soNo = read(this, itemIndex, 'soNo', text);
	const extra = readExtraBody(this, itemIndex);
	const body = {
		...readChanges(this, itemIndex, { shipDate: date, status: text }, extra),
		...extra,
	};
	const response = await apiRequest.call(this, 'shippingOrder.update', {
		path: { soNo },
		body,
		itemIndex,
	});
	return recordResult(response, { soNo });
}
