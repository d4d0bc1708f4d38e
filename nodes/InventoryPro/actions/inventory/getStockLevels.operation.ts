import { listOperation } from '../common/getMany';

/** GET /Inventory/StockLevels, or /Inventory/StockLevels/{wid} when a warehouse is chosen (vendor docs). */
export const { option, description, execute } = listOperation('inventory', 'getStockLevels', {
	name: 'Get Stock Levels',
	action: 'Get stock levels',
	list: 'inventory.stockLevels',
	byWarehouse: 'inventory.stockLevelsByWarehouse',
});
