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
				description:
					'Whether to read /Customer/All instead of /Customer: all customers, inactive included',
			},
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
					'Column to sort by; empty keeps the service\'s order. Documented columns: shortID, name, city, state, zip, country, contact, active, modified, created. Any other column name is sent as given (By Name); the service answers "Invalid sort column" when it has none.',
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
						placeholder: 'e.g. shortID',
						validation: [],
					},
				],
			},
			sortDirection,
		],
	},
	...recordOutput('customer'),
];

const displayOptions: ShowFor<'customer'> = {
	show: { resource: ['customer'], operation: ['getAll'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /Customer: active customers; with Include Inactive, GET /Customer/All. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const { includeInactive, ...filters } = readFilters(this, itemIndex);
	const list = includeInactive === true ? 'customer.listAll' : 'customer.list';
	const output = readOutput(this, itemIndex, RECORDS.customer.simple);
	const query = buildListQuery.call(this, list, filters, itemIndex);
	return output(await apiRequestAllItems.call(this, list, { query, itemIndex }, limit));
}
