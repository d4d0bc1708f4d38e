import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** DELETE /Webhook/{rec}: the subscription and its delivery log. */
export const { option, description, execute } = recordOperation('webhook', 'delete', {
	name: 'Delete',
	action: 'Delete a webhook subscription',
	endpoint: 'webhook.delete',
	path: [pathField.record('webhook', 'rec')],
	deletes: true,
});
