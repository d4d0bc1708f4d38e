import { getManyOperation } from '../common/getMany';
import { flatten } from '../common/output';
import { resourceDescription, standardOperations } from '../common/resource';
import type { OperationMap } from '../common/types';
import * as getLatestRows from './getLatestRows.operation';

export const operations: OperationMap = {
	...standardOperations('report'),
	// Every row, paged, flattened for spreadsheets.
	run: getManyOperation({ list: 'report.run', name: 'Run', action: 'Run a report', transform: (row) => flatten(row) }),
	getLatestRows: getLatestRows.operation,
};

export const description = resourceDescription('report', operations, 'run');
