import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** GET /Location/{spot} (vendor docs): 404 for an unknown spot. */
export const { option, description, execute } = recordOperation('location', 'get', {
	name: 'Get',
	action: 'Get a location',
	endpoint: 'location.get',
	path: [pathField.pick('location', 'spot')],
	simplify: 'location',
});
