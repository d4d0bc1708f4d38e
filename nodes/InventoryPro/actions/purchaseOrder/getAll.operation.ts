import { listOperation } from '../common/getMany';

/** GET /PurchaseOrder, with order-date and header-only Modified Since filters. */
export const { option, description, execute } = listOperation('purchaseOrder', 'getAll', {
	name: 'Get Many',
	action: 'Get many purchase orders',
	list: 'purchaseOrder.list',
	simplify: 'purchaseOrder',
});
