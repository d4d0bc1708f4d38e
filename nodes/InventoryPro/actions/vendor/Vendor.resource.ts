import type { INodeProperties } from 'n8n-workflow';

import type { OperationOption, Operations } from '../node.type';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export const operations: Operations<'vendor'> = { create, get, getAll, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['vendor'] } },
		default: 'getAll',
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a vendor',
				description: 'Create a vendor (409 on a duplicate shortID)',
			},
			{ name: 'Get', value: 'get', action: 'Get a vendor', description: 'One vendor by shortID' },
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many vendors',
				description: 'Active vendors',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a vendor',
				description: 'Update a vendor; only the fields sent change',
			},
		] satisfies Array<OperationOption<'vendor'>>,
	},
	...create.description,
	...get.description,
	...getAll.description,
	...update.description,
];
