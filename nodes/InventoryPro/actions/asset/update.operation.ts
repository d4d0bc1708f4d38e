import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';
import { assetFields } from './fields';

/** PUT /Asset/{shortID} (assumed): only the fields given change. */
export const { option, description, execute } = recordOperation('asset', 'update', {
	name: 'Update',
	action: 'Update an asset',
	endpoint: 'asset.update',
	path: [pathField.record('asset', 'shortID')],
	body: assetFields(),
	update: true,
});
