import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { extraBodyFields } from '../common.descriptions';
import { apiRequest } from '../../../shared/transport';
import { number, read, readCollection, recordNumber, text, wholeNumber } from '../../helpers/read';
import { readExtraBody } from '../../helpers/extraBody';
import { changedFields } from '../../helpers/changes';
import { foldCase, UpsertPlan } from '../../helpers/listOnce';
import { allowing } from '../../../shared/transport/status';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Item ID',
		name: 'itemID',
		description:
			'The item ID (shortID) that names the item: it is updated when it exists, created otherwise',
		type: 'string',
		default: '',
		required: true,
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Category',
				name: 'category',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description: 'The category the item is filed under (sent as its ID)',
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						placeholder: 'Select a category...',
						typeOptions: { searchListMethod: 'searchCategories', searchable: true },
					},
					{
						displayName: 'By ID',
						name: 'id',
						type: 'string',
						placeholder: 'e.g. 5',
						validation: [
							{
								type: 'regex',
								properties: { regex: '^[0-9]+$', errorMessage: 'Not a valid category ID' },
							},
						],
					},
				],
			},
			{
				displayName: 'Default Owner (Customer ID)',
				name: 'dfltOwner',
				description:
					'The customer that owns the stock by default, 0 = own stock. The docs call it the customer ID: the numeric ID the service keeps for the customer, not its Short ID.',
				type: 'number',
				default: 0,
				typeOptions: { numberPrecision: 0 },
			},
			{
				displayName: 'Description',
				name: 'description',
				description: 'Item description',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Put Up',
				name: 'putUp',
				description: 'Packaging, e.g. Box/100',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Sub-Category',
				name: 'subCategory',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description: 'The sub-category (sent as its category ID)',
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						placeholder: 'Select a category...',
						typeOptions: { searchListMethod: 'searchCategories', searchable: true },
					},
					{
						displayName: 'By ID',
						name: 'id',
						type: 'string',
						placeholder: 'e.g. 5',
						validation: [
							{
								type: 'regex',
								properties: { regex: '^[0-9]+$', errorMessage: 'Not a valid category ID' },
							},
						],
					},
				],
			},
			{
				displayName: 'Unit of Measure',
				name: 'uOM',
				description: 'Unit of measure, e.g. EA, BOX, KG',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Units',
				name: 'units',
				description: 'Units per package',
				type: 'number',
				default: 0,
			},
		],
	},
	extraBodyFields,
];

const displayOptions: ShowFor<'item'> = { show: { resource: ['item'], operation: ['upsert'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Many rows: the item catalogue once, when cheaper than a read per row (helpers/listOnce.ts). */
export async function plan(this: IExecuteFunctions, rows: number): Promise<UpsertPlan> {
	return await UpsertPlan.make(this, rows, 'item.listAll', 'itemID', foldCase);
}

/**
 * Item › Create or Update, keyed by the item's shortID (vendor docs: the SKU, unique; the spec: a duplicate
 * is a 409): GET /Item?key={shortID}&type=id, then PUT /Item when it exists or POST /Item when the service
 * answers 404. A create that meets 409 may have lost a race with someone creating the same item since the
 * read, or met another conflict (a disabled category): the item is read again, and only when it now exists
 * is it updated; otherwise the create's 409 stands. An existing item whose mapped fields all hold the
 * row's values is left as it is, with no write. The answer is the item and `outcome`: created, updated or
 * unchanged. With a plan, the catalogue read once stands in for the GET.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	planned?: UpsertPlan,
): Promise<IDataObject[]> {
	const itemID = read(this, itemIndex, 'itemID', text);
	const fields = {
		...readCollection(this, itemIndex, 'additionalFields', {
			description: text,
			category: recordNumber,
			subCategory: recordNumber,
			uOM: text,
			putUp: text,
			units: number,
			dfltOwner: wholeNumber,
		}),
		...readExtraBody(this, itemIndex),
	};
	const body = { itemID, ...fields };
	const find = async () =>
		await allowing(
			404,
			apiRequest.call(this, 'item.get', { query: { key: itemID, type: 'id' }, itemIndex }),
		);
	const update = async () =>
		answer('updated', await apiRequest.call(this, 'item.update', { body, itemIndex }));

	const known = planned?.records.find(itemID);
	const existing = known === undefined ? await find() : { ok: known !== null, value: known };
	if (existing.ok) {
		if (changedFields(fields, existing.value as IDataObject).length === 0)
			return answer('unchanged', existing.value);
		return await update();
	}
	const made = await allowing(409, apiRequest.call(this, 'item.create', { body, itemIndex }));
	if (made.ok) return answer('created', made.value);
	// A 409 that is not this item, created meanwhile by someone else, stands as the create's error.
	if (!(await find()).ok) throw made.error;
	return await update();
}

/** The item as the service answered, with what happened to it. */
function answer(outcome: 'created' | 'updated' | 'unchanged', record: unknown): IDataObject[] {
	const item = record && typeof record === 'object' ? (record as IDataObject) : {};
	return [{ ...item, outcome }];
}
