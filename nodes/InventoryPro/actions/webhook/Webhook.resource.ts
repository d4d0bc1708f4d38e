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
				action: 'Create a webhook subscription',
				description:
					"Needs a name, an HTTPS URL and the events; the answer holds the subscription's ID and its signing secret, shown only now",
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a webhook subscription',
				description: 'Needs the subscription; removes its delivery log too',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a webhook subscription',
				description: 'Needs the subscription',
			},
			{
				name: 'Get Delivery Log',
				value: 'getLog',
				action: "Get a subscription's delivery log",
				description: 'Needs the subscription',
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
				action: 'Send a test event to a subscription',
				description: 'Needs the subscription; it must be active',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a webhook subscription',
				description:
					'Needs the subscription and all its settings (they replace the old ones); the secret changes only when one is sent',
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
