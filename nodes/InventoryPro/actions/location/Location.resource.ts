import type { INodeProperties } from 'n8n-workflow';

import type { OperationOption, Operations } from '../node.type';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as hold from './hold.operation';
import * as release from './release.operation';

export const operations: Operations<'location'> = { get, getAll, hold, release };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['location'] } },
		default: 'getAll',
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get a location',
				description: 'One spot (404 for an unknown spot)',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many locations',
				description: 'Spots (bins) of every warehouse',
			},
			{
				name: 'Hold',
				value: 'hold',
				action: 'Put a spot on hold',
				description: 'Put a spot on hold (?ID={spot}); answers 204',
			},
			{
				name: 'Release',
				value: 'release',
				action: 'Release a held spot',
				description: 'Release a held spot (?ID={spot}); answers 204',
			},
		] satisfies Array<OperationOption<'location'>>,
	},
	...get.description,
	...getAll.description,
	...hold.description,
	...release.description,
];
