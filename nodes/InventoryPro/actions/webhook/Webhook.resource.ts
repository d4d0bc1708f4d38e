import { resourceDescription } from '../common/operation';
import * as getAll from './getAll.operation';
import * as get from './get.operation';
import * as create from './create.operation';
import * as update from './update.operation';
import * as deleteOperation from './delete.operation';
import * as test from './test.operation';
import * as getLog from './getLog.operation';

export const operations = { getAll, get, create, update, delete: deleteOperation, test, getLog };

export const description = resourceDescription('webhook', operations, 'getAll');
