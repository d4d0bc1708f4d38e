import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { recordOutput } from '../common.descriptions';
import { apiRequest } from '../../../shared/transport';
import { RECORDS } from '../../../shared/records';
import { read, text } from '../../helpers/read';
import { readOutput } from '../../helpers/simplify';
import { recordResult } from '../../helpers/output';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Item',
		name: 'key',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The item, by its short ID (its SKU) or one of its aliases',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select an item...',
				typeOptions: { searchListMethod: 'searchItems', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. WIDGET-01',
				validation: [],
			},
			{ displayName: 'By Alias', name: 'alias', type: 'string', placeholder: 'e.g. WIDGET01' },
		],
	},
	...recordOutput('item'),
];

const displayOptions: ShowFor<'item'> = { show: { resource: ['item'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /Item?key=…&type=…: one item by its shortID (type=id) or one of its aliases (type=alias). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const output = readOutput(this, itemIndex, RECORDS.item.simple);
	const key = read(this, itemIndex, 'key', text);
	// The locator's mode says what the key holds.
	const locator = this.getNodeParameter('key', itemIndex) as { mode?: string };
	const type = locator.mode === 'alias' ? 'alias' : 'id';
	const response = await apiRequest.call(this, 'item.get', { query: { key, type }, itemIndex });
	return output(recordResult(response));
}
