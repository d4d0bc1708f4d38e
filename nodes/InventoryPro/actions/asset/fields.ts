import { field, type Field } from '../common/fields';
import { RECORDS } from '../../../shared/records';

/** Create and Update share the asset's documented fields (vendor docs' asset object). */
export function assetFields(): Field[] {
	return [
		field.text('description', 'Description'),
		field.id('assetType', 'Asset type ID (see Asset Types)'),
		field.pick('warehouse', 'warehouse', 'Warehouse holding the asset'),
		field.pick('location', 'location', 'Spot in the warehouse'),
		field.text('serial', 'Serial number'),
		field.choice('status', 'Status', RECORDS.asset.statuses),
	];
}

/** The key a new asset is filed under (unique; 409 on a duplicate). */
export const assetKey = field.text('shortID', "The asset's unique identifier", {
	required: true,
	displayName: 'Short ID',
	placeholder: `e.g. ${RECORDS.asset.example}`,
});
