import { updateDisplayOptions, type IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { extraBodyProperty, withExtraBody } from '../common/extraBody';
import { fieldProperties } from '../common/fields';
import { show, type OperationOption, type OperationResult } from '../common/operation';
import { recordResult } from '../common/output';
import { readSubscription, subscriptionFields } from './fields';

/** POST /Webhook: the answer holds rec and the signing secret, which the service shows only now. */
export const option: OperationOption = {
	name: 'Create',
	action: 'Create a webhook subscription',
	endpoints: ['webhook.create'],
};
export const description = updateDisplayOptions(show('webhook', 'create'), [
	...fieldProperties(subscriptionFields, 'additionalFields'),
	extraBodyProperty,
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const body = withExtraBody(this, readSubscription(this, itemIndex), itemIndex);
	return recordResult(await apiRequest.call(this, 'webhook.create', { body, itemIndex }));
}
