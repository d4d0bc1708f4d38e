import { resourceDescription } from '../common/operation';
import * as getAll from './getAll.operation';
import * as get from './get.operation';
import * as create from './create.operation';
import * as finalize from './finalize.operation';

export const operations = { getAll, get, create, finalize };

export const description = resourceDescription('purchaseOrder', operations, 'getAll');
