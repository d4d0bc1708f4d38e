import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodePropertyOptions,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import * as asset from './actions/asset/Asset.resource';
import * as category from './actions/category/Category.resource';
import * as customApi from './actions/customApi/CustomApi.resource';
import * as customer from './actions/customer/Customer.resource';
import * as inventory from './actions/inventory/Inventory.resource';
import * as item from './actions/item/Item.resource';
import * as location from './actions/location/Location.resource';
import * as purchaseOrder from './actions/purchaseOrder/PurchaseOrder.resource';
import * as reasonCode from './actions/reasonCode/ReasonCode.resource';
import * as report from './actions/report/Report.resource';
import * as shippingOrder from './actions/shippingOrder/ShippingOrder.resource';
import * as vendor from './actions/vendor/Vendor.resource';
import * as warehouse from './actions/warehouse/Warehouse.resource';
import * as webhook from './actions/webhook/Webhook.resource';
import * as workOrder from './actions/workOrder/WorkOrder.resource';
import type { InventoryProResource } from './actions/node.type';
import { router } from './actions/router';
import { listSearch, loadOptions, resourceMapping } from './methods';

export class InventoryPro implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Inventory Pro',
		name: 'inventoryPro',
		icon: { light: 'file:inventoryPro.svg', dark: 'file:inventoryPro.dark.svg' },
		group: ['transform'],
		// One version until the first release (issue 39 dropped an unreleased version 1); it stays 2 so
		// saved workflows and examples keep their typeVersion.
		version: 2,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Manage items, stock, orders, reports and webhook subscriptions in Inventory Pro',
		defaults: { name: 'Inventory Pro' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'inventoryProApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Asset', value: 'asset' },
					{ name: 'Category', value: 'category' },
					{ name: 'Custom API Request', value: 'customApi' },
					{ name: 'Customer', value: 'customer' },
					{ name: 'Inventory', value: 'inventory' },
					{ name: 'Item', value: 'item' },
					{ name: 'Location', value: 'location' },
					{ name: 'Purchase Order', value: 'purchaseOrder' },
					{ name: 'Reason Code', value: 'reasonCode' },
					{ name: 'Report', value: 'report' },
					{ name: 'Shipping Order', value: 'shippingOrder' },
					{ name: 'Vendor', value: 'vendor' },
					{ name: 'Warehouse', value: 'warehouse' },
					{ name: 'Webhook Subscription', value: 'webhook' },
					{ name: 'Work Order', value: 'workOrder' },
				] satisfies Array<INodePropertyOptions & { value: InventoryProResource }>,
				default: 'item',
			},
			...item.description,
			...inventory.description,
			...customer.description,
			...vendor.description,
			...purchaseOrder.description,
			...shippingOrder.description,
			...workOrder.description,
			...asset.description,
			...category.description,
			...reasonCode.description,
			...location.description,
			...warehouse.description,
			...report.description,
			...webhook.description,
			...customApi.description,
		],
	};

	methods = { loadOptions, listSearch, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
