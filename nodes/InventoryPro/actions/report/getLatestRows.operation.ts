import type { IDataObject } from 'n8n-workflow';

import { endpoint, REPORT_COUNT_RANGE } from '../../endpoints';
import { apiRequest } from '../../transport';
import { flatten } from '../common/output';
import { pathProperties, readPath } from '../common/paths';
import type { OperationDefinition } from '../common/types';
import { fieldError, toNumber } from '../common/validate';

const { min, max } = REPORT_COUNT_RANGE;

/** GET /Report/{reportID}/{count}: the latest rows in one request, flattened for spreadsheets. */
export const operation: OperationDefinition = {
	option: { name: 'Get Latest Rows', action: 'Get the latest rows of a report', description: endpoint('report.latest').summary },
	properties: [
		...pathProperties('report.latest', ['count']),
		{
			displayName: 'Count',
			name: 'count',
			type: 'number',
			typeOptions: { minValue: min, maxValue: max },
			default: 100,
			description: `How many of the latest rows to return (${min} to ${max})`,
		},
	],
	endpoints: ['report.latest'],
	async execute(itemIndex) {
		const path = readPath(this, 'report.latest', itemIndex, ['count']);
		// Rejected rather than clamped like the service does: a typo should not silently return other rows.
		const count = toNumber(this, this.getNodeParameter('count', itemIndex), 'count', itemIndex, { integer: true });
		if (count < min || count > max) throw fieldError(this, 'count', `must be between ${min} and ${max}`, itemIndex);

		const response: unknown = await apiRequest.call(this, 'report.latest', { path: { ...path, count }, itemIndex });
		const rows = Array.isArray(response) ? response : ((response as IDataObject)?.value ?? []);
		return (rows as IDataObject[]).map((row) => flatten(row));
	},
};
