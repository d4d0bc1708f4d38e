import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/**
 * DELETE /Item/{shortID} (v1) is not a delete: the item stays readable under /Item/All, so the answer
 * is the record with `discontinued: true`, like Disable, not n8n's `{ deleted: true }`.
 */
export const { option, description, execute } = recordOperation('item', 'discontinue', {
	name: 'Discontinue',
	action: 'Discontinue an item',
	endpoint: 'item.discontinue',
	path: [pathField.record('item', 'shortID')],
});
