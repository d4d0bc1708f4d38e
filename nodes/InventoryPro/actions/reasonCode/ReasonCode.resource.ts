import type { INodeProperties } from 'n8n-workflow';

import type { OperationOption, Operations } from '../node.type';
import * as deleteOperation from './delete.operation';
import * as disable from './disable.operation';
import * as getAll from './getAll.operation';

export const operations: Operations<'reasonCode'> = { delete: deleteOperation, disable, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['reasonCode'] } },
		default: 'getAll',
		options: [
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a reason code',
				description: 'Needs the reason code',
			},
			{
				name: 'Disable',
				value: 'disable',
				action: 'Disable a reason code',
				description: 'Needs the reason code; it stays readable with Include Disabled',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many reason codes',
				description: 'Active reason codes; disabled ones too when asked',
			},
		] satisfies Array<OperationOption<'reasonCode'>>,
	},
	...deleteOperation.description,
	...disable.description,
	...getAll.description,
];
