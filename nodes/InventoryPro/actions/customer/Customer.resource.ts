import { resourceDescription, standardOperations } from '../common/resource';

export const operations = standardOperations('customer', { includeLabel: 'Include Inactive' });

export const description = resourceDescription('customer', operations);
