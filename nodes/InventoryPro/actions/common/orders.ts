import { field, type Field } from './fields';

/**
 * Purchase and shipping orders are created alike: the party, dates, lines. Names follow the documented
 * order objects (vendor docs: lines carry shortID, units, a per-line warehouse, unitPrice on POs); the
 * create body itself is not shown, so these names are assumed from them.
 */
export function orderFields(
	party: Field,
	dates: readonly Field[],
	{ priced }: { priced: boolean },
): Field[] {
	return [
		party,
		field.dateTime('orderDate', 'Order date (defaults to now)'),
		...dates,
		field.lines('lines', 'Order lines', [
			field.record('item', field.text('shortID', 'Item shortID', { required: true })),
			field.number('units', 'Units ordered', { required: true }),
			field.id('warehouse', 'Warehouse ID of the line', { required: true }),
			...(priced ? [field.number('unitPrice', 'Price per unit')] : []),
		]),
	];
}
