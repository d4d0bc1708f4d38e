import { actionOperation, resourceDescription, standardOperations } from '../common/resource';
import type { OperationMap } from '../common/types';

export const operations: OperationMap = {
	...standardOperations('location'),
	hold: actionOperation('location.hold', 'Hold', { action: 'Put a location on hold' }),
	release: actionOperation('location.release', 'Release'),
};

export const description = resourceDescription('location', operations);
