import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit, sortDirection } from '../common.descriptions';
import { apiRequestAllItems, buildListQuery } from '../../../shared/transport';
import {
	read,
	readCollection,
	readFilters,
	readLimit,
	recordNumber,
	text,
	wholeNumber,
} from '../../helpers/read';
import { flatten } from '../../helpers/output';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Report',
		name: 'reportID',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a report...',
				typeOptions: { searchListMethod: 'searchReports', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 12',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^[0-9]+$', errorMessage: 'Not a valid report ID' },
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
				displayName: 'Sort Column',
				name: 'sort',
				type: 'string',
				default: '',
				placeholder: 'e.g. partNo',
				description: 'A column of the report; empty keeps the report order',
			},
			sortDirection,
		],
	},
	{
		displayName: 'Report Options',
		name: 'reportOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		description: 'Options the report reads; each is sent only when set',
		options: [
			{
				displayName: 'Count',
				name: 'count',
				type: 'number',
				typeOptions: { numberPrecision: 0 },
				default: 100,
				description:
					"The report's alternate row count, a whole number; what it does is up to the report",
			},
			{
				displayName: 'Flags',
				name: 'flags',
				type: 'string',
				default: '',
				placeholder: 'e.g. Z',
				description:
					"The report's flags, e.g. Z; which flags a report reads is set in its definition in Inventory Pro",
			},
		],
	},
];

const displayOptions: ShowFor<'report'> = { show: { resource: ['report'], operation: ['run'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /Report/{reportID}: every row, paged, flattened for spreadsheets; flags and count only when set. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const reportID = read(this, itemIndex, 'reportID', recordNumber);
	const limit = readLimit(this, itemIndex);
	const filters = readFilters(this, itemIndex);
	const list = 'report.run';
	const query = {
		...buildListQuery.call(this, list, filters, itemIndex),
		...readCollection(this, itemIndex, 'reportOptions', { flags: text, count: wholeNumber }),
	};
	const rows = await apiRequestAllItems.call(
		this,
		list,
		{ path: { reportID }, query, itemIndex },
		limit,
	);
	// Spreadsheet-ready: nested values become dotted columns.
	return rows.map((row) => flatten(row));
}
