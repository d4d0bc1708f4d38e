import { field, pathField } from '../common/fields';
import { recordOperation } from '../common/record';

/** POST /Location/{locationID}/Hold (assumed). */
export const { option, description, execute } = recordOperation('location', 'hold', { name: 'Hold', action: 'Put a location on hold' }, {
	endpoint: 'location.hold',
	path: [pathField.pick('location', 'locationID')],
	body: [
		field.text('reason', 'Why the location is held'),
	],
});
