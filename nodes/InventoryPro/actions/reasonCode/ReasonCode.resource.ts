import { actionOperation, resourceDescription, standardOperations } from '../common/resource';
import type { OperationMap } from '../common/types';

export const operations: OperationMap = {
	...standardOperations('reasonCode', { includeLabel: 'Include Disabled' }),
	delete: actionOperation('reasonCode.delete', 'Delete'),
	disable: actionOperation('reasonCode.disable', 'Disable'),
};

export const description = resourceDescription('reasonCode', operations);
