import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** POST /Webhook/{rec}/test: the subscription must be active. */
export const { option, description, execute } = recordOperation('webhook', 'test', {
	name: 'Test',
	action: 'Send a test event to a webhook subscription',
	endpoint: 'webhook.test',
	path: [pathField.record('webhook', 'rec')],
});
