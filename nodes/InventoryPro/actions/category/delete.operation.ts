import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** DELETE /Category/{categoryID} (assumed): 409 while items use it. */
export const { option, description, execute } = recordOperation('category', 'delete', {
	name: 'Delete',
	action: 'Delete a category',
	endpoint: 'category.delete',
	path: [pathField.pick('category', 'categoryID')],
	deletes: true,
});
