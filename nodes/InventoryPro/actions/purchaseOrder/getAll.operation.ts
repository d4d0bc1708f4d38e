import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	orderHeaderNotice,
	recordOutput,
	returnAllOrLimit,
	sortDirection,
} from '../common.descriptions';
import { apiRequestAllItems, buildListQuery } from '../../../shared/transport';
import { readFilters, readLimit } from '../../helpers/read';
import { RECORDS } from '../../../shared/records';
import { readOutput } from '../../helpers/simplify';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName:
			'Inventory Pro lists open purchase orders only (its API documentation says so). A closed order is not in this list: read it by its number with Purchase Order › Get.',
		name: 'openOnlyNotice',
		type: 'notice',
		default: '',
	},
	...returnAllOrLimit,
	orderHeaderNotice,
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
				description:
					'Only orders whose header was modified on or after this time (line-level changes may not show)',
			},
			{
				displayName: 'Order Date On or After',
				name: 'startDate',
				type: 'dateTime',
				default: '',
				description: 'Only orders whose orderDate is on or after this time',
			},
			{
				displayName: 'Order Date On or Before',
				name: 'endDate',
				type: 'dateTime',
				default: '',
				description: 'Only orders whose orderDate is on or before this time',
			},
			{
				displayName: 'Sort By',
				name: 'sort',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description:
					'Column to sort by; empty keeps the service\'s order. Documented columns: poNo, orderDate, expectedDate, vendor, status, totalValue, modified, created. Any other column name is sent as given (By Name); the service answers "Invalid sort column" when it has none.',
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
						placeholder: 'e.g. poNo',
						validation: [],
					},
				],
			},
			sortDirection,
		],
	},
	...recordOutput('purchaseOrder'),
];

const displayOptions: ShowFor<'purchaseOrder'> = {
	show: { resource: ['purchaseOrder'], operation: ['getAll'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /PurchaseOrder: the open orders (vendor docs), with order-date and header-only Modified Since filters. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const filters = readFilters(this, itemIndex);
	const list = 'purchaseOrder.list';
	const output = readOutput(this, itemIndex, RECORDS.purchaseOrder.simple);
	const query = buildListQuery.call(this, list, filters, itemIndex);
	return output(await apiRequestAllItems.call(this, list, { query, itemIndex }, limit));
}
