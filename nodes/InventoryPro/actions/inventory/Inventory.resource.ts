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
				action: 'Get received lots in all warehouses or one',
				description: 'Received lots, newest first; a warehouse ID narrows them to one warehouse',
			},
			{
				name: 'Get Material In',
				value: 'getMaterialIn',
				action: 'Get stock movements into all warehouses or one',
				description: 'Receipts and moves in; a warehouse ID narrows them to one warehouse',
			},
			{
				name: 'Get Material Out',
				value: 'getMaterialOut',
				action: 'Get stock movements out of all warehouses or one',
				description: 'Issues and moves out; a warehouse ID narrows them to one warehouse',
			},
			{
				name: 'Get Stock Levels',
				value: 'getStockLevels',
				action: 'Get stock levels in all warehouses or one',
				description:
					'Units on hand per item and warehouse; a warehouse ID narrows them to one warehouse',
			},
			{
				name: 'Issue',
				value: 'issue',
				action: 'Issue units of an item from a warehouse',
				description:
					'Needs the item ID, warehouse ID and units; answers with the MaterialOut record (409 when stock is short)',
			},
			{
				name: 'Move',
				value: 'move',
				action: 'Move units of an item between spots or warehouses',
				description:
					'Needs the item ID, both warehouse IDs and units; answers with the MaterialIn record at the target',
			},
			{
				name: 'Receive',
				value: 'receive',
				action: 'Receive units of an item into a warehouse',
				description:
					'Needs the item ID, warehouse ID and units; answers with the MaterialIn record',
			},
			{
				name: 'Set Counted Quantity',
				value: 'setCountedQuantity',
				action: 'Set the counted quantity of an item at a spot',
				description:
					'Needs the item ID, warehouse ID, spot and counted units (a stock-take); issues or receives the difference, and reports a level that moved meanwhile instead of overwriting it',
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
