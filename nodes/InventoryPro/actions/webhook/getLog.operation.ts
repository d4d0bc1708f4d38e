import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit, sortDirection } from '../common.descriptions';
import { apiRequestAllItems, buildListQuery } from '../../../shared/transport';
import { read, readFilters, readLimit, recordNumber } from '../../helpers/read';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Webhook Subscription',
		name: 'rec',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The webhook subscription, by its ID',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a webhook subscription...',
				typeOptions: { searchListMethod: 'searchWebhooks', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 4',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^[0-9]+$', errorMessage: 'Not a valid webhook subscription ID' },
					},
				],
			},
		],
	},
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

const displayOptions: ShowFor<'webhook'> = {
	show: { resource: ['webhook'], operation: ['getLog'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /Webhook/{rec}/log. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const rec = read(this, itemIndex, 'rec', recordNumber);
	const limit = readLimit(this, itemIndex);
	const filters = readFilters(this, itemIndex);
	const list = 'webhook.log';
	const query = buildListQuery.call(this, list, filters, itemIndex);
	return await apiRequestAllItems.call(this, list, { path: { rec }, query, itemIndex }, limit);
}
