import { resourceDescription } from '../common/operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as deleteOperation from './delete.operation';
import * as disable from './disable.operation';

export const operations = { get, getAll, delete: deleteOperation, disable };

export const description = resourceDescription('category', operations, 'getAll');
