import { listOperation } from '../common/getMany';

/** GET /Warehouse (read-only in the spec). */
export const { option, description, execute } = listOperation('warehouse', 'getAll', {
	name: 'Get Many',
	action: 'Get many warehouses',
	list: 'warehouse.list',
});
