import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { REPORT_COUNT_RANGE } from '../../../shared/endpoints';
import { apiRequest } from '../../../shared/transport';
import { fieldError } from '../../../shared/validation';
import { flatten } from '../../helpers/output';
import { read, recordNumber, wholeNumber } from '../../helpers/read';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Report',
		name: 'reportID',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a report...',
				typeOptions: { searchListMethod: 'searchReports', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 12',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^[0-9]+$', errorMessage: 'Not a valid report ID' },
					},
				],
			},
		],
	},
	{
		displayName: 'Count',
		name: 'count',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 1000 },
		default: 100,
		description: 'How many of the latest rows to return (1 to 1000)',
	},
];

const displayOptions: ShowFor<'report'> = {
	show: { resource: ['report'], operation: ['getLatestRows'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** GET /Report/{reportID}/{count}: the latest rows in one request, flattened for spreadsheets. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const reportID = read(this, itemIndex, 'reportID', recordNumber);
	const count = read(this, itemIndex, 'count', wholeNumber);
	// Refused rather than clamped like the service does: a typo should not silently return other rows.
	const { min, max } = REPORT_COUNT_RANGE;
	if (count < min || count > max)
		throw fieldError(this, 'count', `must be between ${min} and ${max}`, itemIndex, `Got ${count}`);
	const response = await apiRequest.call(this, 'report.latest', {
		path: { reportID, count },
		itemIndex,
	});
	const rows = Array.isArray(response) ? response : ((response as IDataObject)?.value ?? []);
	return (rows as IDataObject[]).map((row) => flatten(row));
}
