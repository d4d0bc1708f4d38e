import { actionOperation, resourceDescription, standardOperations } from '../common/resource';
import type { OperationMap } from '../common/types';

export const operations: OperationMap = {
	...standardOperations('category', { includeLabel: 'Include Disabled' }),
	delete: actionOperation('category.delete', 'Delete'),
	disable: actionOperation('category.disable', 'Disable'),
};

export const description = resourceDescription('category', operations);
