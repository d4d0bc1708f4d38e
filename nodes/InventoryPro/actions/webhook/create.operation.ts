import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { extraBodyFields } from '../common.descriptions';
import { readExtraBody } from '../../helpers/extraBody';
import { recordResult } from '../../helpers/output';
import type { ShowFor } from '../node.type';
import { apiRequest } from '../../../shared/transport';
import { readSubscription, subscriptionFields } from './subscription';

const properties: INodeProperties[] = [...subscriptionFields, extraBodyFields];

const displayOptions: ShowFor<'webhook'> = {
	show: { resource: ['webhook'], operation: ['create'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** POST /Webhook: the answer holds rec and the signing secret, which the service shows only now. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const body = { ...readSubscription(this, itemIndex), ...readExtraBody(this, itemIndex) };
	return recordResult(await apiRequest.call(this, 'webhook.create', { body, itemIndex }));
}
