import type { INodeProperties } from 'n8n-workflow';

import type { OperationOption, Operations } from '../node.type';
import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getLog from './getLog.operation';
import * as test from './test.operation';
import * as update from './update.operation';

export const operations: Operations<'webhook'> = {
	create,
	delete: deleteOperation,
	get,
	getLog,
	getAll,
	test,
	update,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['webhook'] } },
		default: 'getAll',
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a webhook subscription to an HTTPS URL',
				description:
					'Needs a name, an HTTPS URL and the events; the answer holds rec and the signing secret, shown only now',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a webhook subscription by its ID',
				description: 'Needs the subscription ID (rec); removes its delivery log too',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a webhook subscription by its ID',
				description: 'Needs the subscription ID (rec)',
			},
			{
				name: 'Get Delivery Log',
				value: 'getLog',
				action: 'Get the delivery log of a webhook subscription by its ID',
				description: 'Needs the subscription ID (rec)',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many webhook subscriptions',
				description: 'Subscriptions of this client',
			},
			{
				name: 'Test',
				value: 'test',
				action: 'Send a test event to a webhook subscription by its ID',
				description: 'Needs the subscription ID (rec); the subscription must be active',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Replace a webhook subscription by its ID',
				description:
					'Needs the subscription ID (rec) and the whole subscription; the secret changes only when one is sent',
			},
		] satisfies Array<OperationOption<'webhook'>>,
	},
	...create.description,
	...deleteOperation.description,
	...get.description,
	...getLog.description,
	...getAll.description,
	...test.description,
	...update.description,
];
