import type { INodeProperties } from 'n8n-workflow';

import type { OperationOption, Operations } from '../node.type';
import * as request from './request.operation';

export const operations: Operations<'customApi'> = { request };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['customApi'] } },
		default: 'request',
		options: [
			{
				name: 'Make a Request',
				value: 'request',
				action: 'Make a custom API request',
				description: 'Call any path of the API with this credential',
			},
		] satisfies Array<OperationOption<'customApi'>>,
	},
	...request.description,
];
