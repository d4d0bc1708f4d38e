import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { extraBodyFields } from '../common.descriptions';
import { readExtraBody } from '../../helpers/extraBody';
import { UpsertPlan } from '../../helpers/listOnce';
import { upsertParty } from '../../helpers/party';
import { boolean, readCollection } from '../../helpers/read';
import { readColumns } from '../../helpers/columns';
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
				resourceMapperMethod: 'getVendorColumns',
				mode: 'upsert',
				fieldWords: { singular: 'field', plural: 'fields' },
				addAllFields: true,
				multiKeyMatch: false,
				supportAutoMap: true,
				matchingFieldsLabels: {
					title: 'Vendor Matched By',
					description:
						"The vendor's short ID names the vendor: it is updated when it exists, created otherwise",
				},
			},
		},
		description:
			'The fields to set; Name is needed when the vendor is created. A field left empty, or mapped to an empty value, is not sent, so the vendor keeps what it holds. Map Automatically takes the input fields named like the fields (shortID, name, city, …).',
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

const displayOptions: ShowFor<'vendor'> = { show: { resource: ['vendor'], operation: ['upsert'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Many rows: the vendors once, when cheaper than a read per row (helpers/listOnce.ts). */
export async function plan(this: IExecuteFunctions, rows: number): Promise<UpsertPlan> {
	return await UpsertPlan.make(
		this,
		rows,
		'vendor.listAll',
		(itemIndex) => readRow(this, itemIndex).shortID,
	);
}

/** What one row asks for, checked: nothing is read or written for a row that fails here. */
function readRow(ctx: IExecuteFunctions, itemIndex: number) {
	const { key, fields } = readColumns(ctx, itemIndex, 'vendor');
	const { preview } = readCollection(ctx, itemIndex, 'options', { preview: boolean });
	return {
		shortID: key,
		fields,
		extra: readExtraBody(ctx, itemIndex),
		preview: preview === true,
	};
}

/**
 * Vendor › Create or Update by shortID: GET /Vendor/{shortID}, then PUT /Vendor/{shortID} when a mapped field
 * differs, nothing when none does, or POST /Vendor when there is no such vendor (helpers/party.ts). The
 * answer is the vendor, `outcome` (created, updated or unchanged) and `changed`.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	planned?: UpsertPlan,
): Promise<IDataObject[]> {
	if (planned?.refused) throw planned.refused;
	const calls = { get: 'vendor.get', create: 'vendor.create', update: 'vendor.update' } as const;
	return await upsertParty(this, itemIndex, calls, readRow(this, itemIndex), planned);
}
