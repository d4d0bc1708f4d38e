/**
 * The node's dropdowns as the editor calls them (n8n-core's LoadOptionsContext), reading the service:
 * resource-locator searches return record IDs, collection dropdowns the value a write body wants.
 */
import type {
	INode,
	INodeListSearchResult,
	INodeParameters,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
} from 'n8n-workflow';

import { listSpec } from '../../nodes/shared/endpoints';

import { core, workflowLib } from '../harness/n8n';
import { byId, capture, fromList, harness, items, type Harness } from './setup';

let h: Harness;
let nodeType: INodeType;
let node: INode;

beforeAll(async () => {
	h = await harness();
	const type = h.nodeTypes.resolve('inventoryPro');
	nodeType = h.nodeTypes.getByNameAndVersion(type, 2);
	node = {
		id: '00000000-0000-4000-8000-000000000001',
		name: 'Inventory Pro',
		type,
		typeVersion: 2,
		position: [0, 0],
		parameters: { resource: 'inventory', operation: 'receive' },
		credentials: {
			inventoryProApi: { id: h.credentialId, name: h.credentials.get(h.credentialId).name },
		},
	};
});
afterAll(async () => await h?.stop());

/**
 * The editor's call for one parameter; `current` is what the editor posts as the node's parameters now
 * (n8n builds the node it hands the method from them too).
 */
function context(parameter: string, current?: INodeParameters, on: Harness = h) {
	const editing = {
		...node,
		parameters: current ?? node.parameters,
		credentials: {
			inventoryProApi: { id: on.credentialId, name: on.credentials.get(on.credentialId).name },
		},
	};
	const workflow = new workflowLib.Workflow({
		id: 'methods',
		nodes: [editing],
		connections: {},
		active: false,
		nodeTypes: on.nodeTypes,
	});
	const data = on.additionalData('internal', { id: 'methods', name: 'Methods', nodes: [editing] });
	if (current) data.currentNodeParameters = current;
	return new core.LoadOptionsContext(workflow, editing, data, `parameters.${parameter}`);
}

type Search = (this: unknown, filter?: string) => Promise<INodeListSearchResult>;
type Load = (this: unknown) => Promise<INodePropertyOptions[]>;
const listSearch = (name: string) => nodeType.methods!.listSearch![name] as Search;
const loadOptions = (name: string) => nodeType.methods!.loadOptions![name] as Load;

describe('resource locator searches', () => {
	it('lists warehouses by name (the registry label) with their IDs, filtered by the search text', async () => {
		const { result, requests } = await capture(h, () =>
			listSearch('searchWarehouses').call(context('warehouseID')),
		);
		expect(requests.map((request) => request.path)).toEqual(['/api/v2/Warehouse']);
		expect(result.results).toEqual(
			h.sandbox.store.warehouses.rows.map((w) => ({ name: w.name, value: String(w.warehouseID) })),
		);
		const east = await listSearch('searchWarehouses').call(context('warehouseID'), 'east');
		expect(east.results).toEqual([{ name: 'East Coast Warehouse', value: '2' }]);
	});

	it('lists the reports this client may run', async () => {
		const { result, requests } = await capture(h, () =>
			listSearch('searchReports').call(context('reportID')),
		);
		expect(requests[0].path).toBe('/api/v2/Report');
		expect(result.results[0]).toEqual({ name: 'Stock Valuation', value: '1' });
		const low = await listSearch('searchReports').call(context('reportID'), 'LOW');
		expect(low.results.map((r) => r.value)).toEqual(['2']);
	});

	it.each([
		['searchCategories', '/api/v2/Category', 'categories', 'categoryID'],
		['searchReasonCodes', '/api/v2/ReasonCode', 'reasonCodes', 'reasonCodeID'],
		['searchReasonCodesByCode', '/api/v2/ReasonCode', 'reasonCodes', 'code'],
		['searchLocations', '/api/v2/Location', 'locations', 'spot'],
		['searchAssetTypes', '/api/v2/Asset/Types', 'assetTypes', 'typeID'],
	] as const)('%s reads %s and offers every one of the %s', async (method, path, table, value) => {
		const { result, requests } = await capture(h, () => listSearch(method).call(context(value)));
		expect(requests.every((request) => request.path === path)).toBe(true);
		const rows = h.sandbox.store[table].rows as unknown as Array<Record<string, unknown>>;
		const listed = ['locations', 'assetTypes'].includes(table)
			? rows
			: rows.filter((row) => row.active);
		expect(result.results.map((r) => String(r.value)).sort()).toEqual(
			listed.map((row) => String(row[value])).sort(),
		);
	});

	it("names a stock movement's reason by its code, as the movement's body does", async () => {
		const found = await listSearch('searchReasonCodesByCode').call(
			context('additionalFields.reasonCode'),
			'scrap',
		);
		expect(found.results).toEqual([{ name: 'SCRAP', value: 'SCRAP' }]);
	});
});

