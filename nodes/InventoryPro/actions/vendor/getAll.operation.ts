import { listOperation } from '../common/getMany';

/** GET /Vendor: active vendors; with Include Inactive, GET /Vendor/All. */
export const { option, description, execute } = listOperation('vendor', 'getAll', {
	name: 'Get Many',
	action: 'Get many vendors',
	list: 'vendor.list',
	listAll: { id: 'vendor.listAll', label: 'Include Inactive' },
	simplify: 'vendor',
});
