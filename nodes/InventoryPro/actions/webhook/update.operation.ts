import { updateDisplayOptions, type IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { extraBodyProperty, withExtraBody } from '../common/extraBody';
import { fieldProperties, pathField, propertiesOf, readPath } from '../common/fields';
import { show, type OperationOption, type OperationResult } from '../common/operation';
import { recordResult } from '../common/output';
import { readSubscription, subscriptionFields } from './fields';

/** PUT /Webhook/{rec}: replaces the whole subscription; the secret changes only when one is given. */
const path = [pathField.record('webhook', 'rec')];

export const option: OperationOption = {
	name: 'Update',
	action: 'Replace a webhook subscription',
	endpoints: ['webhook.update'],
};
export const description = updateDisplayOptions(show('webhook', 'update'), [
	...path.flatMap(propertiesOf),
	...fieldProperties(subscriptionFields, 'additionalFields'),
	extraBodyProperty,
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const { rec } = readPath(this, path, itemIndex);
	const body = withExtraBody(this, readSubscription(this, itemIndex), itemIndex);
	return recordResult(
		await apiRequest.call(this, 'webhook.update', { path: { rec }, body, itemIndex }),
		{ rec },
	);
}
