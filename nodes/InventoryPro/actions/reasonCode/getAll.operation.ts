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
				displayName: 'Include Disabled',
				name: 'includeInactive',
				type: 'boolean',
				default: false,
				description: 'Whether to include disabled reason codes',
			},
			{
				displayName: 'Modified Since',
				name: 'modifiedSince',
				type: 'dateTime',
				default: '',
				description: 'Only records modified on or after this time',
			},
			{
				displayName: 'Sort Column Name or ID',
				name: 'sort',
				type: 'options',
				typeOptions: {
					loadOptionsMethod: 'getSortColumns',
					loadOptionsDependsOn: ['filters.includeInactive'],
				},
				default: '',
				description:
					'Column to sort by; empty keeps the service\'s order. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			sortDirection,
		],
	},
];

const displayOptions: ShowFor<'reasonCode'> = {
	show: { resource: ['reasonCode'], operation: ['getAll'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /ReasonCode: active reason codes; with Include Disabled, GET /ReasonCode/All. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const { includeInactive, ...filters } = readFilters(this, itemIndex);
	const list = includeInactive === true ? 'reasonCode.listAll' : 'reasonCode.list';
	const query = buildListQuery.call(this, list, filters, itemIndex);
	return await apiRequestAllItems.call(this, list, { query, itemIndex }, limit);
}
