import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { read, text } from '../../helpers/read';
import { recordResult } from '../../helpers/output';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Location',
		name: 'id',
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
];

const displayOptions: ShowFor<'location'> = {
	show: { resource: ['location'], operation: ['release'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** POST /Location/Release?id={spot} (vendor docs): no body; 204 = done. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = read(this, itemIndex, 'id', text);
	const response = await apiRequest.call(this, 'location.release', { query: { id }, itemIndex });
	return recordResult(response, { id });
}
