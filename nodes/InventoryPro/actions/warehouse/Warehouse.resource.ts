import { getManyOperation } from '../common/getMany';
import { resourceDescription, standardOperations } from '../common/resource';
import type { OperationMap } from '../common/types';

// Read-only in the spec.
export const operations: OperationMap = {
	...standardOperations('warehouse'),
	getItems: getManyOperation({ list: 'warehouse.items', name: 'Get Items', action: 'Get items stocked in a warehouse' }),
};

export const description = resourceDescription('warehouse', operations);
