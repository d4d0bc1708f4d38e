import { recordOperation } from '../common/record';
import { assetFields, assetKey } from './fields';

/** POST /Asset (assumed path; fields from the vendor docs' asset object). */
export const { option, description, execute } = recordOperation('asset', 'create', {
	name: 'Create',
	action: 'Create an asset',
	endpoint: 'asset.create',
	body: [assetKey, ...assetFields()],
});
