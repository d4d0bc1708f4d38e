import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** GET /Category/{id} (vendor docs): 404 when it does not exist. */
export const { option, description, execute } = recordOperation('category', 'get', {
	name: 'Get',
	action: 'Get a category',
	endpoint: 'category.get',
	path: [pathField.pick('category', 'categoryID')],
});
