import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { recordOutput, returnAllOrLimit, sortDirection } from '../common.descriptions';
import { apiRequestAllItems, buildListQuery } from '../../../shared/transport';
import { readFilters, readLimit, recordNumber } from '../../helpers/read';
import { isBlank } from '../../../shared/validation';
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
				displayName: 'Category',
				name: 'categoryID',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description: 'Only items of this category or sub-category; empty: every category',
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
			{
				displayName: 'Include Discontinued',
				name: 'includeInactive',
				type: 'boolean',
				default: false,
				description: 'Whether to include discontinued items',
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
	...recordOutput('item'),
];

const displayOptions: ShowFor<'item'> = { show: { resource: ['item'], operation: ['getAll'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /Item: active items (?Category={id}: of one category); with Include Discontinued, GET /Item/All. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const { includeInactive, categoryID, ...filters } = readFilters(this, itemIndex);
	if (!isBlank(categoryID))
		filters.Category = recordNumber(this, categoryID, 'categoryID', itemIndex);
	const list = includeInactive === true ? 'item.listAll' : 'item.list';
	const output = readOutput(this, itemIndex, RECORDS.item.simple);
	const query = buildListQuery.call(this, list, filters, itemIndex);
	return output(await apiRequestAllItems.call(this, list, { query, itemIndex }, limit));
}
