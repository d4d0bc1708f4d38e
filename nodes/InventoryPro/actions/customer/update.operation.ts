import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';
import { partyFields } from '../common/party';

/** PUT /Customer/{shortID} (assumed): only the fields given change. */
export const { option, description, execute } = recordOperation('customer', 'update', {
	name: 'Update',
	action: 'Update a customer',
	endpoint: 'customer.update',
	path: [pathField.record('customer', 'shortID')],
	body: partyFields({ nameRequired: false }),
	update: true,
});
