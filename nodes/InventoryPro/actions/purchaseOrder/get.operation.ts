import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** GET /PurchaseOrder/{poNo} (assumed): the order with its lines. */
export const { option, description, execute } = recordOperation('purchaseOrder', 'get', {
	name: 'Get',
	action: 'Get a purchase order',
	endpoint: 'purchaseOrder.get',
	path: [pathField.record('purchaseOrder', 'poNo')],
	simplify: 'purchaseOrder',
});
