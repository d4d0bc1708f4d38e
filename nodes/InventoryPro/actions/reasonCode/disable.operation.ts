import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** POST /ReasonCode/{reasonCodeID}/Disable (assumed). */
export const { option, description, execute } = recordOperation('reasonCode', 'disable', {
	name: 'Disable',
	action: 'Disable a reason code',
	endpoint: 'reasonCode.disable',
	path: [pathField.pick('reasonCode', 'reasonCodeID')],
});
