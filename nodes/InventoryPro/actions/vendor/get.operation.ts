import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** GET /Vendor/{shortID} (vendor docs). */
export const { option, description, execute } = recordOperation('vendor', 'get', {
	name: 'Get',
	action: 'Get a vendor',
	endpoint: 'vendor.get',
	path: [pathField.record('vendor', 'shortID')],
	simplify: 'vendor',
});
