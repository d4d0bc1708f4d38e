import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit, sortDirection } from '../common.descriptions';
import { apiRequestAllItems, buildListQuery } from '../../../shared/transport';
import { read, readFilters, readLimit, recordNumber } from '../../helpers/read';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Warehouse',
		name: 'warehouseID',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
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

const displayOptions: ShowFor<'warehouse'> = {
	show: { resource: ['warehouse'], operation: ['getItems'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /Warehouse/{warehouseID}/Items. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const warehouseID = read(this, itemIndex, 'warehouseID', recordNumber);
	const limit = readLimit(this, itemIndex);
	const filters = readFilters(this, itemIndex);
	const list = 'warehouse.items';
	const query = buildListQuery.call(this, list, filters, itemIndex);
	return await apiRequestAllItems.call(
		this,
		list,
		{ path: { warehouseID }, query, itemIndex },
		limit,
	);
}
