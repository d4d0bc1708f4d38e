import { pathField } from '../common/fields';
import { listOperation } from '../common/getMany';

/** GET /Webhook/{rec}/log. */
export const { option, description, execute } = listOperation('webhook', 'getLog', {
	name: 'Get Delivery Log',
	action: 'Get the delivery log of a webhook subscription',
	list: 'webhook.log',
	path: [pathField.record('webhook', 'rec')],
});
