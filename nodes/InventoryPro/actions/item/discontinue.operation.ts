import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { read, text } from '../../helpers/read';
import { recordResult } from '../../helpers/output';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
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
];

const displayOptions: ShowFor<'item'> = {
	show: { resource: ['item'], operation: ['discontinue'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** DELETE /Item/{shortID} is not a delete: the item stays readable under /Item/All, so the answer is the record with `discontinued: true`. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const shortID = read(this, itemIndex, 'shortID', text);
	const response = await apiRequest.call(this, 'item.discontinue', {
		path: { shortID },
		itemIndex,
	});
	return recordResult(response, { shortID });
}
