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
				displayName: 'Sort Column Name or ID',
				name: 'sort',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getSortColumns' },
				default: '',
				description:
					'Column to sort by; empty keeps the service\'s order. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			sortDirection,
		],
	},
];

const displayOptions: ShowFor<'report'> = { show: { resource: ['report'], operation: ['getAll'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /Report: the reports this client may run. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const filters = readFilters(this, itemIndex);
	const list = 'report.list';
	const query = buildListQuery.call(this, list, filters, itemIndex);
	return await apiRequestAllItems.call(this, list, { query, itemIndex }, limit);
}