describe('a location list follows the warehouse chosen above it (GET /Location?wid=)', () => {
	const spotsOf = (warehouseID: number) =>
		h.sandbox.store.locations.rows
			.filter((location) => location.warehouseID === warehouseID)
			.map((location) => location.spot)
			.sort();
	const search = async (method: string, parameter: string, current: INodeParameters) => {
		const { result, requests } = await capture(h, () =>
			listSearch(method).call(context(parameter, current)),
		);
		return {
			values: result.results.map((r) => String(r.value)).sort(),
			wids: requests.map((request) => request.query.wid),
		};
	};
	const receive = { resource: 'inventory', operation: 'receive' };

	it('Receive: the locations of the Warehouse picked from the list, or given by ID', async () => {
		expect(spotsOf(2).length).toBeGreaterThan(3);
		expect(spotsOf(2)).not.toEqual(spotsOf(3));
		for (const wID of [fromList(2), byId(3)]) {
			const { values, wids } = await search('searchLocations', 'additionalFields.spot', {
				...receive,
				wID,
			});
			expect(wids).toEqual([wID.value]);
			expect(values).toEqual(spotsOf(Number(wID.value)));
		}
	});

	it('no warehouse chosen, or one the editor cannot know yet (an expression): every location', async () => {
		const every = h.sandbox.store.locations.rows.map((location) => location.spot).sort();
		for (const current of [
			{ resource: 'location', operation: 'get' },
			{ ...receive, wID: fromList('') },
			{ ...receive, wID: byId('={{ $json.warehouse }}') },
		]) {
			const { values, wids } = await search('searchLocations', 'spot', current);
			expect({ current, wids }).toEqual({ current, wids: [undefined] });
			expect(values).toEqual(every);
		}
	});

	it('Move: From Location follows From Warehouse, To Location follows To Warehouse', async () => {
		const move = { resource: 'inventory', operation: 'move', fromWID: byId(1), toWID: byId(4) };
		const from = await search('searchFromLocations', 'additionalFields.fromSpot', move);
		const to = await search('searchToLocations', 'additionalFields.toSpot', move);
		expect([from.wids, to.wids]).toEqual([['1'], ['4']]);
		expect([from.values, to.values]).toEqual([spotsOf(1), spotsOf(4)]);
	});

	it('an asset: its Location follows the Warehouse beside it, in Create and in Update', async () => {
		for (const [operation, collection] of [
			['create', 'additionalFields'],
			['update', 'updateFields'],
		]) {
			const { values, wids } = await search('searchAssetLocations', `${collection}.location`, {
				resource: 'asset',
				operation,
				[collection]: { warehouse: fromList(3) },
			});
			expect({ operation, wids }).toEqual({ operation, wids: ['3'] });
			expect(values).toEqual(spotsOf(3));
		}
	});

	it("the search text narrows the warehouse's locations further", async () => {
		const dock = h.sandbox.store.locations.rows.find(
			(location) => location.warehouseID === 2 && location.spot.startsWith('RECV'),
		)!;
		const { result } = await capture(h, () =>
			listSearch('searchLocations').call(
				context('additionalFields.spot', { ...receive, wID: fromList(2) }),
				'receiving',
			),
		);
		expect(result.results.map((r) => r.value)).toEqual([dock.spot]);
	});
});

