import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listSpec, type ListEndpointId } from '../../shared/endpoints';
import { RECORDS, type RecordKind } from '../../shared/records';
import { apiRequest } from '../../shared/transport';
import { walkPages } from '../../shared/transport/paging';
import { textOf } from '../../shared/validation';
import { recordTitle } from './records';

/** Pages one search may read before it hands back what it found with a token to go on. */
const PAGES_PER_CALL = 4;
/** Pages a search reads at most in all; beyond that, "By ID" or an expression is the way. */
const MAX_SEARCH_PAGES = 20;
/** A filtered search stops reading once it has this many matches (the editor asks for more on scroll). */
const ENOUGH = 50;

interface Search {
	kind: RecordKind;
	list: ListEndpointId;
	/** The field the picked value holds; default the record's key. */
	value?: string;
	/** Sent with every page, e.g. the warehouse a location list is narrowed to. */
	query?: IDataObject;
}

/**
 * "From List": the service has no search, so the list is read page by page (the paging token is the next
 * page) and filtered by the search text on this side, over at most MAX_SEARCH_PAGES.
 */
async function searchList(
	ctx: ILoadOptionsFunctions,
	search: Search,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const record = RECORDS[search.kind];
	const valueField = search.value ?? record.key;
	const needle = filter?.trim().toLowerCase();
	const results: INodeListSearchResult['results'] = [];
	const first = Math.max(1, Number(paginationToken) || 1);
	const pageSize = listSpec(search.list).maxPageSize;
	const fetchPage = async (page: number) =>
		await apiRequest.call(ctx, search.list, { query: { ...search.query, page, pageSize } });
	const walk = { what: `the ${record.noun} list`, idField: record.key, first };
	for await (const { page, rows, hasMore } of walkPages(ctx.getNode(), fetchPage, walk)) {
		for (const row of rows) {
			const value = textOf(row[valueField] ?? '');
			const name = recordTitle(record, row);
			if (!needle || `${name} ${value}`.toLowerCase().includes(needle))
				results.push({ name: name || value, value });
		}
		if (!hasMore || page >= MAX_SEARCH_PAGES) return { results };
		if (!needle || results.length >= ENOUGH || page + 1 >= first + PAGES_PER_CALL)
			return { results, paginationToken: String(page + 1) };
	}
	return { results };
}

/**
 * The warehouse chosen in `parameter` (a locator or a number), for narrowing a location list; undefined
 * when none is chosen or it is an expression the editor has not resolved (then every location is offered).
 */
function chosenWarehouse(ctx: ILoadOptionsFunctions, parameter: string): number | undefined {
	if (ctx.getCurrentNodeParameter(parameter) === undefined) return undefined;
	const value = textOf(ctx.getCurrentNodeParameter(parameter, { extractValue: true }) ?? '').trim();
	return /^[1-9][0-9]*$/.test(value) ? Number(value) : undefined;
}

/** Locations (GET /Location), of the warehouse chosen in `warehouseParameter` when one is (?wid=). */
async function searchLocationsIn(
	ctx: ILoadOptionsFunctions,
	warehouseParameter: string,
	filter?: string,
	token?: string,
): Promise<INodeListSearchResult> {
	const wid = chosenWarehouse(ctx, warehouseParameter);
	const query = wid === undefined ? undefined : { wid };
	return await searchList(ctx, { kind: 'location', list: 'location.list', query }, filter, token);
}

/** A location below the Warehouse (wID) of Receive, Issue and Set Counted Quantity; all of them elsewhere. */
export async function searchLocations(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	return await searchLocationsIn(this, 'wID', filter, token);
}
/** Move's From Location, of its From Warehouse. */
export async function searchFromLocations(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	return await searchLocationsIn(this, 'fromWID', filter, token);
}
/** Move's To Location, of its To Warehouse. */
export async function searchToLocations(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	return await searchLocationsIn(this, 'toWID', filter, token);
}
/** An asset's Location, of the Warehouse chosen beside it in the same collection. */
export async function searchAssetLocations(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	return await searchLocationsIn(this, '&warehouse', filter, token);
}

export async function searchWarehouses(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	return await searchList(this, { kind: 'warehouse', list: 'warehouse.list' }, filter, token);
}
export async function searchReports(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await searchList(this, { kind: 'report', list: 'report.list' }, filter, token);
}
export async function searchCategories(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	return await searchList(this, { kind: 'category', list: 'category.list' }, filter, token);
}
/** Reason codes by their ID (Delete, Disable). */
export async function searchReasonCodes(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	return await searchList(this, { kind: 'reasonCode', list: 'reasonCode.list' }, filter, token);
}
/** Reason codes by their code, as a stock movement's body names one. */
export async function searchReasonCodesByCode(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	const search: Search = { kind: 'reasonCode', list: 'reasonCode.list', value: 'code' };
	return await searchList(this, search, filter, token);
}
export async function searchAssetTypes(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	return await searchList(this, { kind: 'assetType', list: 'asset.types' }, filter, token);
}
export async function searchItems(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await searchList(this, { kind: 'item', list: 'item.list' }, filter, token);
}
export async function searchCustomers(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	return await searchList(this, { kind: 'customer', list: 'customer.list' }, filter, token);
}
export async function searchVendors(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await searchList(this, { kind: 'vendor', list: 'vendor.list' }, filter, token);
}
export async function searchPurchaseOrders(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	return await searchList(
		this,
		{ kind: 'purchaseOrder', list: 'purchaseOrder.list' },
		filter,
		token,
	);
}
export async function searchShippingOrders(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	return await searchList(
		this,
		{ kind: 'shippingOrder', list: 'shippingOrder.list' },
		filter,
		token,
	);
}
export async function searchWorkOrders(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	return await searchList(this, { kind: 'workOrder', list: 'workOrder.list' }, filter, token);
}
export async function searchAssets(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await searchList(this, { kind: 'asset', list: 'asset.list' }, filter, token);
}
export async function searchWebhooks(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await searchList(this, { kind: 'webhook', list: 'webhook.list' }, filter, token);
}
