import { listOperation } from '../common/getMany';
import { pickerDropdown } from '../common/pickers';

/** GET /Location: spots of every warehouse, or of one (?wid=, vendor docs). */
export const { option, description, execute } = listOperation('location', 'getAll', {
	name: 'Get Many',
	action: 'Get many locations',
	list: 'location.list',
	simplify: 'location',
	filters: [
		{
			property: pickerDropdown('warehouse', 'wid', 'Only spots of this warehouse (sent as wid)'),
			query: 'wid',
		},
	],
});
