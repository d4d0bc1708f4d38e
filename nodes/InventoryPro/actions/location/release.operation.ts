import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** POST /Location/{locationID}/Release (assumed). */
export const { option, description, execute } = recordOperation('location', 'release', { name: 'Release', action: 'Release a location' }, {
	endpoint: 'location.release',
	path: [pathField.pick('location', 'locationID')],
});
