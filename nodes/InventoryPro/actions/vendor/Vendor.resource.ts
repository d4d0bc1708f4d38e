import type { INodeProperties } from 'n8n-workflow';

import type { OperationOption, Operations } from '../node.type';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import * as upsert from './upsert.operation';

export const operations: Operations<'vendor'> = { create, get, getAll, update, upsert };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['vendor'] } },
		default: 'getAll',
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a vendor',
				description: 'Needs a new short ID and a name (refused when the short ID is taken)',
			},
			{
				name: 'Create or Update',
				value: 'upsert',
				action: 'Create or update a vendor',
				description: 'Create a new record, or update the current one if it already exists (upsert)',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a vendor',
				description: "Needs the vendor's short ID",
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many vendors',
				description: 'Active vendors; inactive ones too when asked',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a vendor',
				description: 'Needs the vendor and the fields to change; only those change',
			},
		] satisfies Array<OperationOption<'vendor'>>,
	},
	...create.description,
	...get.description,
	...getAll.description,
	...update.description,
	...upsert.description,
];
