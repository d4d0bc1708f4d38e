import { resourceDescription, standardOperations } from '../common/resource';

export const operations = standardOperations('vendor', { includeLabel: 'Include Inactive' });

export const description = resourceDescription('vendor', operations);
