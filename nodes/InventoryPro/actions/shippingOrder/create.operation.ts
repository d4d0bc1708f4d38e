import { field } from '../common/fields';
import { recordOperation } from '../common/record';
import { orderFields } from '../common/orders';

/** POST /ShippingOrder (assumed): a new order with its lines. */
export const { option, description, execute } = recordOperation('shippingOrder', 'create', { name: 'Create', action: 'Create a shipping order' }, {
	endpoint: 'shippingOrder.create',
	body: orderFields(
		field.record('customer', field.id('customerID', 'Customer receiving the goods', { required: true })),
		'Warehouse shipping the goods',
		'unitPrice',
	),
});
