import { resourceDescription } from '../common/operation';
import * as getAll from './getAll.operation';
import * as getMaterialIn from './getMaterialIn.operation';
import * as getStockLevels from './getStockLevels.operation';
import * as getMaterialOut from './getMaterialOut.operation';
import * as receive from './receive.operation';
import * as move from './move.operation';
import * as issue from './issue.operation';

export const operations = {
	getAll,
	getStockLevels,
	getMaterialIn,
	getMaterialOut,
	receive,
	move,
	issue,
};

export const description = resourceDescription('inventory', operations, 'getAll');
