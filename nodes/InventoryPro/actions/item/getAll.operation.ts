import { listOperation } from '../common/getMany';

/** GET /Item: active items (?Category={id}: of one category); with Include Discontinued, GET /Item/All. */
export const { option, description, execute } = listOperation('item', 'getAll', {
	name: 'Get Many',
	action: 'Get many items',
	list: 'item.list',
	listAll: { id: 'item.listAll', label: 'Include Discontinued' },
	simplify: 'item',
	filters: [
		{
			property: {
				displayName: 'Category ID',
				name: 'categoryID',
				type: 'number',
				default: 0,
				description:
					'Only items of this category or sub-category (sent as Category; see Category › Get Many for the IDs)',
			},
			query: 'Category',
		},
	],
});