describe("the item's category pickers", () => {
	const itemFields = (operation: string, collection: string) =>
		nodeType.description.properties.find(
			(p) =>
				p.name === collection &&
				p.displayOptions?.show?.operation?.includes(operation) === true &&
				p.displayOptions.show.resource?.includes('item') === true,
		)!.options as INodeProperties[];

	it.each([
		['create', 'additionalFields'],
		['update', 'updateFields'],
	])('%s: Category and Sub-Category search categories; By ID takes a whole number', (op, coll) => {
		for (const name of ['category', 'subCategory']) {
			const property = itemFields(op, coll).find((p) => p.name === name)!;
			expect(property.type).toBe('resourceLocator');
			const [list, id] = property.modes!;
			expect(list.typeOptions?.searchListMethod).toBe('searchCategories');
			expect(id.validation).toEqual([
				expect.objectContaining({ properties: expect.objectContaining({ regex: '^[0-9]+$' }) }),
			]);
		}
	});

	it('lists each category by its name with its ID as the value, filtered by the search text', async () => {
		const { result } = await capture(h, () =>
			listSearch('searchCategories').call(context('additionalFields.category')),
		);
		expect(result.results).toEqual(
			h.sandbox.store.categories.rows
				.filter((c) => c.active)
				.map((c) => ({ name: c.name, value: String(c.categoryID) })),
		);
		const bolts = h.sandbox.store.categories.rows.find((c) => c.name === 'Bolts')!;
		const found = await listSearch('searchCategories').call(
			context('additionalFields.subCategory'),
			'bolt',
		);
		expect(found.results).toEqual([{ name: 'Bolts', value: String(bolts.categoryID) }]);
	});
});

describe('a warehouse with more locations than one page: its list pages like every record list', () => {
	let many: Harness;
	beforeAll(async () => {
		many = await harness();
		const { name } = many.sandbox.store.warehouses.get(2)!;
		for (let n = 1; n <= 300; n++)
			many.sandbox.store.locations.insert({
				spot: `Z-${String(n).padStart(3, '0')}`,
				warehouseID: 2,
				warehouseName: name,
				description: `Overflow bay ${n}`,
				hold: false,
				active: true,
				modified: '2025-01-01T00:00:00Z',
			});
	});
	afterAll(async () => await many?.stop());

	it('hands back a token for the next page, and every page asks for the same warehouse', async () => {
		const current = { resource: 'inventory', operation: 'issue', wID: fromList(2) };
		const pages: Page[] = [];
		const { requests } = await capture(many, async () => {
			let token: string | undefined;
			do {
				const search = nodeType.methods!.listSearch!.searchLocations as (
					this: unknown,
					f?: string,
					t?: string,
				) => Promise<Page>;
				const page = await search.call(context('additionalFields.spot', current, many), '', token);
				pages.push(page);
				token = page.paginationToken;
			} while (token !== undefined && pages.length < 10);
		});
		expect(pages.map((page) => page.paginationToken)).toEqual(['2', undefined]);
		expect(requests.map((request) => [request.query.wid, request.query.page])).toEqual([
			['2', '1'],
			['2', '2'],
		]);
		const expected = many.sandbox.store.locations.rows
			.filter((location) => location.warehouseID === 2)
			.map((location) => location.spot);
		expect(expected.length).toBeGreaterThan(300);
		expect(pages.flatMap((page) => page.results.map((r) => r.value)).sort()).toEqual(
			expected.sort(),
		);
	});
});

describe('Sort Column suggestions (a dropdown: a column is not a record)', () => {
	const suggest = async (current: INodeParameters) => {
		const { result, requests } = await capture(h, () =>
			loadOptions('getSortColumns').call(context('filters.sort', current)),
		);
		expect(requests).toEqual([]); // the table knows them; the service is not asked
		return result.map((entry) => [entry.name, entry.value]);
	};
	const pairs = (columns: readonly string[]) => columns.map((column) => [column, column]);

	it('offers the documented columns of Customer › Get Many, in the table’s order', async () => {
		expect(await suggest({ resource: 'customer', operation: 'getAll' })).toEqual(
			pairs([
				'shortID',
				'name',
				'city',
				'state',
				'zip',
				'country',
				'contact',
				'active',
				'modified',
				'created',
			]),
		);
	});

	it('follows the list the filters choose: one warehouse’s movements, the /All twin, none for a report', async () => {
		const moves = { resource: 'inventory', operation: 'getMaterialIn' };
		const all = listSpec('inventory.materialIn').sort as string[];
		const one = listSpec('inventory.materialInByWarehouse').sort as string[];
		expect(all).toContain('wID');
		expect(one).not.toContain('wID');
		expect(await suggest(moves)).toEqual(pairs(all));
		// The Warehouse filter is a locator: an empty one chooses no warehouse.
		expect(await suggest({ ...moves, filters: { warehouseID: fromList('') } })).toEqual(pairs(all));
		expect(await suggest({ ...moves, filters: { warehouseID: fromList(2) } })).toEqual(pairs(one));
		expect(
			await suggest({ resource: 'item', operation: 'getAll', filters: { includeInactive: true } }),
		).toEqual(pairs(listSpec('item.listAll').sort as string[]));
		expect(await suggest({ resource: 'report', operation: 'run' })).toEqual([]);
		expect(await suggest({ resource: 'item', operation: 'create' })).toEqual([]);
	});
});

