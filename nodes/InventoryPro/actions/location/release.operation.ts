import { field } from '../common/fields';
import { recordOperation } from '../common/record';

/** POST /Location/Release?id={spot} (vendor docs): no body; 204 = done, lifts the hold. */
export const { option, description, execute } = recordOperation('location', 'release', {
	name: 'Release',
	action: 'Release a held spot',
	endpoint: 'location.release',
	query: [
		field.pick('location', 'id', 'The spot (bin) code, e.g. A-01-03', {
			required: true,
			displayName: 'Spot',
		}),
	],
});
