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
				description: 'Needs the location code, e.g. A-01-03; fails for an unknown location',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many locations',
				description: 'Locations of every warehouse; a warehouse narrows them to one',
			},
			{
				name: 'Hold',
				value: 'hold',
				action: 'Put a location on hold',
				description:
					'Needs the location code, e.g. A-01-03; its stock can then not be moved or issued',
			},
			{
				name: 'Release',
				value: 'release',
				action: 'Release a location from hold',
				description: 'Needs the location code, e.g. A-01-03',
			},
		] satisfies Array<OperationOption<'location'>>,
	},
	...get.description,
	...getAll.description,
	...hold.description,
	...release.description,
];
