import { field, type Field } from './fields';

/** Purchase and shipping orders are created alike: the party, the warehouse, a date, a reference, lines. */
export function orderFields(party: Field, warehouseDescription: string, priceField: 'unitCost' | 'unitPrice'): Field[] {
	return [
		party,
		field.pick('warehouse', 'warehouseID', warehouseDescription, { required: true }),
		field.dateTime('orderDate', 'Order date (defaults to now)'),
		field.text('reference', 'Free reference'),
		field.lines('lines', 'Order lines', [
			field.record('item', field.text('itemID', 'Item shortID', { required: true })),
			field.number('quantity', 'Quantity ordered', { required: true }),
			field.number(priceField, 'Price per unit'),
		]),
	];
}
