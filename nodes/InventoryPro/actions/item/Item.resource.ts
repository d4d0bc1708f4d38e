import { recordOperation } from '../common/record';
import { actionOperation, resourceDescription, standardOperations } from '../common/resource';
import type { OperationMap } from '../common/types';

export const operations: OperationMap = {
	...standardOperations('item', { includeLabel: 'Include Discontinued' }),
	// GET /Item?key=…&type=… (v1): look up by shortID or by part number.
	get: recordOperation({
		id: 'item.get',
		name: 'Get',
		action: 'Get an item',
		overrides: {
			key: { displayName: 'Item Key', placeholder: 'e.g. WIDGET-01' },
			type: {
				displayName: 'Look Up By',
				options: [
					{ name: 'Short ID', value: 'id' },
					{ name: 'Part Number', value: 'partNo' },
				],
				default: 'id',
			},
		},
	}),
	discontinue: actionOperation('item.discontinue', 'Discontinue'),
};

export const description = resourceDescription('item', operations);
