import type { ListEndpointId } from '../../shared/endpoints';

/**
 * The lists each Get Many reads, by resource and operation, for Sort Column's suggestions: `list` by
 * default, `all` with the "Include …" filter on, `byWarehouse` with a warehouse chosen. The operation
 * files call the same rows (test/node/description.test.ts holds the two together).
 */
export const GET_MANY_LISTS: Record<
	string,
	{ list: ListEndpointId; all?: ListEndpointId; byWarehouse?: ListEndpointId }
> = {
	'item.getAll': { list: 'item.list', all: 'item.listAll' },
	'inventory.getAll': { list: 'inventory.list', byWarehouse: 'inventory.listByWarehouse' },
	'inventory.getStockLevels': {
		list: 'inventory.stockLevels',
		byWarehouse: 'inventory.stockLevelsByWarehouse',
	},
	'inventory.getMaterialIn': {
		list: 'inventory.materialIn',
		byWarehouse: 'inventory.materialInByWarehouse',
	},
	'inventory.getMaterialOut': {
		list: 'inventory.materialOut',
		byWarehouse: 'inventory.materialOutByWarehouse',
	},
	'customer.getAll': { list: 'customer.list', all: 'customer.listAll' },
	'vendor.getAll': { list: 'vendor.list', all: 'vendor.listAll' },
	'purchaseOrder.getAll': { list: 'purchaseOrder.list' },
	'shippingOrder.getAll': { list: 'shippingOrder.list' },
	'workOrder.getAll': { list: 'workOrder.list' },
	'asset.getAll': { list: 'asset.list', all: 'asset.listAll' },
	'asset.getTypes': { list: 'asset.types' },
	'category.getAll': { list: 'category.list', all: 'category.listAll' },
	'reasonCode.getAll': { list: 'reasonCode.list', all: 'reasonCode.listAll' },
	'location.getAll': { list: 'location.list' },
	'warehouse.getAll': { list: 'warehouse.list' },
	'warehouse.getItems': { list: 'warehouse.items' },
	'report.getAll': { list: 'report.list' },
	'report.run': { list: 'report.run' },
	'webhook.getAll': { list: 'webhook.list' },
	'webhook.getLog': { list: 'webhook.log' },
};
