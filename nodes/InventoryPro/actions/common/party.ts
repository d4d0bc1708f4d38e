import { field, type Field } from './fields';

/** Customers and vendors share one shape; only Create requires the name. */
export function partyFields(codeField: 'customerCode' | 'vendorCode', { nameRequired }: { nameRequired: boolean }): Field[] {
	return [
		field.text('name', 'Name', { required: nameRequired }),
		field.text(codeField, 'Short code'),
		field.text('email', 'Email address'),
		field.text('phone', 'Phone number'),
		field.text('address', 'Street address'),
		field.text('city', 'City'),
		field.text('postalCode', 'Postal code'),
		field.text('country', 'Country (ISO 3166 alpha-2)'),
		field.boolean('active', 'Whether the record is active'),
	];
}
