import { field } from '../common/fields';

/**
 * The optional fields Create and Update share: the item object of the vendor's items page. Category and
 * sub-category are category ids (integers; a sub-category is a category under another), picked by name.
 */
export const itemFields = [
	field.text('description', 'Item description'),
	field.pick('category', 'category', 'The category the item is filed under (sent as its ID)', {
		locator: true,
	}),
	field.pick('category', 'subCategory', 'The sub-category (sent as its category ID)', {
		locator: true,
		displayName: 'Sub-Category',
	}),
	field.text('uOM', 'Unit of measure, e.g. EA, BOX, KG'),
	field.text('putUp', 'Packaging, e.g. Box/100'),
	field.number('units', 'Units per package'),
	field.integer(
		'dfltOwner',
		'The customer that owns the stock by default, 0 = own stock. The docs call it the customer ID: the numeric ID the service keeps for the customer, not its Short ID.',
		{ displayName: 'Default Owner (Customer ID)' },
	),
];
