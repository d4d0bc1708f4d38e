import { getManyOperation } from '../common/getMany';
import { resourceDescription, standardOperations } from '../common/resource';
import type { OperationMap } from '../common/types';

export const operations: OperationMap = {
	...standardOperations('asset', { includeLabel: 'Include Retired' }),
	getTypes: getManyOperation({ list: 'asset.types', name: 'Get Types', action: 'Get many asset types' }),
};

export const description = resourceDescription('asset', operations);
