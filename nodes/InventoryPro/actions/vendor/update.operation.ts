import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { extraBodyFields } from '../common.descriptions';
import { apiRequest } from '../../../shared/transport';
import { read, readChanges, text } from '../../helpers/read';
import { readExtraBody } from '../../helpers/extraBody';
import { recordResult } from '../../helpers/output';
import { PARTY_FIELDS } from '../../helpers/party';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Vendor',
		name: 'shortID',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The vendor, by its short ID',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a vendor...',
				typeOptions: { searchListMethod: 'searchVendors', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. ACME-FASTENERS',
				validation: [],
			},
		],
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
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
			{ displayName: 'Name', name: 'name', type: 'string', default: '' },
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

const displayOptions: ShowFor<'vendor'> = { show: { resource: ['vendor'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** PUT /Vendor/{shortID}: only the fields given change. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const shortID = read(this, itemIndex, 'shortID', text);
	const extra = readExtraBody(this, itemIndex);
	const body = {
		...readChanges(this, itemIndex, { name: text, ...PARTY_FIELDS }, extra),
		...extra,
	};
	const response = await apiRequest.call(this, 'vendor.update', {
		path: { shortID },
		body,
		itemIndex,
	});
	return recordResult(response, { shortID });
}
