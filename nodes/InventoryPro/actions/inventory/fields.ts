import { field, type Field } from '../common/fields';

/**
 * Receive, Move and Issue: the item, the operation's own fields, the units, serial and remark. Names
 * follow the vendor's documented stock records (lot: units, wID, spot, serial, remark; the errors
 * page validates itemID and units); the bodies themselves are not shown, so these are inferred.
 */
export function stockFields(own: readonly Field[]): Field[] {
	return [
		field.record('item', field.text('itemID', 'Item shortID', { required: true })),
		...own,
		field.number('units', 'Units, greater than zero', { required: true }),
		field.text('serial', 'Serial or lot number'),
		field.text('remark', 'Free note, e.g. a delivery note or PO number'),
	];
}
