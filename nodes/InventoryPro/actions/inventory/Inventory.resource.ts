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
				description: 'Received lots, newest first; a warehouse narrows them to one warehouse',
			},
			{
				name: 'Get Material In',
				value: 'getMaterialIn',
				action: 'Get stock movements in',
				description: 'Receipts and moves in; a warehouse narrows them to one warehouse',
			},
			{
				name: 'Get Material Out',
				value: 'getMaterialOut',
				action: 'Get stock movements out',
				description: 'Issues and moves out; a warehouse narrows them to one warehouse',
			},
			{
				name: 'Get Stock Levels',
				value: 'getStockLevels',
				action: 'Get stock levels',
				description:
					'Units on hand per item and warehouse; a warehouse narrows them to one warehouse',
			},
			{
				name: 'Issue',
				value: 'issue',
				action: 'Issue units of an item',
				description:
					'Needs the item, the warehouse and the units; answers with the stock movement out (refused when stock is short)',
			},
			{
				name: 'Move',
				value: 'move',
				action: 'Move units of an item',
				description:
					'Needs the item, both warehouses and the units; answers with the stock movement in at the target',
			},
			{
				name: 'Receive',
				value: 'receive',
				action: 'Receive units of an item',
				description:
					'Needs the item, the warehouse and the units; answers with the stock movement in',
			},
			{
				name: 'Set Counted Quantity',
				value: 'setCountedQuantity',
				action: 'Set the counted quantity of an item',
				description:
					'Needs the item, the warehouse, the location and the units counted (a stock-take); issues or receives the difference, and reports a level that moved meanwhile instead of overwriting it',
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
