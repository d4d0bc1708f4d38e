import { boolean, text, type Check } from './read';

/** The optional fields customers and vendors share (vendor docs: one documented object, keyed by shortID). */
export const PARTY_FIELDS: Record<string, Check> = {
	address1: text,
	address2: text,
	city: text,
	state: text,
	zip: text,
	country: text,
	phone: text,
	fax: text,
	email: text,
	contact: text,
	active: boolean,
};
