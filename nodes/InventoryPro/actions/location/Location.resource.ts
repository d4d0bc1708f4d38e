import { resourceDescription } from '../common/operation';
import * as getAll from './getAll.operation';
import * as hold from './hold.operation';
import * as release from './release.operation';

export const operations = { getAll, hold, release };

export const description = resourceDescription('location', operations, 'getAll');
