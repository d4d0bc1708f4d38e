import { resourceDescription } from '../common/operation';
import * as getAll from './getAll.operation';
import * as deleteOperation from './delete.operation';
import * as disable from './disable.operation';

export const operations = { getAll, delete: deleteOperation, disable };

export const description = resourceDescription('reasonCode', operations, 'getAll');
