import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { extraBodyFields } from '../common.descriptions';
import { apiRequest } from '../../../shared/transport';
import { read, readCollection, recordNumber, text } from '../../helpers/read';
import { readExtraBody } from '../../helpers/extraBody';
import { recordResult } from '../../helpers/output';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Short ID',
		name: 'shortID',
		description: "The new asset's short ID; no other asset may have it",
		type: 'string',
		default: '',
		placeholder: 'e.g. FORKLIFT-001',
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
				displayName: 'Asset Type',
				name: 'assetType',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description: 'The kind of asset, e.g. a forklift',
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						placeholder: 'Select an asset type...',
						typeOptions: { searchListMethod: 'searchAssetTypes', searchable: true },
					},
					{
						displayName: 'By ID',
						name: 'id',
						type: 'string',
						placeholder: 'e.g. 2',
						validation: [
							{
								type: 'regex',
								properties: { regex: '^[0-9]+$', errorMessage: 'Not a valid asset type ID' },
							},
						],
					},
				],
			},
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Location',
				name: 'location',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description:
					'Where in its warehouse the asset is, by its location code. From List shows the locations of the Warehouse chosen here.',
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						placeholder: 'Select a location...',
						typeOptions: { searchListMethod: 'searchAssetLocations', searchable: true },
					},
					{
						displayName: 'By ID',
						name: 'id',
						type: 'string',
						placeholder: 'e.g. A-01-03',
						validation: [],
					},
				],
			},
			{
				displayName: 'Serial',
				name: 'serial',
				description: 'Serial number',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'Active', value: 'Active' },
					{ name: 'Discontinued', value: 'Discontinued' },
				],
				default: 'Active',
			},
			{
				displayName: 'Warehouse',
				name: 'warehouse',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description: 'The warehouse holding the asset',
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						placeholder: 'Select a warehouse...',
						typeOptions: { searchListMethod: 'searchWarehouses', searchable: true },
					},
					{
						displayName: 'By ID',
						name: 'id',
						type: 'string',
						placeholder: 'e.g. 2',
						validation: [
							{
								type: 'regex',
								properties: { regex: '^[0-9]+$', errorMessage: 'Not a valid warehouse ID' },
							},
						],
					},
				],
			},
		],
	},
	extraBodyFields,
];

const displayOptions: ShowFor<'asset'> = { show: { resource: ['asset'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** POST /Asset (assumed path; fields from the vendor docs' asset object). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const body = {
		shortID: read(this, itemIndex, 'shortID', text),
		...readCollection(this, itemIndex, 'additionalFields', {
			description: text,
			assetType: recordNumber,
			warehouse: recordNumber,
			location: text,
			serial: text,
			status: text,
		}),
		...readExtraBody(this, itemIndex),
	};
	return recordResult(await apiRequest.call(this, 'asset.create', { body, itemIndex }));
}
