import { updateDisplayOptions, type IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { field, fieldProperties, readFields } from '../common/fields';
import { stockFields } from './fields';
import { show, type OperationOption, type OperationResult } from '../common/operation';
import { recordResult } from '../common/output';
import { extraBodyProperty, withExtraBody } from '../common/extraBody';

/** POST /Inventory/Receive (v1): stock into a warehouse; the answer is the MaterialIn record. */
export const option: OperationOption = {
	name: 'Receive',
	action: 'Receive stock',
	endpoints: ['inventory.receive'],
};

const fields = stockFields([
	field.pick('warehouse', 'wID', 'Warehouse receiving the stock', {
		required: true,
		displayName: 'Warehouse',
	}),
	field.pick('location', 'spot', 'Spot (bin) the stock goes to; empty = the receiving dock'),
	field.number('unitCost', 'Cost per unit'),
	field.pick('reasonCode', 'reasonCode', 'Reason code'),
]);

export const description = updateDisplayOptions(show('inventory', 'receive'), [
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
	return recordResult(await apiRequest.call(this, 'inventory.receive', { body, itemIndex }));
}
