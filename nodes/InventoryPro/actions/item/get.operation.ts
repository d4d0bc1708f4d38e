import { updateDisplayOptions, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { toText } from '../../../shared/validation';
import { byVersion, field, fieldProperties, readFields } from '../common/fields';
import { recordLocator } from '../common/locators';
import { show, type OperationOption, type OperationResult } from '../common/operation';
import { recordResult } from '../common/output';
import { outputProperties, readOutput } from '../common/simplify';

/** GET /Item?key=…&type=… (vendor docs): one item by its shortID (type=id) or one of its aliases (type=alias). */
export const option: OperationOption = {
	name: 'Get',
	action: 'Get an item',
	endpoints: ['item.get'],
};

/** Version 1: the key and what it holds, as saved workflows have them. */
const byKey = [
	field.text('key', 'The shortID or alias to look up', {
		required: true,
		displayName: 'Item Key',
		placeholder: 'e.g. WIDGET-01',
	}),
	field.choice(
		'type',
		'What key holds',
		[
			{ name: 'Short ID', value: 'id' },
			{ name: 'Alias', value: 'alias' },
		],
		{
			required: true,
			displayName: 'Look Up By',
		},
	),
];

/** Version 2: one locator; its mode says what the key holds (By ID: the shortID), so both ways of the service stay. */
const item = recordLocator('item', 'key', {
	displayName: 'Item',
	description: 'The item: pick it from the list, or give its shortID or one of its aliases',
	modes: [{ displayName: 'By Alias', name: 'alias', type: 'string', placeholder: 'e.g. WIDGET01' }],
});

export const description = updateDisplayOptions(show('item', 'get'), [
	...byVersion(fieldProperties(byKey, 'options'), [item]),
	...outputProperties('item'),
]);

function readKey(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const { mode } = ctx.getNodeParameter('key', itemIndex) as { mode?: string };
	const value: unknown = ctx.getNodeParameter('key', itemIndex, undefined, { extractValue: true });
	if (mode === 'alias') return { key: toText(ctx, value, 'key', itemIndex), type: 'alias' };
	return { key: toText(ctx, value, 'key', itemIndex), type: 'id' };
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const shape = readOutput(this, 'item', itemIndex);
	const query =
		this.getNode().typeVersion >= 2
			? readKey(this, itemIndex)
			: readFields(this, byKey, 'options', itemIndex);
	return shape(recordResult(await apiRequest.call(this, 'item.get', { query, itemIndex })));
}
