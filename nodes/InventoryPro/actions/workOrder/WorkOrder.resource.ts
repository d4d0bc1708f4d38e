import { resourceDescription, standardOperations } from '../common/resource';

// Read-only in the spec: list (with order dates) and get.
export const operations = standardOperations('workOrder');

export const description = resourceDescription('workOrder', operations);
