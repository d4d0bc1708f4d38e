import { listOperation } from '../common/getMany';

/** GET /Webhook: each API client sees only its own subscriptions. */
export const { option, description, execute } = listOperation('webhook', 'getAll', {
	name: 'Get Many',
	action: 'Get many webhook subscriptions',
	list: 'webhook.list',
});
