import { recordOperation } from '../common/record';
import { partyFields, shortIdField } from '../common/party';

/** POST /Customer (assumed): filed under its shortID. */
export const { option, description, execute } = recordOperation('customer', 'create', {
	name: 'Create',
	action: 'Create a customer',
	endpoint: 'customer.create',
	body: [shortIdField('customer', 'ACME-CORP'), ...partyFields({ nameRequired: true })],
});
