import type { INodeProperties } from 'n8n-workflow';

import type { OperationOption, Operations } from '../node.type';
import * as getAll from './getAll.operation';
import * as getItems from './getItems.operation';

export const operations: Operations<'warehouse'> = { getItems, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['warehouse'] } },
		default: 'getAll',
		options: [
			{
				name: 'Get Items',
				value: 'getItems',
				action: 'Get the items in a warehouse',
				description: 'Needs the warehouse; answers with the items stocked there',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many warehouses',
				description: 'Every warehouse',
			},
		] satisfies Array<OperationOption<'warehouse'>>,
	},
	...getItems.description,
	...getAll.description,
];
