import { recordOperation } from '../common/record';
import { partyFields } from '../common/party';

/** POST /Vendor (assumed). */
export const { option, description, execute } = recordOperation('vendor', 'create', { name: 'Create', action: 'Create a vendor' }, {
	endpoint: 'vendor.create',
	body: partyFields('vendorCode', { nameRequired: true }),
});
