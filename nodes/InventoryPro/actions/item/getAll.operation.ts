import { listOperation } from '../common/getMany';

/** GET /Item: active items; with Include Discontinued, GET /Item/All. */
export const { option, description, execute } = listOperation('item', 'getAll', { name: 'Get Many', action: 'Get many items' }, {
	list: 'item.list',
	listAll: { id: 'item.listAll', label: 'Include Discontinued' },
	simplify: 'item',
});
