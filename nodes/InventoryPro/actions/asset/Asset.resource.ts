import type { INodeProperties } from 'n8n-workflow';

import type { OperationOption, Operations } from '../node.type';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getTypes from './getTypes.operation';
import * as update from './update.operation';

export const operations: Operations<'asset'> = { create, get, getAll, getTypes, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['asset'] } },
		default: 'getAll',
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create an asset',
				description: 'Needs a new short ID; answers with the asset',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get an asset',
				description: "Needs the asset's short ID",
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many assets',
				description: 'Assets in service; retired ones too when asked',
			},
			{
				name: 'Get Types',
				value: 'getTypes',
				action: 'Get many asset types',
				description: 'Asset types, for the Asset Type of Create and Update',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update an asset',
				description: 'Needs the asset and the fields to change; only those change',
			},
		] satisfies Array<OperationOption<'asset'>>,
	},
	...create.description,
	...get.description,
	...getAll.description,
	...getTypes.description,
	...update.description,
];
