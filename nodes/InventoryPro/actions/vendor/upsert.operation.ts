import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { extraBodyFields, partyFieldOptions } from '../common.descriptions';
import { readExtraBody } from '../../helpers/extraBody';
import { UpsertPlan } from '../../helpers/listOnce';
import { PARTY_FIELDS, upsertParty } from '../../helpers/party';
import { read, readCollection, text } from '../../helpers/read';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Short ID',
		name: 'shortID',
		description: "The vendor's shortID: the vendor is updated when it exists, created otherwise",
		type: 'string',
		default: '',
		placeholder: 'e.g. ACME-FASTENERS',
		required: true,
	},
	{
		displayName: 'Name',
		name: 'name',
		description: 'Needed when the vendor is created; compared and updated like the other fields',
		type: 'string',
		default: '',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: partyFieldOptions,
	},
	extraBodyFields,
];

const displayOptions: ShowFor<'vendor'> = { show: { resource: ['vendor'], operation: ['upsert'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Many rows: the vendors once, when cheaper than a read per row (helpers/listOnce.ts). */
export async function plan(this: IExecuteFunctions, rows: number): Promise<UpsertPlan> {
	return await UpsertPlan.make(this, rows, 'vendor.listAll', 'shortID');
}

/**
 * Vendor › Create or Update by shortID: GET /Vendor/{shortID}, then PUT /Vendor/{shortID} when a mapped field
 * differs, nothing when none does, or POST /Vendor when there is no such vendor (helpers/party.ts). The
 * answer is the vendor and `outcome`: created, updated or unchanged.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	planned?: UpsertPlan,
): Promise<IDataObject[]> {
	const shortID = read(this, itemIndex, 'shortID', text);
	const name = this.getNodeParameter('name', itemIndex, '');
	const fields = {
		...readCollection(this, itemIndex, 'additionalFields', PARTY_FIELDS),
		...(name === '' ? {} : { name: text(this, name, 'name', itemIndex) }),
		...readExtraBody(this, itemIndex),
	};
	const calls = { get: 'vendor.get', create: 'vendor.create', update: 'vendor.update' } as const;
	return await upsertParty(this, itemIndex, calls, shortID, fields, planned);
}
