import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { read, text } from '../../helpers/read';
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
];

const displayOptions: ShowFor<'purchaseOrder'> = {
	show: { resource: ['purchaseOrder'], operation: ['finalize'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** POST /PurchaseOrder/{poNo}/Finalize (assumed): 409 when already closed. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const poNo = read(this, itemIndex, 'poNo', text);
	const response = await apiRequest.call(this, 'purchaseOrder.finalize', {
		path: { poNo },
		itemIndex,
	});
	return recordResult(response, { poNo });
}
