import { field } from '../common/fields';
import { recordOperation } from '../common/record';
import { orderFields } from '../common/orders';

/** POST /PurchaseOrder (assumed): a new order with its lines. */
export const { option, description, execute } = recordOperation('purchaseOrder', 'create', { name: 'Create', action: 'Create a purchase order' }, {
	endpoint: 'purchaseOrder.create',
	body: orderFields(
		field.record('vendor', field.id('vendorID', 'Vendor supplying the goods', { required: true })),
		'Warehouse receiving the goods',
		'unitCost',
	),
});
