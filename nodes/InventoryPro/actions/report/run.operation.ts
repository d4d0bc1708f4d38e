import { updateDisplayOptions, type IExecuteFunctions } from 'n8n-workflow';

import { apiRequestAllItems } from '../../../shared/transport';
import {
	getManyProperties,
	listEndpoints,
	readListRequest,
	type GetManyConfig,
} from '../common/getMany';
import { pathField } from '../common/fields';
import { flatten } from '../common/output';
import { show, type OperationOption, type OperationResult } from '../common/operation';

/** GET /Report/{reportID}: every row, paged, flattened for spreadsheets. */
const config: GetManyConfig = { list: 'report.run', path: [pathField.pick('report', 'reportID')] };

export const option: OperationOption = {
	name: 'Run',
	action: 'Run a report',
	endpoints: listEndpoints(config),
};
export const description = updateDisplayOptions(show('report', 'run'), getManyProperties(config));

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const { id, path, query, limit } = readListRequest(this, config, itemIndex);
	const rows = await apiRequestAllItems.call(this, id, { path, query, itemIndex }, limit);
	// Spreadsheet-ready: nested values become dotted columns.
	return rows.map((row) => flatten(row));
}
