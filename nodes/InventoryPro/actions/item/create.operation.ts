import { field } from '../common/fields';
import { recordOperation } from '../common/record';
import { itemFields } from './fields';

/** POST /Item: a new item; the answer holds its partNo. */
export const { option, description, execute } = recordOperation('item', 'create', {
	name: 'Create',
	action: 'Create an item',
	endpoint: 'item.create',
	body: [field.text('itemID', 'The item ID (shortID), unique', { required: true }), ...itemFields],
});
