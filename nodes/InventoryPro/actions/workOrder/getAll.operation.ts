import { listOperation } from '../common/getMany';

/** GET /WorkOrder (read-only in the spec). */
export const { option, description, execute } = listOperation('workOrder', 'getAll', {
	name: 'Get Many',
	action: 'Get many work orders',
	list: 'workOrder.list',
	simplify: 'workOrder',
});
