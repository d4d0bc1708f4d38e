import { field, type Field } from '../common/fields';

/** Receive, Move and Issue: the item, the operation's own fields, the quantity, lot and reference. */
export function stockFields(own: readonly Field[]): Field[] {
	return [
		field.record('item', field.text('itemID', 'Item shortID', { required: true })),
		...own,
		field.number('quantity', 'Quantity, greater than zero', { required: true }),
		field.text('lot', 'Lot or batch number'),
		field.text('reference', 'Free reference, e.g. a delivery note'),
	];
}
