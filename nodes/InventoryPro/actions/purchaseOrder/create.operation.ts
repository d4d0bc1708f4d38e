import { field } from '../common/fields';
import { recordOperation } from '../common/record';
import { orderFields } from '../common/orders';

/** POST /PurchaseOrder (assumed): a new order with its lines, for a vendor named by its shortID. */
export const { option, description, execute } = recordOperation('purchaseOrder', 'create', {
	name: 'Create',
	action: 'Create a purchase order',
	endpoint: 'purchaseOrder.create',
	body: orderFields(
		field.record(
			'vendor',
			field.text('vendor', 'Vendor supplying the goods (its shortID)', { required: true }),
		),
		[field.dateTime('expectedDate', 'Expected delivery')],
		{ priced: true },
	),
});
