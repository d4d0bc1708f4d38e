// The Changes Trigger's Watch field: one option per list of the endpoint table that takes modifiedSince
// (nodes/shared/changes/watchable.ts reads the same table; test/pollTrigger checks the two agree).
import type { INodeProperties } from 'n8n-workflow';

export const watchProperties: INodeProperties[] = [
	{
		displayName: 'Watch',
		name: 'watch',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Active Assets',
				value: 'asset.list',
				description: 'GET /Asset',
			},
			{
				name: 'Active Categories',
				value: 'category.list',
				description: 'GET /Category',
			},
			{
				name: 'Active Customers',
				value: 'customer.list',
				description: 'GET /Customer',
			},
			{
				name: 'Active Items',
				value: 'item.list',
				description: 'GET /Item',
			},
			{
				name: 'Active Reason Codes',
				value: 'reasonCode.list',
				description: 'GET /ReasonCode',
			},
			{
				name: 'Active Vendors',
				value: 'vendor.list',
				description: 'GET /Vendor',
			},
			{
				name: 'All Assets (Discontinued Included)',
				value: 'asset.listAll',
				description: 'GET /Asset/All',
			},
			{
				name: 'All Categories (Disabled Included)',
				value: 'category.listAll',
				description: 'GET /Category/All',
			},
			{
				name: 'All Customers (Inactive Included)',
				value: 'customer.listAll',
				description: 'GET /Customer/All',
			},
			{
				name: 'All Items (Discontinued Included)',
				value: 'item.listAll',
				description: 'GET /Item/All',
			},
			{
				name: 'All Reason Codes (Disabled Included)',
				value: 'reasonCode.listAll',
				description: 'GET /ReasonCode/All',
			},
			{
				name: 'All Vendors (Inactive Included)',
				value: 'vendor.listAll',
				description: 'GET /Vendor/All',
			},
			{
				name: 'Asset Types',
				value: 'asset.types',
				description: 'GET /Asset/Types',
			},
			{
				name: 'Locations',
				value: 'location.list',
				description: 'GET /Location: the spots (bins) of every warehouse',
			},
			{
				name: 'Material In',
				value: 'inventory.materialIn',
				description: 'GET /Inventory/MaterialIn: stock movements into warehouses',
			},
			{
				name: 'Material In of One Warehouse',
				value: 'inventory.materialInByWarehouse',
				description: 'GET /Inventory/MaterialIn/{warehouseID} (a MaterialIn variant; path assumed)',
			},
			{
				name: 'Material Out',
				value: 'inventory.materialOut',
				description: 'GET /Inventory/MaterialOut: stock movements out of warehouses',
			},
			{
				name: 'Material Out of One Warehouse',
				value: 'inventory.materialOutByWarehouse',
				description:
					'GET /Inventory/MaterialOut/{warehouseID} (a MaterialOut variant; path assumed)',
			},
			{
				name: 'Open Purchase Orders',
				value: 'purchaseOrder.list',
				description:
					'GET /PurchaseOrder: the service lists open orders (vendor docs), so an order that closes leaves the list',
			},
			{
				name: 'Shipping Orders',
				value: 'shippingOrder.list',
				description: 'GET /ShippingOrder',
			},
			{
				name: 'Warehouses',
				value: 'warehouse.list',
				description: 'GET /Warehouse',
			},
			{
				name: 'Work Orders',
				value: 'workOrder.list',
				description: 'GET /WorkOrder',
			},
		],
		default: 'item.list',
		description:
			'The list to poll. Only lists that can be filtered by modification time are offered.',
	},
	{
		displayName:
			"Orders are matched on the order header's Modified time only: changes to order lines alone may not show up",
		name: 'headerOnlyNotice',
		type: 'notice',
		default: '',
		displayOptions: {
			show: { watch: ['purchaseOrder.list', 'shippingOrder.list', 'workOrder.list'] },
		},
	},
	{
		displayName: 'Warehouse ID',
		name: 'warehouseID',
		type: 'number',
		required: true,
		default: 0,
		description: 'The warehouseID to watch',
		displayOptions: {
			show: { watch: ['inventory.materialInByWarehouse', 'inventory.materialOutByWarehouse'] },
		},
	},
];
