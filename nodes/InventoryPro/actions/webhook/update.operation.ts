import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { extraBodyFields } from '../common.descriptions';
import { readExtraBody } from '../../helpers/extraBody';
import { recordResult } from '../../helpers/output';
import { read, recordNumber } from '../../helpers/read';
import type { ShowFor } from '../node.type';
import { apiRequest } from '../../../shared/transport';
import { readSubscription, subscriptionFields } from './subscription';

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
	...subscriptionFields,
	extraBodyFields,
];

const displayOptions: ShowFor<'webhook'> = {
	show: { resource: ['webhook'], operation: ['update'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** PUT /Webhook/{rec}: replaces the whole subscription; the secret changes only when one is given. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const rec = read(this, itemIndex, 'rec', recordNumber);
	const body = { ...readSubscription(this, itemIndex), ...readExtraBody(this, itemIndex) };
	const response = await apiRequest.call(this, 'webhook.update', {
		path: { rec },
		body,
		itemIndex,
	});
	return recordResult(response, { rec });
}