type Page = INodeListSearchResult & { paginationToken?: string };

/** Follows the paging token as the editor does on scroll; returns every page's results and the requests. */
async function allPages(method: string, parameter: string, filter?: string) {
	const pages: Page[] = [];
	const { requests } = await capture(h, async () => {
		let token: string | undefined;
		do {
			const search = nodeType.methods!.listSearch![method] as (
				this: unknown,
				f?: string,
				t?: string,
			) => Promise<Page>;
			const page = await search.call(context(parameter), filter, token);
			pages.push(page);
			token = page.paginationToken;
		} while (token !== undefined && pages.length < 50);
	});
	return {
		pages,
		requests,
		values: pages.flatMap((page) => page.results.map((r) => String(r.value))),
	};
}

describe('record locators: the service has no search, so the list is read page by page and filtered here', () => {
	const kinds = [
		['searchItems', 'item', 'shortID', 'item', 'shortID'],
		['searchCustomers', 'customer', 'shortID', 'customer', 'shortID'],
		['searchVendors', 'vendor', 'shortID', 'vendor', 'shortID'],
		['searchPurchaseOrders', 'purchaseOrder', 'poNo', 'purchaseOrder', 'poNo'],
		['searchShippingOrders', 'shippingOrder', 'soNo', 'shippingOrder', 'soNo'],
		['searchWorkOrders', 'workOrder', 'woNo', 'workOrder', 'woNo'],
		['searchAssets', 'asset', 'shortID', 'asset', 'shortID'],
		['searchWarehouses', 'warehouse', 'warehouseID', 'warehouse', 'warehouseID'],
		['searchCategories', 'category', 'categoryID', 'category', 'categoryID'],
		['searchReasonCodes', 'reasonCode', 'reasonCodeID', 'reasonCode', 'reasonCodeID'],
		['searchReports', 'report', 'reportID', 'report', 'reportID'],
		['searchLocations', 'location', 'spot', 'location', 'spot'],
	] as const;

	it.each(kinds)(
		'%s offers every %s the list endpoint returns, page by page',
		async (method, resource, parameter, _r, idField) => {
			const records = await items(h, resource, 'getAll', { returnAll: true, output: 'raw' });
			const { values, requests } = await allPages(method, parameter);
			expect(values).toEqual(records.map((record) => String(record[idField])));
			expect(new Set(requests.map((request) => request.path)).size).toBe(1);
			expect(requests.map((request) => request.query.page)).toEqual(
				requests.map((_, i) => String(i + 1)),
			);
		},
	);

	it('titles records by their documented key and label: From List shows ACME-CORP, not a number', async () => {
		const { values, pages } = await allPages('searchCustomers', 'shortID', 'acme-corp');
		expect(values).toEqual(['ACME-CORP']);
		expect(pages[0].results[0]).toEqual({
			name: 'ACME-CORP — Acme Corporation',
			value: 'ACME-CORP',
		});
		// The list holds open purchase orders only (vendor docs): an open one.
		const order = h.sandbox.store.purchaseOrders.rows.find((o) => o.status !== 'Closed')!;
		const orders = await allPages('searchPurchaseOrders', 'poNo', order.poNo);
		expect(orders.pages[0].results).toEqual([
			{ name: `${order.poNo} — ${order.vendor} — ${order.status}`, value: order.poNo },
		]);
	});

	it('filters by the search text over the pages it reads, and hands back a token for the rest', async () => {
		const all = await items(h, 'item', 'getAll', { returnAll: true, output: 'raw' });
		const target = all[all.length - 1];
		const { pages, values } = await allPages(
			'searchItems',
			'shortID',
			String(target.shortID).toLowerCase(),
		);
		expect(values).toContain(String(target.shortID));
		for (const page of pages)
			for (const result of page.results)
				expect(`${result.name} ${result.value}`.toLowerCase()).toContain(
					String(target.shortID).toLowerCase(),
				);
		// Without a match nearby, one call reads at most 4 pages, then returns a token to go on.
		const first = await capture(h, () =>
			listSearch('searchItems').call(context('shortID'), 'no such item anywhere'),
		);
		expect(first.requests.length).toBe(Math.min(4, Math.ceil(all.length / 250)));
	});
});

