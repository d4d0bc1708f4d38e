import type { INodeProperties } from 'n8n-workflow';

import * as asset from './asset/Asset.resource';
import * as category from './category/Category.resource';
import * as customApi from './customApi/CustomApi.resource';
import * as customer from './customer/Customer.resource';
import * as inventory from './inventory/Inventory.resource';
import * as item from './item/Item.resource';
import * as location from './location/Location.resource';
import * as purchaseOrder from './purchaseOrder/PurchaseOrder.resource';
import * as reasonCode from './reasonCode/ReasonCode.resource';
import * as report from './report/Report.resource';
import * as shippingOrder from './shippingOrder/ShippingOrder.resource';
import * as vendor from './vendor/Vendor.resource';
import * as warehouse from './warehouse/Warehouse.resource';
import * as webhook from './webhook/Webhook.resource';
import * as workOrder from './workOrder/WorkOrder.resource';

/** How the Resource dropdown names each resource. */
export const RESOURCE_LABELS = {
	asset: 'Asset',
	category: 'Category',
	customApi: 'Custom API Request',
	customer: 'Customer',
	inventory: 'Inventory',
	item: 'Item',
	location: 'Location',
	purchaseOrder: 'Purchase Order',
	reasonCode: 'Reason Code',
	report: 'Report',
	shippingOrder: 'Shipping Order',
	vendor: 'Vendor',
	warehouse: 'Warehouse',
	webhook: 'Webhook Subscription',
	workOrder: 'Work Order',
} as const;

/** The node's parameters: the resource choice, then every resource's operations and fields. */
export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: Object.entries(RESOURCE_LABELS).map(([value, name]) => ({ name, value })),
		default: 'item',
	},
	{
		displayName:
			'Use Resource › Custom API Request instead: it calls any path with this credential, paced, paged and with clear errors',
		name: 'customApiCallNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { resource: ['__CUSTOM_API_CALL__'] } },
	},
	{
		displayName:
			'Use Resource › Custom API Request instead: it calls any path with this credential, paced, paged and with clear errors',
		name: 'customApiCallOperationNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { operation: ['__CUSTOM_API_CALL__'] } },
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
];
