import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** GET /Asset/{shortID} (assumed). */
export const { option, description, execute } = recordOperation('asset', 'get', {
	name: 'Get',
	action: 'Get an asset',
	endpoint: 'asset.get',
	path: [pathField.record('asset', 'shortID')],
	simplify: 'asset',
});
