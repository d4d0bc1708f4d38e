import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** GET /Customer/{shortID} (assumed; key from vendor docs). */
export const { option, description, execute } = recordOperation('customer', 'get', {
	name: 'Get',
	action: 'Get a customer',
	endpoint: 'customer.get',
	path: [pathField.record('customer', 'shortID')],
	simplify: 'customer',
});
