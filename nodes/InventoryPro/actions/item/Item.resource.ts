import type { INodeProperties } from 'n8n-workflow';

import type { OperationOption, Operations } from '../node.type';
import * as create from './create.operation';
import * as discontinue from './discontinue.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import * as upsert from './upsert.operation';

export const operations: Operations<'item'> = { create, discontinue, get, getAll, update, upsert };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['item'] } },
		default: 'getAll',
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create an item with a new item ID',
				description: 'Needs a new item ID (shortID); answers with the item and its new partNo',
			},
			{
				name: 'Create or Update',
				value: 'upsert',
				action: 'Create or update an item by its item ID',
				description: 'Create a new record, or update the current one if it already exists (upsert)',
			},
			{
				name: 'Discontinue',
				value: 'discontinue',
				action: 'Discontinue an item by its item ID',
				description: 'Needs the item ID (shortID); the item stays readable under /Item/All',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get an item by its item ID or alias',
				description: 'Needs the item ID (shortID) or an alias of it; answers with one item',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many items',
				description: 'Active items; filters narrow them (category, modified since)',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update an item by its item ID',
				description: 'Needs the item ID (shortID) and the fields to change; only those change',
			},
		] satisfies Array<OperationOption<'item'>>,
	},
	...create.description,
	...discontinue.description,
	...get.description,
	...getAll.description,
	...update.description,
	...upsert.description,
];
