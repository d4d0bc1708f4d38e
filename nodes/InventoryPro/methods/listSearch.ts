import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listSpec, type ListEndpointId } from '../../shared/endpoints';
import { RECORDS, type RecordKind } from '../../shared/records';
import { apiRequest } from '../../shared/transport';
import { walkPages } from '../../shared/transport/paging';
import { textOf } from '../../shared/validation';
import { pickerRecords, recordTitle } from './records';

/** "From List" of a short list (read whole): the record's ID as value, filtered by name, code or ID. */
async function searchShort(
	ctx: ILoadOptionsFunctions,
	kind: RecordKind,
	list: ListEndpointId,
	filter?: string,
): Promise<INodeListSearchResult> {
	const needle = filter?.trim().toLowerCase();
	const records = await pickerRecords.call(ctx, kind, list);
	return {
		results: records
			.filter((record) => !needle || `${record.name} ${record.id}`.toLowerCase().includes(needle))
			.map((record) => ({ name: record.name, value: String(record.id) })),
	};
}

export async function searchWarehouses(this: ILoadOptionsFunctions, filter?: string) {
	return await searchShort(this, 'warehouse', 'warehouse.list', filter);
}
export async function searchReports(this: ILoadOptionsFunctions, filter?: string) {
	return await searchShort(this, 'report', 'report.list', filter);
}
export async function searchCategories(this: ILoadOptionsFunctions, filter?: string) {
	return await searchShort(this, 'category', 'category.list', filter);
}
export async function searchReasonCodes(this: ILoadOptionsFunctions, filter?: string) {
	return await searchShort(this, 'reasonCode', 'reasonCode.list', filter);
}
export async function searchLocations(this: ILoadOptionsFunctions, filter?: string) {
	return await searchShort(this, 'location', 'location.list', filter);
}

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
async function searchLong(
	ctx: ILoadOptionsFunctions,
	kind: RecordKind,
	list: ListEndpointId,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const record = RECORDS[kind];
	const needle = filter?.trim().toLowerCase();
	const results: INodeListSearchResult['results'] = [];
	const first = Math.max(1, Number(paginationToken) || 1);
	const fetchPage = async (page: number) =>
		await apiRequest.call(ctx, list, { query: { page, pageSize: listSpec(list).maxPageSize } });
	const walk = { what: `the ${record.noun} list`, idField: record.key, first };
	for await (const { page, rows, hasMore } of walkPages(ctx.getNode(), fetchPage, walk)) {
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
}

export async function searchItems(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await searchLong(this, 'item', 'item.list', filter, token);
}
export async function searchCustomers(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	return await searchLong(this, 'customer', 'customer.list', filter, token);
}
export async function searchVendors(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await searchLong(this, 'vendor', 'vendor.list', filter, token);
}
export async function searchPurchaseOrders(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	return await searchLong(this, 'purchaseOrder', 'purchaseOrder.list', filter, token);
}
export async function searchShippingOrders(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	return await searchLong(this, 'shippingOrder', 'shippingOrder.list', filter, token);
}
export async function searchWorkOrders(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	return await searchLong(this, 'workOrder', 'workOrder.list', filter, token);
}
export async function searchAssets(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await searchLong(this, 'asset', 'asset.list', filter, token);
}
export async function searchWebhooks(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await searchLong(this, 'webhook', 'webhook.list', filter, token);
}
