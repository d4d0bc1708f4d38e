import { recordOperation } from '../common/record';
import { assetFields } from './fields';

/** POST /Asset (assumed). */
export const { option, description, execute } = recordOperation('asset', 'create', { name: 'Create', action: 'Create an asset' }, {
	endpoint: 'asset.create',
	body: assetFields({ tagRequired: true }),
});
