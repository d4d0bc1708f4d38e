import { listOperation } from '../common/getMany';

/** GET /Customer: active customers; with Include Inactive, GET /Customer/All. */
export const { option, description, execute } = listOperation('customer', 'getAll', {
	name: 'Get Many',
	action: 'Get many customers',
	list: 'customer.list',
	listAll: { id: 'customer.listAll', label: 'Include Inactive' },
	simplify: 'customer',
});
