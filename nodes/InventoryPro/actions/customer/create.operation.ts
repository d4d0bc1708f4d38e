import { recordOperation } from '../common/record';
import { partyFields } from '../common/party';

/** POST /Customer (assumed). */
export const { option, description, execute } = recordOperation('customer', 'create', { name: 'Create', action: 'Create a customer' }, {
	endpoint: 'customer.create',
	body: partyFields('customerCode', { nameRequired: true }),
});
