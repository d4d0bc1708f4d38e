import { field } from '../common/fields';
import { recordOperation } from '../common/record';
import { itemFields } from './fields';

/**
 * POST /Item: a new item; the answer holds its partNo. The key goes as itemID: the spec's validation
 * example (an empty create names itemID as required) outranks the quickstart's create body (shortID).
 */
export const { option, description, execute } = recordOperation('item', 'create', {
	name: 'Create',
	action: 'Create an item',
	endpoint: 'item.create',
	body: [field.text('itemID', 'The item ID (shortID), unique', { required: true }), ...itemFields],
});
