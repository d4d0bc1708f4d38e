import { field } from '../common/fields';

/** The optional fields Create and Update share. */
export const itemFields = [
	field.text('description', 'Item description'),
	field.pick('category', 'category', 'Category name'),
	field.text('subCategory', 'Sub-category name'),
	field.text('uOM', 'Unit of measure, e.g. EA, BOX, KG'),
	field.number('units', 'Units per unit of measure'),
];
