import { listOperation } from '../common/getMany';

/** GET /Inventory/MaterialIn, or its one-warehouse variant when a warehouse is chosen. */
export const { option, description, execute } = listOperation('inventory', 'getMaterialIn', {
	name: 'Get Material In',
	action: 'Get stock movements in',
	list: 'inventory.materialIn',
	byWarehouse: 'inventory.materialInByWarehouse',
});
