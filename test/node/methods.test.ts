/**
 * The node's dropdowns as the editor calls them (n8n-core's LoadOptionsContext), reading the service:
 * resource-locator searches return record IDs, collection dropdowns the value a write body wants.
 */
import type { INode, INodeListSearchResult, INodePropertyOptions, INodeType } from 'n8n-workflow';

import { core, workflowLib } from '../harness/n8n';
import { capture, harness, items, type Harness } from './setup';

let h: Harness;
let nodeType: INodeType;
let node: INode;

beforeAll(async () => {
	h = await harness();
	const type = h.nodeTypes.resolve('inventoryPro');
	nodeType = h.nodeTypes.getByNameAndVersion(type, 1);
	node = {
		id: '00000000-0000-4000-8000-000000000001',
		name: 'Inventory Pro',
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters: { resource: 'inventory', operation: 'receive' },
		credentials: { inventoryProApi: { id: h.credentialId, name: h.credentials.get(h.credentialId).name } },
	};
});
afterAll(async () => await h?.stop());

function context(parameter: string) {
	const workflow = new workflowLib.Workflow({ id: 'methods', nodes: [node], connections: {}, active: false, nodeTypes: h.nodeTypes });
	const data = h.additionalData('internal', { id: 'methods', name: 'Methods', nodes: [node] });
	return new core.LoadOptionsContext(workflow, node, data, `parameters.${parameter}`);
}

type Search = (this: unknown, filter?: string) => Promise<INodeListSearchResult>;
type Load = (this: unknown) => Promise<INodePropertyOptions[]>;
const listSearch = (name: string) => nodeType.methods!.listSearch![name] as Search;
const loadOptions = (name: string) => nodeType.methods!.loadOptions![name] as Load;

describe('resource locator searches', () => {
	it('lists warehouses by code and name with their IDs, filtered by the search text', async () => {
		const { result, requests } = await capture(h, () => listSearch('searchWarehouses').call(context('warehouseID')));
		expect(requests.map((request) => request.path)).toEqual(['/api/v2/Warehouse']);
		expect(result.results).toEqual(
			h.sandbox.store.warehouses.rows.map((w) => ({ name: `${w.code} — ${w.name}`, value: String(w.warehouseID) })),
		);
		const east = await listSearch('searchWarehouses').call(context('warehouseID'), 'east');
		expect(east.results).toEqual([{ name: 'EAST — East Coast Warehouse', value: '2' }]);
	});

	it('lists the reports this client may run', async () => {
		const { result, requests } = await capture(h, () => listSearch('searchReports').call(context('reportID')));
		expect(requests[0].path).toBe('/api/v2/Report');
		expect(result.results[0]).toEqual({ name: 'Stock Valuation', value: '1' });
		const low = await listSearch('searchReports').call(context('reportID'), 'LOW');
		expect(low.results.map((r) => r.value)).toEqual(['2']);
	});

	it.each([
		['searchCategories', '/api/v2/Category', 'categories', 'categoryID'],
		['searchReasonCodes', '/api/v2/ReasonCode', 'reasonCodes', 'reasonCodeID'],
		['searchLocations', '/api/v2/Location', 'locations', 'locationID'],
	] as const)('%s reads %s and offers every record by ID', async (method, path, table, idField) => {
		const { result, requests } = await capture(h, () => listSearch(method).call(context(idField)));
		expect(requests.every((request) => request.path === path)).toBe(true);
		const rows = h.sandbox.store[table].rows as unknown as Array<Record<string, unknown>>;
		const active = table === 'locations' ? rows : rows.filter((row) => row.active);
		expect(result.results.map((r) => String(r.value)).sort()).toEqual(active.map((row) => String(row[idField])).sort());
	});
});

describe('collection dropdowns', () => {
	it('name categories, reason codes and locations as a write body does', async () => {
		const categories = await loadOptions('getCategories').call(context('additionalFields.category'));
		expect(categories).toContainEqual({ name: 'Fasteners', value: 'Fasteners' });
		const reasons = await loadOptions('getReasonCodes').call(context('additionalFields.reasonCode'));
		expect(reasons).toContainEqual({ name: 'RECEIPT — Goods received from vendor', value: 'RECEIPT' });
		const locations = await loadOptions('getLocations').call(context('additionalFields.location'));
		expect(locations).toContainEqual({ name: 'RECV — MAIN receiving dock', value: 'RECV' });
		const warehouses = await loadOptions('getWarehouses').call(context('filters.warehouseID'));
		expect(warehouses).toContainEqual({ name: 'MAIN — Main Distribution Center', value: 1 });
		const reports = await loadOptions('getReports').call(context('reportID'));
		expect(reports.length).toBeGreaterThan(1);
	});
});

describe('record locators: the service has no search, so the list is read page by page and filtered here', () => {
	type Page = INodeListSearchResult & { paginationToken?: string };
	const kinds = [
		['searchItems', 'item', 'shortID', 'item', 'shortID'],
		['searchCustomers', 'customer', 'customerID', 'customer', 'customerID'],
		['searchVendors', 'vendor', 'vendorID', 'vendor', 'vendorID'],
		['searchPurchaseOrders', 'purchaseOrder', 'poNo', 'purchaseOrder', 'poNo'],
		['searchShippingOrders', 'shippingOrder', 'soNo', 'shippingOrder', 'soNo'],
		['searchWorkOrders', 'workOrder', 'woNo', 'workOrder', 'woNo'],
		['searchAssets', 'asset', 'assetID', 'asset', 'assetID'],
	] as const;

	/** Follows the paging token as the editor does on scroll; returns every page's results and the requests. */
	async function allPages(method: string, parameter: string, filter?: string) {
		const pages: Page[] = [];
		const { requests } = await capture(h, async () => {
			let token: string | undefined;
			do {
				const search = nodeType.methods!.listSearch![method] as (this: unknown, f?: string, t?: string) => Promise<Page>;
				const page = await search.call(context(parameter), filter, token);
				pages.push(page);
				token = page.paginationToken;
			} while (token !== undefined && pages.length < 50);
		});
		return { pages, requests, values: pages.flatMap((page) => page.results.map((r) => String(r.value))) };
	}

	it.each(kinds)('%s offers every %s the list endpoint returns, page by page', async (method, resource, parameter, _r, idField) => {
		const records = await items(h, resource, 'getAll', { returnAll: true, output: 'raw' });
		const { values, requests } = await allPages(method, parameter);
		expect(values).toEqual(records.map((record) => String(record[idField])));
		expect(new Set(requests.map((request) => request.path)).size).toBe(1);
		expect(requests.map((request) => request.query.page)).toEqual(
			requests.map((_, i) => String(i + 1)),
		);
	});

	it('filters by the search text over the pages it reads, and hands back a token for the rest', async () => {
		const all = await items(h, 'item', 'getAll', { returnAll: true, output: 'raw' });
		const target = all[all.length - 1];
		const { pages, values } = await allPages('searchItems', 'shortID', String(target.shortID).toLowerCase());
		expect(values).toContain(String(target.shortID));
		for (const page of pages) for (const result of page.results) expect(`${result.name} ${result.value}`.toLowerCase()).toContain(String(target.shortID).toLowerCase());
		// Without a match nearby, one call reads at most 4 pages, then returns a token to go on.
		const first = await capture(h, () => listSearch('searchItems').call(context('shortID'), 'no such item anywhere'));
		expect(first.requests.length).toBe(Math.min(4, Math.ceil(all.length / 250)));
	});
});