describe('webhook subscription search', () => {
	it('offers the subscriptions this client made, by name and URL, filtered by the search text', async () => {
		const made: Array<{ rec: string; name: string; url: string }> = [];
		for (const [n, name] of ['Stock to ERP', 'Orders to chat', 'Stock to BI'].entries()) {
			const url = `https://127.0.0.1:9/hooks/search-${n}`;
			const [record] = await items(h, 'webhook', 'create', {
				name,
				url,
				events: ['item.created'],
				payloadMode: 2,
				active: true,
			});
			made.push({ rec: String(record.rec), name, url });
		}
		const listed = await items(h, 'webhook', 'getAll', { returnAll: true });
		const everything = await allPages('searchWebhooks', 'rec');
		expect(everything.requests.map((request) => request.path)).toEqual(['/api/v2/Webhook']);
		expect(everything.values).toEqual(listed.map((record) => String(record.rec)));
		for (const { rec, name, url } of made)
			expect(everything.pages[0].results).toContainEqual({ name: `${name} — ${url}`, value: rec });

		expect((await allPages('searchWebhooks', 'rec', 'stock TO')).values).toEqual([
			made[0].rec,
			made[2].rec,
		]);
		expect((await allPages('searchWebhooks', 'rec', 'hooks/search-1')).values).toEqual([
			made[1].rec,
		]);
		expect((await allPages('searchWebhooks', 'rec', 'no such subscription')).values).toEqual([]);
	});
});

describe('the 20-page bound of record searches', () => {
	let big: Harness;
	// 250 items a page: more than 20 pages of items not discontinued.
	beforeAll(async () => (big = await harness({ sandbox: { seed: { items: 5600 } } })));
	afterAll(async () => await big?.stop());

	async function pagesOf(filter: string | undefined) {
		const bigNode = {
			...node,
			credentials: {
				inventoryProApi: { id: big.credentialId, name: big.credentials.get(big.credentialId).name },
			},
		};
		const workflow = new workflowLib.Workflow({
			id: 'bound',
			nodes: [bigNode],
			connections: {},
			active: false,
			nodeTypes: big.nodeTypes,
		});
		const data = big.additionalData('internal', { id: 'bound', name: 'Bound', nodes: [bigNode] });
		const search = nodeType.methods!.listSearch!.searchItems as (
			this: unknown,
			f?: string,
			t?: string,
		) => Promise<Page>;
		const pages: Page[] = [];
		const { requests } = await capture(big, async () => {
			let token: string | undefined;
			do {
				const page = await search.call(
					new core.LoadOptionsContext(workflow, bigNode, data, 'parameters.itemID'),
					filter,
					token,
				);
				pages.push(page);
				token = page.paginationToken;
			} while (token !== undefined && pages.length < 50);
		});
		return {
			pages,
			requests,
			values: pages.flatMap((page) => page.results.map((r) => String(r.value))),
		};
	}

	it('stops after 20 pages and returns what it read, though the list goes on', async () => {
		const all = await items(big, 'item', 'getAll', { returnAll: true, output: 'raw' });
		expect(all.length).toBeGreaterThan(21 * 250);

		const unfiltered = await pagesOf(undefined);
		expect(unfiltered.requests.map((request) => request.query.page)).toEqual(
			Array.from({ length: 20 }, (_, i) => String(i + 1)),
		);
		expect(unfiltered.pages.at(-1)!.paginationToken).toBeUndefined();
		expect(unfiltered.values).toEqual(all.slice(0, 20 * 250).map((item) => String(item.shortID)));

		// A search text that matches only beyond page 20: 5 calls of 4 pages, then it ends empty-handed.
		const last = String(all[all.length - 1].shortID);
		const beyond = await pagesOf(last.toLowerCase());
		expect(beyond.pages).toHaveLength(5);
		expect(beyond.requests).toHaveLength(20);
		expect(beyond.values).toEqual([]);
	});
});
