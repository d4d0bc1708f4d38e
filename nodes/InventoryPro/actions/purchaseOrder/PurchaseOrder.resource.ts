import type { INodeProperties } from 'n8n-workflow';

import type { OperationOption, Operations } from '../node.type';
import * as create from './create.operation';
import * as finalize from './finalize.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations: Operations<'purchaseOrder'> = { create, finalize, get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['purchaseOrder'] } },
		default: 'getAll',
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a purchase order',
				description: 'Needs the vendor and at least one line (item, units, warehouse)',
			},
			{
				name: 'Finalize',
				value: 'finalize',
				action: 'Finalize a purchase order',
				description:
					'Needs the order number, e.g. PO-2025-0042; closes the order (refused when already closed)',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a purchase order',
				description:
					'Needs the order number, e.g. PO-2025-0042; answers with the order and its lines',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many open purchase orders',
				description:
					'Open purchase orders only, as Inventory Pro lists them; read a closed one by its number with Get',
			},
		] satisfies Array<OperationOption<'purchaseOrder'>>,
	},
	...create.description,
	...finalize.description,
	...get.description,
	...getAll.description,
];
