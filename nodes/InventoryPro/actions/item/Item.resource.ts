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
				action: 'Create an item',
				description: 'Needs a new short ID (SKU); answers with the item and its part number',
			},
			{
				name: 'Create or Update',
				value: 'upsert',
				action: 'Create or update an item',
				description: 'Create a new record, or update the current one if it already exists (upsert)',
			},
			{
				name: 'Discontinue',
				value: 'discontinue',
				action: 'Discontinue an item',
				description: 'Needs the item; it stays readable with Include Discontinued',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get an item',
				description: "Needs the item's short ID or one of its aliases",
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
				action: 'Update an item',
				description: 'Needs the item and the fields to change; only those change',
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
