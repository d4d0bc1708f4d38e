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
				displayName: 'Sort Column Name or ID',
				name: 'sort',
				type: 'options',
				typeOptions: {
					loadOptionsMethod: 'getSortColumns',
					loadOptionsDependsOn: ['filters.warehouseID.value'],
				},
				default: '',
				description:
					'Column to sort by; empty keeps the service\'s order. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			sortDirection,
			{
				displayName: 'Warehouse',
				name: 'warehouseID',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description: 'Only the lots of this warehouse; empty: every warehouse',
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
