import { field, pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** PUT /ShippingOrder/{soNo} (assumed): status Completed finalizes the order (it emits order.completed). */
export const { option, description, execute } = recordOperation('shippingOrder', 'update', { name: 'Update', action: 'Update a shipping order' }, {
	endpoint: 'shippingOrder.update',
	path: [pathField.record('shippingOrder', 'soNo')],
	body: [
		field.text('reference', 'Free reference'),
		field.text('carrier', 'Carrier'),
		field.text('trackingNo', 'Tracking number'),
		field.dateTime('shipDate', 'Ship date'),
		field.choice('status', 'Status', ['Open', 'Picked', 'Shipped', 'Completed']),
	],
	update: true,
});
