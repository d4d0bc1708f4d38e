import { pathField } from '../common/fields';
import { listOperation } from '../common/getMany';

/** GET /Warehouse/{warehouseID}/Items. */
export const { option, description, execute } = listOperation('warehouse', 'getItems', {
	name: 'Get Items',
	action: 'Get items stocked in a warehouse',
	list: 'warehouse.items',
	path: [pathField.pick('warehouse', 'warehouseID')],
});
