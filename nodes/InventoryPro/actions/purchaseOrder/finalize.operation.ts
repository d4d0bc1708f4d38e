import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** POST /PurchaseOrder/{poNo}/Finalize (assumed): 409 when already closed. */
export const { option, description, execute } = recordOperation('purchaseOrder', 'finalize', {
	name: 'Finalize',
	action: 'Finalize a purchase order',
	endpoint: 'purchaseOrder.finalize',
	path: [pathField.record('purchaseOrder', 'poNo')],
});
