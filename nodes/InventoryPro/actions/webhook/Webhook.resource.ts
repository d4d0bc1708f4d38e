import { getManyOperation } from '../common/getMany';
import { recordOperation } from '../common/record';
import { actionOperation, resourceDescription, standardOperations } from '../common/resource';
import type { OperationMap } from '../common/types';
import { prepareSubscription, subscriptionFields } from './subscription';

// Each API client sees and manages only its own subscriptions.
export const operations: OperationMap = {
	...standardOperations('webhook'),
	create: recordOperation({
		id: 'webhook.create',
		name: 'Create',
		action: 'Create a webhook subscription',
		overrides: subscriptionFields,
		prepare: prepareSubscription,
	}),
	update: recordOperation({
		id: 'webhook.update',
		name: 'Update',
		action: 'Replace a webhook subscription',
		overrides: subscriptionFields,
		prepare: prepareSubscription,
	}),
	delete: actionOperation('webhook.delete', 'Delete'),
	test: actionOperation('webhook.test', 'Test', { action: 'Send a test event to a webhook subscription' }),
	getLog: getManyOperation({
		list: 'webhook.log',
		name: 'Get Delivery Log',
		action: 'Get the delivery log of a webhook subscription',
	}),
};

export const description = resourceDescription('webhook', operations);
