import { listOperation } from '../common/getMany';

/** GET /Inventory/MaterialOut, or its one-warehouse variant when a warehouse is chosen. */
export const { option, description, execute } = listOperation('inventory', 'getMaterialOut', {
	name: 'Get Material Out',
	action: 'Get stock movements out',
	list: 'inventory.materialOut',
	byWarehouse: 'inventory.materialOutByWarehouse',
});
