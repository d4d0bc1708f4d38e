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
				typeOptions: { loadOptionsMethod: 'getSortColumns' },
				default: '',
				description:
					'Column to sort by; empty keeps the service\'s order. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			sortDirection,
			{
				displayName: 'Warehouse',
				name: 'wid',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description: 'Only the locations of this warehouse; empty: every warehouse',
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						placeholder: 'Select a warehouse...',
						typeOptions: { searchListMethod: 'searchWarehouses', searchable: true },
					},
					{
						displayName: 'By ID',
						name: 'id',
						type: 'string',
						placeholder: 'e.g. 2',
						validation: [
							{
								type: 'regex',
								properties: { regex: '^[0-9]+$', errorMessage: 'Not a valid warehouse ID' },
							},
						],
					},
				],
			},
		],
	},
	...recordOutput('location'),
];

const displayOptions: ShowFor<'location'> = {
	show: { resource: ['location'], operation: ['getAll'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /Location: spots of every warehouse, or of one (?wid=, vendor docs). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const { wid, ...filters } = readFilters(this, itemIndex);
	if (!isBlank(wid)) filters.wid = recordNumber(this, wid, 'wid', itemIndex);
	const list = 'location.list';
	const output = readOutput(this, itemIndex, RECORDS.location.simple);
	const query = buildListQuery.call(this, list, filters, itemIndex);
	return output(await apiRequestAllItems.call(this, list, { query, itemIndex }, limit));
}
