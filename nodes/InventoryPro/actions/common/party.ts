import { field, type Field } from './fields';

/** Customers and vendors share one documented shape (vendor docs); only Create requires the name. */
export function partyFields({ nameRequired }: { nameRequired: boolean }): Field[] {
	return [
		field.text('name', 'Name', { required: nameRequired }),
		field.text('address1', 'Address, first line'),
		field.text('address2', 'Address, second line'),
		field.text('city', 'City'),
		field.text('state', 'State or region'),
		field.text('zip', 'Postal code'),
		field.text('country', 'Country (ISO 3166 alpha-2)'),
		field.text('phone', 'Phone number'),
		field.text('fax', 'Fax number'),
		field.text('email', 'Email address'),
		field.text('contact', 'Primary contact name'),
		field.boolean('active', 'Whether the record is active'),
	];
}

/** The key a new customer or vendor is filed under (unique; 409 on a duplicate). */
export const shortIdField = (noun: string, example: string) =>
	field.text('shortID', `The ${noun}'s unique identifier`, {
		required: true,
		displayName: 'Short ID',
		placeholder: `e.g. ${example}`,
	});
