import { updateDisplayOptions, type IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { field, fieldProperties, readFields } from '../common/fields';
import { stockFields } from './fields';
import { show, type OperationOption, type OperationResult } from '../common/operation';
import { recordResult } from '../common/output';
import { extraBodyProperty, withExtraBody } from '../common/extraBody';

/** POST /Inventory/Issue (v1): stock out of a warehouse; the service answers 409 when stock is short. */
export const option: OperationOption = {
	name: 'Issue',
	action: 'Issue stock',
	endpoints: ['inventory.issue'],
};

const fields = stockFields([
	field.pick('warehouse', 'wID', 'Warehouse issuing the stock', {
		required: true,
		displayName: 'Warehouse',
	}),
	field.pick('location', 'spot', 'Spot (bin) the stock leaves'),
	field.pick('reasonCode', 'reasonCode', 'Reason code'),
]);

export const description = updateDisplayOptions(show('inventory', 'issue'), [
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
	return recordResult(await apiRequest.call(this, 'inventory.issue', { body, itemIndex }));
}
