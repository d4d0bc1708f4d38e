import { field } from '../common/fields';
import { recordOperation } from '../common/record';

/** POST /Location/Hold?id={spot} (vendor docs): no body; 204 = done, stock at the spot can then not be moved or issued. */
export const { option, description, execute } = recordOperation('location', 'hold', {
	name: 'Hold',
	action: 'Put a spot on hold',
	endpoint: 'location.hold',
	query: [
		field.pick('location', 'id', 'The spot (bin) code, e.g. A-01-03', {
			required: true,
			displayName: 'Spot',
		}),
	],
});
