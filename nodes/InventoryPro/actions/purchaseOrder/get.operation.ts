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
		displayName: 'Purchase Order',
		name: 'poNo',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The purchase order, by its order number',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a purchase order...',
				typeOptions: { searchListMethod: 'searchPurchaseOrders', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. PO-2025-0042',
				validation: [],
			},
		],
	},
	...recordOutput('purchaseOrder'),
];

const displayOptions: ShowFor<'purchaseOrder'> = {
	show: { resource: ['purchaseOrder'], operation: ['get'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /PurchaseOrder/{poNo} (assumed): the order with its lines. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const poNo = read(this, itemIndex, 'poNo', text);
	const output = readOutput(this, itemIndex, RECORDS.purchaseOrder.simple);
	const response = await apiRequest.call(this, 'purchaseOrder.get', { path: { poNo }, itemIndex });
	return output(recordResult(response, { poNo }));
}
