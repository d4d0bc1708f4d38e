import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { extraBodyFields } from '../common.descriptions';
import { apiRequest } from '../../../shared/transport';
import { read, readCollection, text } from '../../helpers/read';
import { readExtraBody } from '../../helpers/extraBody';
import { recordResult } from '../../helpers/output';
import { PARTY_FIELDS } from '../../helpers/party';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Short ID',
		name: 'shortID',
		description: "The new customer's short ID; no other customer may have it",
		type: 'string',
		default: '',
		placeholder: 'e.g. ACME-CORP',
		required: true,
	},
	{
		displayName: 'Name',
		name: 'name',
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
				displayName: 'Active',
				name: 'active',
				description: 'Whether the record is active',
				type: 'boolean',
				default: false,
			},
			{
				displayName: 'Address Line 1',
				name: 'address1',
				description: 'Address, first line',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Address Line 2',
				name: 'address2',
				description: 'Address, second line',
				type: 'string',
				default: '',
			},
			{ displayName: 'City', name: 'city', type: 'string', default: '' },
			{
				displayName: 'Contact',
				name: 'contact',
				description: 'Primary contact name',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Country',
				name: 'country',
				description: 'Country (ISO 3166 alpha-2)',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Email',
				name: 'email',
				description: 'Email address',
				type: 'string',
				placeholder: 'name@email.com',
				default: '',
			},
			{ displayName: 'Fax', name: 'fax', description: 'Fax number', type: 'string', default: '' },
			{
				displayName: 'Phone',
				name: 'phone',
				description: 'Phone number',
				type: 'string',
				default: '',
			},
			{
				displayName: 'State',
				name: 'state',
				description: 'State or region',
				type: 'string',
				default: '',
			},
			{ displayName: 'Zip', name: 'zip', description: 'Postal code', type: 'string', default: '' },
		],
	},
	extraBodyFields,
];

const displayOptions: ShowFor<'customer'> = {
	show: { resource: ['customer'], operation: ['create'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** POST /Customer: a new customer filed under its shortID (409 on a duplicate). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const body = {
		shortID: read(this, itemIndex, 'shortID', text),
		name: read(this, itemIndex, 'name', text),
		...readCollection(this, itemIndex, 'additionalFields', PARTY_FIELDS),
		...readExtraBody(this, itemIndex),
	};
	return recordResult(await apiRequest.call(this, 'customer.create', { body, itemIndex }));
}
