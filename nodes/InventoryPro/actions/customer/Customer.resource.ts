import type { INodeProperties } from 'n8n-workflow';

import type { OperationOption, Operations } from '../node.type';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import * as upsert from './upsert.operation';

export const operations: Operations<'customer'> = { create, get, getAll, update, upsert };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['customer'] } },
		default: 'getAll',
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a customer',
				description: 'Needs a new short ID and a name (refused when the short ID is taken)',
			},
			{
				name: 'Create or Update',
				value: 'upsert',
				action: 'Create or update a customer',
				description: 'Create a new record, or update the current one if it already exists (upsert)',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a customer',
				description: "Needs the customer's short ID",
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many customers',
				description: 'Active customers; inactive ones too when asked',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a customer',
				description: 'Needs the customer and the fields to change; only those change',
			},
		] satisfies Array<OperationOption<'customer'>>,
	},
	...create.description,
	...get.description,
	...getAll.description,
	...update.description,
	...upsert.description,
];
