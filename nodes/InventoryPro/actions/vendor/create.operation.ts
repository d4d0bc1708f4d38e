import { recordOperation } from '../common/record';
import { partyFields, shortIdField } from '../common/party';

/** POST /Vendor (assumed): filed under its shortID. */
export const { option, description, execute } = recordOperation('vendor', 'create', {
	name: 'Create',
	action: 'Create a vendor',
	endpoint: 'vendor.create',
	body: [shortIdField('vendor', 'ACME-FASTENERS'), ...partyFields({ nameRequired: true })],
});
