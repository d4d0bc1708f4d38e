import type { INodeProperties } from 'n8n-workflow';

import type { OperationOption, Operations } from '../node.type';
import * as deleteOperation from './delete.operation';
import * as disable from './disable.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations: Operations<'category'> = { delete: deleteOperation, disable, get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['category'] } },
		default: 'getAll',
		options: [
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a category',
				description: 'Needs the category; refused while items use it',
			},
			{
				name: 'Disable',
				value: 'disable',
				action: 'Disable a category',
				description: 'Needs the category; it stays readable with Include Disabled',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a category',
				description: 'Needs the category; fails when it does not exist',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many categories',
				description: 'Active categories; disabled ones too when asked',
			},
		] satisfies Array<OperationOption<'category'>>,
	},
	...deleteOperation.description,
	...disable.description,
	...get.description,
	...getAll.description,
];
