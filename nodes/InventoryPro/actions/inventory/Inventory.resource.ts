import { getManyOperation } from '../common/getMany';
import { recordOperation } from '../common/record';
import { resourceDescription } from '../common/resource';
import type { OperationMap } from '../common/types';

export const operations: OperationMap = {
	getAll: getManyOperation({
		list: 'inventory.list',
		byWarehouse: 'inventory.listByWarehouse',
		action: 'Get stock on hand',
	}),
	getMaterialIn: getManyOperation({
		list: 'inventory.materialIn',
		byWarehouse: 'inventory.materialInByWarehouse',
		name: 'Get Material In',
		action: 'Get stock movements in',
	}),
	getMaterialOut: getManyOperation({
		list: 'inventory.materialOut',
		byWarehouse: 'inventory.materialOutByWarehouse',
		name: 'Get Material Out',
		action: 'Get stock movements out',
	}),
	receive: recordOperation({ id: 'inventory.receive', name: 'Receive', action: 'Receive stock' }),
	move: recordOperation({ id: 'inventory.move', name: 'Move', action: 'Move stock' }),
	issue: recordOperation({ id: 'inventory.issue', name: 'Issue', action: 'Issue stock' }),
};

export const description = resourceDescription('inventory', operations);
