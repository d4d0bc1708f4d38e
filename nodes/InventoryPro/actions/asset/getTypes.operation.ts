import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit, sortDirection } from '../common.descriptions';
import { apiRequestAllItems, buildListQuery } from '../../../shared/transport';
import { readFilters, readLimit } from '../../helpers/read';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	...returnAllOrLimit,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Modified Since',
				name: 'modifiedSince',
				type: 'dateTime',
				default: '',
				description: 'Only records modified on or after this time',
			},
			{
				displayName: 'Sort By',
				name: 'sort',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description:
					'Column to sort by; empty keeps the service\'s order. Documented columns: typeID, name, modified, created. Any other column name is sent as given (By Name); the service answers "Invalid sort column" when it has none.',
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						placeholder: 'Select a column...',
						typeOptions: { searchListMethod: 'searchSortColumns', searchable: true },
					},
					{
						displayName: 'By Name',
						name: 'name',
						type: 'string',
						placeholder: 'e.g. typeID',
						validation: [],
					},
				],
			},
			sortDirection,
		],
	},
];

const displayOptions: ShowFor<'asset'> = { show: { resource: ['asset'], operation: ['getTypes'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /Asset/Types. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const filters = readFilters(this, itemIndex);
	const list = 'asset.types';
	const query = buildListQuery.call(this, list, filters, itemIndex);
	return await apiRequestAllItems.call(this, list, { query, itemIndex }, limit);
}
