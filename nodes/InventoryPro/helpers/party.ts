import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../shared/transport';
import { fieldError } from '../../shared/validation';
import { changedFields } from './changes';
import type { UpsertPlan } from './listOnce';
import { wouldSend, wouldUpsert } from './preview';
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
 * mapped field it shows differs (PUT, with Extra Body Fields; helpers/changes.ts), or created when none
 * exists (POST; a name is needed then). A create that meets 409 reads again and updates what someone
 * created meanwhile; any other 409 stands. The answer is the record, `outcome` and `changed`; in preview,
 * what the row would do after its read (helpers/preview.ts).
 */
export async function upsertParty(
	ctx: IExecuteFunctions,
	itemIndex: number,
	calls: {
		get: 'customer.get' | 'vendor.get';
		create: 'customer.create' | 'vendor.create';
		update: 'customer.update' | 'vendor.update';
	},
	row: { shortID: string; fields: IDataObject; extra: IDataObject; preview: boolean },
	planned?: UpsertPlan,
): Promise<IDataObject[]> {
	const { shortID, fields, extra, preview } = row;
	const find = async () =>
		await allowing(404, apiRequest.call(ctx, calls.get, { path: { shortID }, itemIndex }));
	/** An existing record: written only when a mapped field it shows differs. */
	const update = async (record: IDataObject) => {
		const changed = changedFields(fields, record);
		if (changed.length === 0) return outcome('unchanged', record, changed);
		return outcome(
			'updated',
			await apiRequest.call(ctx, calls.update, {
				path: { shortID },
				body: { ...fields, ...extra },
				itemIndex,
			}),
			changed,
		);
	};

	const known = planned?.records.find(shortID);
	const existing = known === undefined ? await find() : { ok: known !== null, value: known };
	if (!existing.ok) requireName(ctx, itemIndex, row);
	if (preview)
		return wouldUpsert({ shortID }, fields, existing.ok ? (existing.value as IDataObject) : null, {
			create: wouldSend(calls.create, { shortID, ...fields, ...extra }),
			update: wouldSend(calls.update, { ...fields, ...extra }, { shortID }),
		});
	if (existing.ok) return await update(existing.value as IDataObject);
	const made = await allowing(
		409,
		apiRequest.call(ctx, calls.create, { body: { shortID, ...fields, ...extra }, itemIndex }),
	);
	if (made.ok) return outcome('created', made.value, Object.keys(fields));
	const now = await find();
	if (!now.ok) throw made.error;
	return await update(now.value as IDataObject);
}

/** A record that does not exist yet is created, and the service needs its name for that. */
function requireName(
	ctx: IExecuteFunctions,
	itemIndex: number,
	{ shortID, fields }: { shortID: string; fields: IDataObject },
): void {
	if (fields.name === undefined)
		throw fieldError(
			ctx,
			'name',
			`is required to create "${shortID}", which does not exist yet`,
			itemIndex,
			'Map a name, or create the record first',
		);
}

/** The record as the service answered, with what happened to it and which mapped fields that changed. */
function outcome(
	what: 'created' | 'updated' | 'unchanged',
	record: unknown,
	changed: string[],
): IDataObject[] {
	const json = record && typeof record === 'object' ? (record as IDataObject) : {};
	return [{ ...json, outcome: what, changed }];
}
