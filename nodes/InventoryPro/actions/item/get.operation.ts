import { field } from '../common/fields';
import { recordOperation } from '../common/record';

/** GET /Item?key=…&type=… (v1): one item by its shortID or its part number. */
export const { option, description, execute } = recordOperation('item', 'get', { name: 'Get', action: 'Get an item' }, {
	endpoint: 'item.get',
	query: [
		field.text('key', 'The shortID or partNo to look up', { required: true, displayName: 'Item Key', placeholder: 'e.g. WIDGET-01' }),
		field.choice('type', 'What key holds', [{ name: 'Short ID', value: 'id' }, { name: 'Part Number', value: 'partNo' }], { required: true, displayName: 'Look Up By' }),
	],
	simplify: 'item',
});
