import { listOperation } from '../common/getMany';

/** GET /Asset/Types. */
export const { option, description, execute } = listOperation('asset', 'getTypes', {
	name: 'Get Types',
	action: 'Get many asset types',
	list: 'asset.types',
});
