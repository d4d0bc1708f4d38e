import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { properties } from './actions/properties';
import { router } from './actions/router';
import { listSearch, loadOptions } from './methods';

export class InventoryPro implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Inventory Pro',
		name: 'inventoryPro',
		icon: { light: 'file:inventoryPro.svg', dark: 'file:inventoryPro.dark.svg' },
		group: ['transform'],
		// 2: Output defaults to Simplified on Get and Get Many (version 1 keeps returning every field).
		version: [1, 2],
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Manage items, stock, orders, reports and webhook subscriptions in Inventory Pro',
		defaults: { name: 'Inventory Pro' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'inventoryProApi', required: true }],
		properties,
	};

	methods = { loadOptions, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
