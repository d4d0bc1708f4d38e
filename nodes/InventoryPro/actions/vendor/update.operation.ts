import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';
import { partyFields } from '../common/party';

/** PUT /Vendor/{shortID} (assumed): only the fields given change. */
export const { option, description, execute } = recordOperation('vendor', 'update', {
	name: 'Update',
	action: 'Update a vendor',
	endpoint: 'vendor.update',
	path: [pathField.record('vendor', 'shortID')],
	body: partyFields({ nameRequired: false }),
	update: true,
});
