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
		description:
			"The customer's shortID: the customer is updated when it exists, created otherwise",
		type: 'string',
		default: '',
		placeholder: 'e.g. ACME-CORP',
		required: true,
	},
	{
		displayName: 'Name',
		name: 'name',
		description: 'Needed when the customer is created; compared and updated like the other fields',
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

const displayOptions: ShowFor<'customer'> = {
	show: { resource: ['customer'], operation: ['upsert'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** Many rows: the customers once, when cheaper than a read per row (helpers/listOnce.ts). */
export async function plan(this: IExecuteFunctions, rows: number): Promise<UpsertPlan> {
	return await UpsertPlan.make(this, rows, 'customer.listAll', 'shortID');
}

/**
 * Customer › Create or Update by shortID: GET /Customer/{shortID}, then PUT /Customer/{shortID} when a mapped field
 * differs, nothing when none does, or POST /Customer when there is no such customer (helpers/party.ts). The
 * answer is the customer and `outcome`: created, updated or unchanged.
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
	const calls = {
		get: 'customer.get',
		create: 'customer.create',
		update: 'customer.update',
	} as const;
	return await upsertParty(this, itemIndex, calls, shortID, fields, planned);
}
