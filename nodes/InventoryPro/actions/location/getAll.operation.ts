import { listOperation } from '../common/getMany';

/** GET /Location: bins and locations. */
export const { option, description, execute } = listOperation('location', 'getAll', { name: 'Get Many', action: 'Get many locations' }, {
	list: 'location.list',
	simplify: 'location',
});
