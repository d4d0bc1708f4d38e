import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { read, recordNumber } from '../../helpers/read';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Webhook Subscription',
		name: 'rec',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The webhook subscription, by its ID',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a webhook subscription...',
				typeOptions: { searchListMethod: 'searchWebhooks', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 4',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^[0-9]+$', errorMessage: 'Not a valid webhook subscription ID' },
					},
				],
			},
		],
	},
];

const displayOptions: ShowFor<'webhook'> = {
	show: { resource: ['webhook'], operation: ['delete'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** DELETE /Webhook/{rec}: the subscription and its delivery log. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const rec = read(this, itemIndex, 'rec', recordNumber);
	await apiRequest.call(this, 'webhook.delete', { path: { rec }, itemIndex });
	return [{ deleted: true, rec }];
}
