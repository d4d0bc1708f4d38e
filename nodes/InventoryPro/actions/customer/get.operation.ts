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
		displayName: 'Customer',
		name: 'shortID',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The customer, by its short ID',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a customer...',
				typeOptions: { searchListMethod: 'searchCustomers', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. ACME-CORP',
				validation: [],
			},
		],
	},
	...recordOutput('customer'),
];

const displayOptions: ShowFor<'customer'> = {
	show: { resource: ['customer'], operation: ['get'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /Customer/{shortID}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const shortID = read(this, itemIndex, 'shortID', text);
	const output = readOutput(this, itemIndex, RECORDS.customer.simple);
	const response = await apiRequest.call(this, 'customer.get', { path: { shortID }, itemIndex });
	return output(recordResult(response, { shortID }));
}
