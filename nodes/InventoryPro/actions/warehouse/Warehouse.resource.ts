import { resourceDescription } from '../common/operation';
import * as getAll from './getAll.operation';
import * as getItems from './getItems.operation';

export const operations = { getAll, getItems };

export const description = resourceDescription('warehouse', operations, 'getAll');
