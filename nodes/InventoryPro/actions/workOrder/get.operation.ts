import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { recordOutput } from '../common.descriptions';
import { apiRequest } from '../../../shared/transport';
import { RECORDS } from '../../../shared/records';
import { read, text } from '../../helpers/read';
import { readOutput } from '../../helpers/simplify';
import { recordResult } from '../../helpers/output';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Work Order',
		name: 'woNo',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The work order, by its order number',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a work order...',
				typeOptions: { searchListMethod: 'searchWorkOrders', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. WO-2025-0038',
				validation: [],
			},
		],
	},
	...recordOutput('workOrder'),
];

const displayOptions: ShowFor<'workOrder'> = {
	show: { resource: ['workOrder'], operation: ['get'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /WorkOrder/{woNo} (assumed): the order with its component lines. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const woNo = read(this, itemIndex, 'woNo', text);
	const output = readOutput(this, itemIndex, RECORDS.workOrder.simple);
	const response = await apiRequest.call(this, 'workOrder.get', { path: { woNo }, itemIndex });
	return output(recordResult(response, { woNo }));
}
