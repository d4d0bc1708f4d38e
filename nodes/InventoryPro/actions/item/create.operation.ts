import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { extraBodyFields } from '../common.descriptions';
import { apiRequest } from '../../../shared/transport';
import { number, read, readCollection, recordNumber, text, wholeNumber } from '../../helpers/read';
import { readExtraBody } from '../../helpers/extraBody';
import { recordResult } from '../../helpers/output';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Short ID',
		name: 'itemID',
		description: "The new item's short ID (its SKU); no other item may have it",
		type: 'string',
		default: '',
		placeholder: 'e.g. WIDGET-01',
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
				description: 'The category the item is filed under',
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
					"The customer that owns the item's stock by default, by the number Inventory Pro keeps for the customer (not its short ID); 0: your own stock",
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
				description: 'The sub-category the item is filed under',
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

const displayOptions: ShowFor<'item'> = { show: { resource: ['item'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** POST /Item: a new item; the answer holds its partNo. The key goes as itemID: the spec's validation example (an empty create names itemID as required) outranks the quickstart's create body (shortID). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const body = {
		itemID: read(this, itemIndex, 'itemID', text),
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
	return recordResult(await apiRequest.call(this, 'item.create', { body, itemIndex }));
}
