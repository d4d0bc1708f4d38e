import type { INodeProperties } from 'n8n-workflow';

import type { OperationOption, Operations } from '../node.type';
import * as getAll from './getAll.operation';
import * as getMaterialIn from './getMaterialIn.operation';
import * as getMaterialOut from './getMaterialOut.operation';
import * as getStockLevels from './getStockLevels.operation';
import * as issue from './issue.operation';
import * as move from './move.operation';
import * as receive from './receive.operation';
import * as setCountedQuantity from './setCountedQuantity.operation';

export const operations: Operations<'inventory'> = {
	getAll,
	getMaterialIn,
	getMaterialOut,
	getStockLevels,
	issue,
	move,
	receive,
	setCountedQuantity,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['inventory'] } },
		default: 'getAll',
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get received lots',
				description: 'Received lots in all warehouses, newest first',
			},
			{
				name: 'Get Material In',
				value: 'getMaterialIn',
				action: 'Get stock movements in',
				description: 'Stock movements into warehouses',
			},
			{
				name: 'Get Material Out',
				value: 'getMaterialOut',
				action: 'Get stock movements out',
				description: 'Stock movements out of warehouses',
			},
			{
				name: 'Get Stock Levels',
				value: 'getStockLevels',
				action: 'Get stock levels',
				description: 'Units on hand per item and warehouse, all warehouses',
			},
			{
				name: 'Issue',
				value: 'issue',
				action: 'Issue stock',
				description:
					'Issue stock out; answers with the MaterialOut record (409 when stock is short)',
			},
			{
				name: 'Move',
				value: 'move',
				action: 'Move stock',
				description:
					'Move stock between bins or warehouses; answers with the MaterialIn record at the target',
			},
			{
				name: 'Receive',
				value: 'receive',
				action: 'Receive stock',
				description: 'Receive stock; answers with the MaterialIn record',
			},
			{
				name: 'Set Counted Quantity',
				value: 'setCountedQuantity',
				action: 'Set the counted quantity of an item at a spot',
				description:
					'Stock-take: issue or receive the difference between a count and the level at a spot; reports a level that moved meanwhile instead of overwriting it',
			},
		] satisfies Array<OperationOption<'inventory'>>,
	},
	...getAll.description,
	...getMaterialIn.description,
	...getMaterialOut.description,
	...getStockLevels.description,
	...issue.description,
	...move.description,
	...receive.description,
	...setCountedQuantity.description,
];
