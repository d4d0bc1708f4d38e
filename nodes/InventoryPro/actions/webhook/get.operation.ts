import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** GET /Webhook/{rec}. */
export const { option, description, execute } = recordOperation('webhook', 'get', {
	name: 'Get',
	action: 'Get a webhook subscription',
	endpoint: 'webhook.get',
	path: [pathField.record('webhook', 'rec')],
});
