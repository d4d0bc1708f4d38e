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
				description:
					'Needs the order number, e.g. WO-2025-0038; answers with the order, its lines and notes',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many work orders',
				description: 'Work orders; start and due dates narrow them',
			},
		] satisfies Array<OperationOption<'workOrder'>>,
	},
	...get.description,
	...getAll.description,
];
