import type { INodeProperties } from 'n8n-workflow';

import type { OperationOption, Operations } from '../node.type';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations: Operations<'workOrder'> = { get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['workOrder'] } },
		default: 'getAll',
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get a work order',
				description: 'One work order with its component lines',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many work orders',
				description: 'Work orders',
			},
		] satisfies Array<OperationOption<'workOrder'>>,
	},
	...get.description,
	...getAll.description,
];
