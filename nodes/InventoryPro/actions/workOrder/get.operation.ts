import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** GET /WorkOrder/{woNo} (assumed): the order with its component lines. */
export const { option, description, execute } = recordOperation('workOrder', 'get', {
	name: 'Get',
	action: 'Get a work order',
	endpoint: 'workOrder.get',
	path: [pathField.record('workOrder', 'woNo')],
	simplify: 'workOrder',
});
