import { listOperation } from '../common/getMany';

/** GET /Asset: assets in service; with Include Retired, GET /Asset/All. */
export const { option, description, execute } = listOperation('asset', 'getAll', {
	name: 'Get Many',
	action: 'Get many assets',
	list: 'asset.list',
	listAll: { id: 'asset.listAll', label: 'Include Retired' },
	simplify: 'asset',
});
