import { field, type Field } from '../common/fields';

/** Create and Update share the asset's fields; only Create requires the tag. */
export function assetFields({ tagRequired }: { tagRequired: boolean }): Field[] {
	return [
		field.text('assetTag', 'Asset tag, unique', { required: tagRequired }),
		field.text('description', 'Description'),
		field.id('typeID', 'Asset type (see Asset Types)'),
		field.pick('warehouse', 'warehouseID', 'Warehouse holding the asset'),
		field.pick('location', 'location', 'Bin or location code'),
		field.text('serialNo', 'Serial number'),
		field.choice('status', 'Status', ['In Service', 'In Repair', 'Retired']),
	];
}
