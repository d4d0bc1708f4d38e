import type { INodeProperties } from 'n8n-workflow';

import type { OperationOption, Operations } from '../node.type';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export const operations: Operations<'customer'> = { create, get, getAll, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['customer'] } },
		default: 'getAll',
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a customer',
				description: 'Create a customer (409 on a duplicate shortID)',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a customer',
				description: 'One customer by shortID',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many customers',
				description: 'Active customers',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a customer',
				description: 'Update a customer; only the fields sent change',
			},
		] satisfies Array<OperationOption<'customer'>>,
	},
	...create.description,
	...get.description,
	...getAll.description,
	...update.description,
];
