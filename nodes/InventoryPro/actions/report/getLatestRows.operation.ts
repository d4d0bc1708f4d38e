import { updateDisplayOptions, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { REPORT_COUNT_RANGE } from '../../../shared/endpoints';
import { apiRequest } from '../../../shared/transport';
import { fieldError, toNumber } from '../../../shared/validation';
import { pathField, readPath } from '../common/fields';
import { show, type OperationOption, type OperationResult } from '../common/operation';
import { flatten } from '../common/output';

const { min, max } = REPORT_COUNT_RANGE;

/** GET /Report/{reportID}/{count}: the latest rows in one request, flattened for spreadsheets. */
const path = [pathField.pick('report', 'reportID')];

export const option: OperationOption = {
	name: 'Get Latest Rows',
	action: 'Get the latest rows of a report',
	endpoints: ['report.latest'],
};
export const description = updateDisplayOptions(show('report', 'getLatestRows'), [
	...path.map((f) => f.property),
	{
		displayName: 'Count',
		name: 'count',
		type: 'number',
		typeOptions: { minValue: min, maxValue: max },
		default: 100,
		description: `How many of the latest rows to return (${min} to ${max})`,
	},
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const { reportID } = readPath(this, path, itemIndex);
	// Refused rather than clamped like the service does: a typo should not silently return other rows.
	const count = toNumber(this, this.getNodeParameter('count', itemIndex), 'count', itemIndex, {
		integer: true,
	});
	if (count < min || count > max) {
		throw fieldError(this, 'count', `must be between ${min} and ${max}`, itemIndex, `Got ${count}`);
	}
	const response: unknown = await apiRequest.call(this, 'report.latest', {
		path: { reportID, count },
		itemIndex,
	});
	const rows = Array.isArray(response) ? response : ((response as IDataObject)?.value ?? []);
	return (rows as IDataObject[]).map((row) => flatten(row));
}
