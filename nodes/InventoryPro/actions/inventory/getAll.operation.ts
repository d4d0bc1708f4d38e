import { listOperation } from '../common/getMany';

/** GET /Inventory (received lots, newest first), or /Inventory/{warehouseID} when a warehouse is chosen. */
export const { option, description, execute } = listOperation('inventory', 'getAll', {
	name: 'Get Lots',
	action: 'Get received lots',
	list: 'inventory.list',
	byWarehouse: 'inventory.listByWarehouse',
	simplify: 'lot',
});
