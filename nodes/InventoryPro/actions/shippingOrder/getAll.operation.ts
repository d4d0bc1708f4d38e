import { listOperation } from '../common/getMany';

/** GET /ShippingOrder, with order-date and header-only Modified Since filters. */
export const { option, description, execute } = listOperation('shippingOrder', 'getAll', {
	name: 'Get Many',
	action: 'Get many shipping orders',
	list: 'shippingOrder.list',
	simplify: 'shippingOrder',
});
