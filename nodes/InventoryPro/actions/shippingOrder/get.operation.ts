import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { recordOutput } from '../common.descriptions';
import { apiRequest } from '../../../shared/transport';
import { RECORDS } from '../../../shared/records';
import { read, text } from '../../helpers/read';
import { readOutput } from '../../helpers/simplify';
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
	...recordOutput('shippingOrder'),
];

const displayOptions: ShowFor<'shippingOrder'> = {
	show: { resource: ['shippingOrder'], operation: ['get'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /ShippingOrder/{soNo} (assumed): the order with its lines. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const soNo = read(this, itemIndex, 'soNo', text);
	const output = readOutput(this, itemIndex, RECORDS.shippingOrder.simple);
	const response = await apiRequest.call(this, 'shippingOrder.get', { path: { soNo }, itemIndex });
	return output(recordResult(response, { soNo }));
}
