import { resourceDescription } from '../common/operation';
import * as getAll from './getAll.operation';
import * as run from './run.operation';
import * as getLatestRows from './getLatestRows.operation';

export const operations = { getAll, run, getLatestRows };

export const description = resourceDescription('report', operations, 'run');
