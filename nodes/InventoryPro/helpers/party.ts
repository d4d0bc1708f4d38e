import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../shared/transport';
import { fieldError } from '../../shared/validation';
import { changedFields } from './changes';
import type { UpsertPlan } from './listOnce';
import { boolean, text, type Check } from './read';
import { allowing } from '../../shared/transport/status';

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

/**
 * Customer or Vendor › Create or Update by shortID (the shortID is unique; a duplicate is a 409): the
 * record is read (GET /Customer/{shortID}, or from the list a plan read once), then written only when a
 * mapped field differs (PUT), or created when none exists (POST; a name is needed then). A create that
 * meets 409 reads again and updates what someone created meanwhile; any other 409 stands.
 */
export async function upsertParty(
	ctx: IExecuteFunctions,
	itemIndex: number,
	calls: {
		get: 'customer.get' | 'vendor.get';
		create: 'customer.create' | 'vendor.create';
		update: 'customer.update' | 'vendor.update';
	},
	shortID: string,
	fields: IDataObject,
	planned?: UpsertPlan,
): Promise<IDataObject[]> {
	const find = async () =>
		await allowing(404, apiRequest.call(ctx, calls.get, { path: { shortID }, itemIndex }));
	const update = async () =>
		outcome(
			'updated',
			await apiRequest.call(ctx, calls.update, {
				path: { shortID },
				body: fields,
				itemIndex,
			}),
		);

	const known = planned?.records.find(shortID);
	const existing = known === undefined ? await find() : { ok: known !== null, value: known };
	if (existing.ok) {
		if (changedFields(fields, existing.value as IDataObject).length === 0)
			return outcome('unchanged', existing.value);
		return await update();
	}
	if (fields.name === undefined)
		throw fieldError(
			ctx,
			'name',
			`is required to create "${shortID}", which does not exist yet`,
			itemIndex,
			'Map a name, or create the record first',
		);
	const made = await allowing(
		409,
		apiRequest.call(ctx, calls.create, { body: { shortID, ...fields }, itemIndex }),
	);
	if (made.ok) return outcome('created', made.value);
	if (!(await find()).ok) throw made.error;
	return await update();
}

/** The record as the service answered, with what happened to it. */
function outcome(what: 'created' | 'updated' | 'unchanged', record: unknown): IDataObject[] {
	const json = record && typeof record === 'object' ? (record as IDataObject) : {};
	return [{ ...json, outcome: what }];
}
