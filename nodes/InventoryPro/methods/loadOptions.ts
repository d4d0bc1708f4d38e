import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listSpec } from '../../shared/endpoints';
import { isBlank } from '../../shared/validation';
import { GET_MANY_LISTS } from './sortColumns';

/** A filter's value, whether typed or held by a locator ({ mode, value }). */
const given = (value: unknown): boolean =>
	!isBlank(typeof value === 'object' && value !== null ? (value as IDataObject).value : value);

/**
 * Sort Column's suggestions: the documented sort columns of the list the current Get Many reads (the one its
 * filters choose), in the table's order. Nothing is read from the service; the service judges any other
 * column given by an expression.
 */
export async function getSortColumns(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const resource = this.getCurrentNodeParameter('resource') as string;
	const operation = this.getCurrentNodeParameter('operation') as string;
	const lists = GET_MANY_LISTS[`${resource}.${operation}`];
	const filters = (this.getCurrentNodeParameter('filters') ?? {}) as IDataObject;
	let columns: readonly string[] = [];
	if (lists) {
		const list =
			(lists.byWarehouse && given(filters.warehouseID) && lists.byWarehouse) ||
			(lists.all && filters.includeInactive === true && lists.all) ||
			lists.list;
		const { sort } = listSpec(list);
		columns = sort === 'reportColumns' ? [] : sort;
	}
	return await Promise.resolve(columns.map((column) => ({ name: column, value: column })));
}
