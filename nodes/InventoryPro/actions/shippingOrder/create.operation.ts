import { field } from '../common/fields';
import { recordOperation } from '../common/record';
import { orderFields } from '../common/orders';

/** POST /ShippingOrder (assumed): a new order with its lines, for a customer named by its shortID. */
export const { option, description, execute } = recordOperation('shippingOrder', 'create', {
	name: 'Create',
	action: 'Create a shipping order',
	endpoint: 'shippingOrder.create',
	body: orderFields(
		field.record(
			'customer',
			field.text('customer', 'Customer receiving the goods (its shortID)', { required: true }),
		),
		[field.dateTime('shipDate', 'Planned ship date')],
		{ priced: false },
	),
});
