import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** GET /ShippingOrder/{soNo} (assumed): the order with its lines. */
export const { option, description, execute } = recordOperation('shippingOrder', 'get', {
	name: 'Get',
	action: 'Get a shipping order',
	endpoint: 'shippingOrder.get',
	path: [pathField.record('shippingOrder', 'soNo')],
	simplify: 'shippingOrder',
});
