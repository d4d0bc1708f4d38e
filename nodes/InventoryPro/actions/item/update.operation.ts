import { field } from '../common/fields';
import { recordOperation } from '../common/record';
import { itemFields } from './fields';

/** PUT /Item (v1): changes the item named by itemID; only the fields given are sent. */
export const { option, description, execute } = recordOperation('item', 'update', {
	name: 'Update',
	action: 'Update an item',
	endpoint: 'item.update',
	body: [
		field.record(
			'item',
			field.text('itemID', 'The item ID (shortID) to update', { required: true }),
		),
		...itemFields,
	],
	update: true,
});
