import { listOperation } from '../common/getMany';

/** GET /Inventory, or /Inventory/{warehouseID} when a warehouse is chosen. */
export const { option, description, execute } = listOperation('inventory', 'getAll', { name: 'Get Many', action: 'Get stock on hand' }, {
	list: 'inventory.list',
	byWarehouse: 'inventory.listByWarehouse',
});
