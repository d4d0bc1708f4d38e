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
				displayName: 'Sort By',
				name: 'sort',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description:
					'Column to sort by; empty keeps the service\'s order. Documented columns: recNo, partNo, shortID, description, associate, warehouse, wID, spot, units, received, shipped, serial, serial2, rFIDTag, remark, hold, jobID, jobName, active. Any other column name is sent as given (By Name); the service answers "Invalid sort column" when it has none.',
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
						placeholder: 'e.g. recNo',
						validation: [],
					},
				],
			},
			sortDirection,
			{
				displayName: 'Warehouse Name or ID',
				name: 'warehouseID',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getWarehouses' },
				default: '',
				description:
					'Only this warehouse (/Inventory/{warehouseID}). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
		],
	},
	...recordOutput('lot'),
];

const displayOptions: ShowFor<'inventory'> = {
	show: { resource: ['inventory'], operation: ['getAll'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /Inventory (received lots, newest first), or /Inventory/{warehouseID} when a warehouse is chosen. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const { warehouseID, ...filters } = readFilters(this, itemIndex);
	const byWarehouse = !isBlank(warehouseID);
	const list = byWarehouse ? 'inventory.listByWarehouse' : 'inventory.list';
	const path: Record<string, number> = byWarehouse
		? { warehouseID: recordNumber(this, warehouseID, 'warehouseID', itemIndex) }
		: {};
	const output = readOutput(this, itemIndex, RECORDS.lot.simple);
	const query = buildListQuery.call(this, list, filters, itemIndex);
	return output(await apiRequestAllItems.call(this, list, { path, query, itemIndex }, limit));
}
