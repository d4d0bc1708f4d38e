import { listOperation } from '../common/getMany';

/** GET /Category: active categories; with Include Disabled, GET /Category/All. */
export const { option, description, execute } = listOperation('category', 'getAll', {
	name: 'Get Many',
	action: 'Get many categories',
	list: 'category.list',
	listAll: { id: 'category.listAll', label: 'Include Disabled' },
});
