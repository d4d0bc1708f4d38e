import { resourceDescription } from '../common/operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as hold from './hold.operation';
import * as release from './release.operation';

export const operations = { get, getAll, hold, release };

export const description = resourceDescription('location', operations, 'getAll');
