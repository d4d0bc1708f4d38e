import type { INodeProperties } from 'n8n-workflow';

import type { OperationOption, Operations } from '../node.type';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export const operations: Operations<'shippingOrder'> = { create, get, getAll, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['shippingOrder'] } },
		default: 'getAll',
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a shipping order',
				description: 'Needs the customer and at least one line (item, units, warehouse)',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a shipping order',
				description:
					'Needs the order number, e.g. SO-2025-0015; answers with the order and its lines',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many shipping orders',
				description: 'Shipping orders; order dates and modified since narrow them',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a shipping order',
				description:
					'Needs the order number and the fields to change; status Closed completes the order (an Order Completed event)',
			},
		] satisfies Array<OperationOption<'shippingOrder'>>,
	},
	...create.description,
	...get.description,
	...getAll.description,
	...update.description,
];
