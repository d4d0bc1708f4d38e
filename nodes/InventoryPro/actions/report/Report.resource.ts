import type { INodeProperties } from 'n8n-workflow';

import type { OperationOption, Operations } from '../node.type';
import * as getAll from './getAll.operation';
import * as getLatestRows from './getLatestRows.operation';
import * as run from './run.operation';

export const operations: Operations<'report'> = { getLatestRows, getAll, run };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['report'] } },
		default: 'run',
		options: [
			{
				name: 'Get Latest Rows',
				value: 'getLatestRows',
				action: 'Get the latest rows of a report',
				description: 'Needs the report and a count from 1 to 1000',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many reports',
				description: 'Reports this client may run',
			},
			{
				name: 'Run',
				value: 'run',
				action: 'Run a report',
				description: 'Needs the report; flags and count are sent when set; rows come paged',
			},
		] satisfies Array<OperationOption<'report'>>,
	},
	...getLatestRows.description,
	...getAll.description,
	...run.description,
];
