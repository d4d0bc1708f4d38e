import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { extraBodyFields } from '../common.descriptions';
import { apiRequest } from '../../../shared/transport';
import { readColumns } from '../../helpers/columns';
import { readExtraBody } from '../../helpers/extraBody';
import { changedFields } from '../../helpers/changes';
import { foldCase, UpsertPlan } from '../../helpers/listOnce';
import { wouldSend, wouldUpsert } from '../../helpers/preview';
import { boolean, readCollection } from '../../helpers/read';
import { allowing } from '../../../shared/transport/status';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Fields',
		name: 'columns',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: true,
		typeOptions: {
			resourceMapper: {
				resourceMapperMethod: 'getItemColumns',
				mode: 'upsert',
				fieldWords: { singular: 'field', plural: 'fields' },
				addAllFields: true,
				multiKeyMatch: false,
				supportAutoMap: true,
				matchingFieldsLabels: {
					title: 'Item Matched By',
					description:
						"The item's short ID (its SKU) names the item: it is updated when it exists, created otherwise",
				},
			},
		},
		description:
			'The fields to set. A field left empty, or mapped to an empty value, is not sent, so the item keeps what it holds. Map Automatically takes the input fields named like the fields (shortID, description, uOM, …).',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Preview (Write Nothing)',
				name: 'preview',
				type: 'boolean',
				default: false,
				description:
					'Whether to read as a run does and write nothing: each row comes out with what it would do (action: create, update or unchanged), the fields that would change and the request it would send',
			},
		],
	},
	extraBodyFields,
];

const displayOptions: ShowFor<'item'> = { show: { resource: ['item'], operation: ['upsert'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Many rows: the item catalogue once, when cheaper than a read per row (helpers/listOnce.ts). */
export async function plan(this: IExecuteFunctions, rows: number): Promise<UpsertPlan> {
	return await UpsertPlan.make(
		this,
		rows,
		'item.listAll',
		(itemIndex) => readRow(this, itemIndex).itemID,
		foldCase,
	);
}

/** What one row asks for, checked: nothing is read or written for a row that fails here. */
function readRow(ctx: IExecuteFunctions, itemIndex: number) {
	const { key, fields } = readColumns(ctx, itemIndex, 'item');
	const { preview } = readCollection(ctx, itemIndex, 'options', { preview: boolean });
	return { itemID: key, fields, extra: readExtraBody(ctx, itemIndex), preview: preview === true };
}

/**
 * Item › Create or Update, keyed by the item's shortID (vendor docs: the SKU, unique; the spec: a duplicate
 * is a 409): GET /Item?key={shortID}&type=id, then PUT /Item when it exists or POST /Item when the service
 * answers 404; the body names the item by `itemID`. A create that meets 409 may have lost a race with
 * someone creating the same item since the read, or met another conflict (a disabled category): the item
 * is read again, and only when it now exists is it updated; otherwise the create's 409 stands. An existing
 * item whose mapped fields all hold the row's values is left as it is, with no write (Extra Body Fields are
 * sent with a write, never compared: helpers/changes.ts). The answer is the item, `outcome` (created,
 * updated or unchanged) and `changed` (the fields that differed). With a plan, the catalogue read once
 * stands in for the GET. In preview the row stops after its read, with what it would do (helpers/preview.ts).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	planned?: UpsertPlan,
): Promise<IDataObject[]> {
	if (planned?.refused) throw planned.refused;
	const { itemID, fields, extra, preview } = readRow(this, itemIndex);
	const body = { itemID, ...fields, ...extra };
	const find = async () =>
		await allowing(
			404,
			apiRequest.call(this, 'item.get', { query: { key: itemID, type: 'id' }, itemIndex }),
		);
	/** An existing item: written only when a mapped field it shows differs. */
	const update = async (record: IDataObject) => {
		const changed = changedFields(fields, record);
		if (changed.length === 0) return answer('unchanged', record, changed);
		return answer(
			'updated',
			await apiRequest.call(this, 'item.update', { body, itemIndex }),
			changed,
		);
	};

	const known = planned?.records.find(itemID);
	const existing = known === undefined ? await find() : { ok: known !== null, value: known };
	if (preview)
		return wouldUpsert(
			{ shortID: itemID },
			fields,
			existing.ok ? (existing.value as IDataObject) : null,
			{ create: wouldSend('item.create', body), update: wouldSend('item.update', body) },
		);
	if (existing.ok) return await update(existing.value as IDataObject);
	const made = await allowing(409, apiRequest.call(this, 'item.create', { body, itemIndex }));
	if (made.ok) return answer('created', made.value, Object.keys(fields));
	// A 409 that is not this item, created meanwhile by someone else, stands as the create's error.
	const now = await find();
	if (!now.ok) throw made.error;
	return await update(now.value as IDataObject);
}

/** The item as the service answered, with what happened to it and which mapped fields that changed. */
function answer(
	outcome: 'created' | 'updated' | 'unchanged',
	record: unknown,
	changed: string[],
): IDataObject[] {
	const item = record && typeof record === 'object' ? (record as IDataObject) : {};
	return [{ ...item, outcome, changed }];
}
