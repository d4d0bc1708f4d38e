import { resourceDescription } from '../common/operation';
import * as getAll from './getAll.operation';
import * as get from './get.operation';

export const operations = { getAll, get };

export const description = resourceDescription('workOrder', operations, 'getAll');
