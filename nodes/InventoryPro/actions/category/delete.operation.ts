import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { read, recordNumber } from '../../helpers/read';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Category',
		name: 'categoryID',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a category...',
				typeOptions: { searchListMethod: 'searchCategories', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 5',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^[0-9]+$', errorMessage: 'Not a valid category ID' },
					},
				],
			},
		],
	},
];

const displayOptions: ShowFor<'category'> = {
	show: { resource: ['category'], operation: ['delete'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** DELETE /Category/{categoryID} (assumed): 409 while items use it. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const categoryID = read(this, itemIndex, 'categoryID', recordNumber);
	await apiRequest.call(this, 'category.delete', { path: { categoryID }, itemIndex });
	return [{ deleted: true, categoryID }];
}
