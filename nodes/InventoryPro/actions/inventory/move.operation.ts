import { updateDisplayOptions, type IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { field, fieldProperties, readFields } from '../common/fields';
import { stockFields } from './fields';
import { show, type OperationOption, type OperationResult } from '../common/operation';
import { recordResult } from '../common/output';
import { extraBodyProperty, withExtraBody } from '../common/extraBody';

/** POST /Inventory/Move (v1): stock between bins or warehouses; the answer is the MaterialIn record at the target. */
export const option: OperationOption = {
	name: 'Move',
	action: 'Move stock',
	endpoints: ['inventory.move'],
};

const fields = stockFields([
	field.pick('warehouse', 'fromWID', 'Warehouse the stock leaves', {
		required: true,
		displayName: 'From Warehouse',
	}),
	field.pick('location', 'fromSpot', 'Spot (bin) the stock leaves'),
	field.pick('warehouse', 'toWID', 'Warehouse the stock goes to', {
		required: true,
		displayName: 'To Warehouse',
	}),
	field.pick('location', 'toSpot', 'Spot (bin) the stock goes to'),
]);

export const description = updateDisplayOptions(show('inventory', 'move'), [
	...fieldProperties(fields, 'additionalFields'),
	extraBodyProperty,
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const body = withExtraBody(
		this,
		readFields(this, fields, 'additionalFields', itemIndex),
		itemIndex,
	);
	return recordResult(await apiRequest.call(this, 'inventory.move', { body, itemIndex }));
}
