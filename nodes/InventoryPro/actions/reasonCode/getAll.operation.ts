import { listOperation } from '../common/getMany';

/** GET /ReasonCode: active reason codes; with Include Disabled, GET /ReasonCode/All. */
export const { option, description, execute } = listOperation('reasonCode', 'getAll', {
	name: 'Get Many',
	action: 'Get many reason codes',
	list: 'reasonCode.list',
	listAll: { id: 'reasonCode.listAll', label: 'Include Disabled' },
});
