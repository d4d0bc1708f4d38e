import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listToRead } from '../actions/common/getMany';
import { RECORD_LISTS, recordTitle, type RecordKind } from '../actions/common/locators';
import type { ResourceKey } from '../actions/common/operation';
import { OPERATIONS } from '../actions/router';
import type { Picker } from '../actions/common/pickers';
import { listSpec } from '../../shared/endpoints';
import { RECORDS } from '../../shared/records';
import { apiRequest } from '../../shared/transport';
import { walkPages } from '../../shared/transport/paging';
import { textOf } from '../../shared/validation';
import { pickerRecords } from './records';

/** "From List" of the resource locators: the record's ID as value, filtered by name, code or ID. */
function search(picker: Picker) {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
	): Promise<INodeListSearchResult> {
		const needle = filter?.trim().toLowerCase();
		const records = await pickerRecords.call(this, picker);
		return {
			results: records
				.filter((record) => !needle || `${record.name} ${record.id}`.toLowerCase().includes(needle))
				.map((record) => ({ name: record.name, value: String(record.id) })),
		};
	};
}

export const searchWarehouses = search('warehouse');
export const searchReports = search('report');
export const searchCategories = search('category');
export const searchReasonCodes = search('reasonCode');
export const searchLocations = search('location');

/** Pages one search may read before it hands back what it found with a token to go on. */
const PAGES_PER_CALL = 4;
/** Pages a search reads at most in all; beyond that, "By ID" or an expression is the way. */
const MAX_SEARCH_PAGES = 20;
/** A filtered search stops reading once it has this many matches (the editor asks for more on scroll). */
const ENOUGH = 50;

/**
 * "From List" for records the service has no search for: reads the list page by page (the paging
 * token is the next page) and filters by the search text on this side, over at most MAX_SEARCH_PAGES.
 */
function searchRecords(kind: RecordKind) {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const spec = RECORD_LISTS[kind];
		const record = RECORDS[kind];
		const needle = filter?.trim().toLowerCase();
		const results: INodeListSearchResult['results'] = [];
		const first = Math.max(1, Number(paginationToken) || 1);
		const fetchPage = async (page: number) =>
			await apiRequest.call(this, spec.list, {
				query: { page, pageSize: listSpec(spec.list).maxPageSize },
			});
		const walk = { what: `the ${record.noun} list`, idField: record.key, first };
		for await (const { page, rows, hasMore } of walkPages(this.getNode(), fetchPage, walk)) {
			for (const row of rows) {
				const id = textOf(row[record.key]);
				const name = recordTitle(record, row);
				if (!needle || `${name} ${id}`.toLowerCase().includes(needle))
					results.push({ name: name || id, value: id });
			}
			if (!hasMore || page >= MAX_SEARCH_PAGES) return { results };
			if (!needle || results.length >= ENOUGH || page + 1 >= first + PAGES_PER_CALL)
				return { results, paginationToken: String(page + 1) };
		}
		return { results };
	};
}

export const searchItems = searchRecords('item');
export const searchCustomers = searchRecords('customer');
export const searchVendors = searchRecords('vendor');
export const searchPurchaseOrders = searchRecords('purchaseOrder');
export const searchShippingOrders = searchRecords('shippingOrder');
export const searchWorkOrders = searchRecords('workOrder');
export const searchAssets = searchRecords('asset');
export const searchWebhooks = searchRecords('webhook');

/**
 * Sort By's "From List": the documented sort columns of the list the current Get Many reads (the one
 * its filters choose), in the table's order, filtered by the search text. Nothing is read from the
 * service; "By Name" takes any other column.
 */
export function searchSortColumns(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const resource = this.getCurrentNodeParameter('resource') as ResourceKey;
	const operation = this.getCurrentNodeParameter('operation') as string;
	const config = OPERATIONS[resource]?.operations[operation]?.option.getMany;
	const filters = (this.getCurrentNodeParameter('filters') ?? {}) as IDataObject;
	const sort = config ? listSpec(listToRead(config, filters)).sort : [];
	const needle = filter?.trim().toLowerCase();
	const columns = sort === 'reportColumns' ? [] : sort;
	return Promise.resolve({
		results: columns
			.filter((column) => !needle || column.toLowerCase().includes(needle))
			.map((column) => ({ name: column, value: column })),
	});
}
