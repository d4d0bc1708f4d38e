import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	orderHeaderNotice,
	returnAllOrLimit,
	sortDirection,
	recordOutput,
} from '../common.descriptions';
import { apiRequestAllItems, buildListQuery } from '../../../shared/transport';
import { readFilters, readLimit } from '../../helpers/read';
import { RECORDS } from '../../../shared/records';
import { readOutput } from '../../helpers/simplify';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
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
				displayName: 'Due Date On or Before',
				name: 'endDate',
				type: 'dateTime',
				default: '',
				description: 'Only orders with a due date on or before this time',
			},
			{
				displayName: 'Modified Since',
				name: 'modifiedSince',
				type: 'dateTime',
				default: '',
				description:
					'Only orders whose header was modified on or after this time (line-level changes may not show)',
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
				displayName: 'Start Date On or After',
				name: 'startDate',
				type: 'dateTime',
				default: '',
				description: 'Only orders with a start date on or after this time',
			},
		],
	},
	...recordOutput('workOrder'),
];

const displayOptions: ShowFor<'workOrder'> = {
	show: { resource: ['workOrder'], operation: ['getAll'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /WorkOrder (read-only in the spec). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const filters = readFilters(this, itemIndex);
	const list = 'workOrder.list';
	const output = readOutput(this, itemIndex, RECORDS.workOrder.simple);
	const query = buildListQuery.call(this, list, filters, itemIndex);
	return output(await apiRequestAllItems.call(this, list, { query, itemIndex }, limit));
}
