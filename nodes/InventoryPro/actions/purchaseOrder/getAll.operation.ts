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
				description: 'Only orders with an order date on or after this time',
			},
			{
				displayName: 'Order Date On or Before',
				name: 'endDate',
				type: 'dateTime',
				default: '',
				description: 'Only orders with an order date on or before this time',
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
