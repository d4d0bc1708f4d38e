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
		displayName: 'Location',
		name: 'spot',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The location, by its location code',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a location...',
				typeOptions: { searchListMethod: 'searchLocations', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. A-01-03',
				validation: [],
			},
		],
	},
	...recordOutput('location'),
];

const displayOptions: ShowFor<'location'> = {
	show: { resource: ['location'], operation: ['get'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /Location/{spot} (vendor docs): 404 for an unknown spot. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const spot = read(this, itemIndex, 'spot', text);
	const output = readOutput(this, itemIndex, RECORDS.location.simple);
	const response = await apiRequest.call(this, 'location.get', { path: { spot }, itemIndex });
	return output(recordResult(response, { spot }));
}
