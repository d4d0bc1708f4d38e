import { pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** DELETE /ReasonCode/{reasonCodeID} (assumed). */
export const { option, description, execute } = recordOperation('reasonCode', 'delete', {
	name: 'Delete',
	action: 'Delete a reason code',
	endpoint: 'reasonCode.delete',
	path: [pathField.pick('reasonCode', 'reasonCodeID')],
	deletes: true,
});
