import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** DELETE /Item/{shortID} (v1): the item stays readable under /Item/All. */
export const { option, description, execute } = recordOperation('item', 'discontinue', { name: 'Discontinue', action: 'Discontinue an item' }, {
	endpoint: 'item.discontinue',
	path: [pathField.text('shortID', "The item's ID (shortID)", 'e.g. WIDGET-01')],
});
