import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { recordOutput, returnAllOrLimit, sortDirection } from '../common.descriptions';
import { apiRequestAllItems, buildListQuery } from '../../../shared/transport';
import { readFilters, readLimit } from '../../helpers/read';
import { RECORDS } from '../../../shared/records';
import { readOutput } from '../../helpers/simplify';
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
				displayName: 'Include Inactive',
				name: 'includeInactive',
				type: 'boolean',
				default: false,
				description: 'Whether to include inactive vendors',
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
	...recordOutput('vendor'),
];

const displayOptions: ShowFor<'vendor'> = { show: { resource: ['vendor'], operation: ['getAll'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /Vendor: active vendors; with Include Inactive, GET /Vendor/All. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const { includeInactive, ...filters } = readFilters(this, itemIndex);
	const list = includeInactive === true ? 'vendor.listAll' : 'vendor.list';
	const output = readOutput(this, itemIndex, RECORDS.vendor.simple);
	const query = buildListQuery.call(this, list, filters, itemIndex);
	return output(await apiRequestAllItems.call(this, list, { query, itemIndex }, limit));
}
