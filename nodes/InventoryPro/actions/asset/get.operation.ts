import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** GET /Asset/{assetID} (assumed). */
export const { option, description, execute } = recordOperation('asset', 'get', { name: 'Get', action: 'Get an asset' }, {
	endpoint: 'asset.get',
	path: [pathField.record('asset', 'assetID')],
	simplify: 'asset',
});
