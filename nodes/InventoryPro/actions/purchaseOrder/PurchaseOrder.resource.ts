import { actionOperation, resourceDescription, standardOperations } from '../common/resource';
import type { OperationMap } from '../common/types';

export const operations: OperationMap = {
	...standardOperations('purchaseOrder'),
	finalize: actionOperation('purchaseOrder.finalize', 'Finalize'),
};

export const description = resourceDescription('purchaseOrder', operations);
