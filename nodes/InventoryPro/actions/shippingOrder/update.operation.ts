import { field, pathField } from '../common/fields';
import { recordOperation } from '../common/record';
import { RECORDS } from '../../../shared/records';

/** PUT /ShippingOrder/{soNo} (assumed): status Closed completes the order (it emits order.completed). */
export const { option, description, execute } = recordOperation('shippingOrder', 'update', {
	name: 'Update',
	action: 'Update a shipping order',
	endpoint: 'shippingOrder.update',
	path: [pathField.record('shippingOrder', 'soNo')],
	body: [
		field.dateTime('shipDate', 'Ship date'),
		field.choice('status', 'Status', RECORDS.shippingOrder.statuses),
	],
	update: true,
});
