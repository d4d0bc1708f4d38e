import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** POST /Category/{categoryID}/Disable (assumed). */
export const { option, description, execute } = recordOperation('category', 'disable', {
	name: 'Disable',
	action: 'Disable a category',
	endpoint: 'category.disable',
	path: [pathField.pick('category', 'categoryID')],
});
