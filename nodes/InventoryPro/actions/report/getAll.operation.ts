import { listOperation } from '../common/getMany';

/** GET /Report (assumed): the reports this client may run. */
export const { option, description, execute } = listOperation('report', 'getAll', {
	name: 'Get Many',
	action: 'Get many reports',
	list: 'report.list',
});
