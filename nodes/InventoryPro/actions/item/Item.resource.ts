import { resourceDescription } from '../common/operation';
import * as getAll from './getAll.operation';
import * as get from './get.operation';
import * as create from './create.operation';
import * as update from './update.operation';
import * as discontinue from './discontinue.operation';

export const operations = { getAll, get, create, update, discontinue };

export const description = resourceDescription('item', operations, 'getAll');
