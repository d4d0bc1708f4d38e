/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * The node's description against the sandbox's own model of the service (sandbox/routes.ts), which the
 * operation files do not read: which filters each list offers, which body fields are required, every
 * row reachable. A field or filter declared wrongly in an operation file fails here.
 */
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import type { INodeProperties } from 'n8n-workflow';

import { nodeOperations, operationsTable } from '../../scripts/operations-table';
import { GET_MANY_LISTS } from '../../nodes/InventoryPro/methods/sortColumns';
import { ENDPOINTS, RESOURCES, type EndpointId } from '../../nodes/shared/endpoints';
import { RECORDS, type RecordKindSpec } from '../../nodes/shared/records';
import { ROUTES, type RouteSpec } from '../../sandbox/routes';
import { InventoryPro } from '../../nodes/InventoryPro/InventoryPro.node';
import { RESOURCES as RESOURCE_MODULES } from '../../nodes/InventoryPro/actions/router';
import type { OperationModule } from '../../nodes/InventoryPro/actions/node.type';

const node = new InventoryPro();
const { properties } = node.description;

/** The parameters shown for one resource/operation. */
function fieldsOf(resource: string, operation: string): INodeProperties[] {
	return properties.filter((property) => {
		const show = property.displayOptions?.show;
		return show?.resource?.includes(resource) && show?.operation?.includes(operation);
	});
}

function operationFor(id: EndpointId): [string, string] {
	// The operation named for the row (a list's Get Many, customer.update's Update) comes first; others
	// may call it too (Create or Update reads the list and writes with update).
	const reaching = nodeOperations().filter(({ endpoints }) => endpoints.includes(id));
	const action = id.slice(id.indexOf('.') + 1);
	const own = action === 'list' || action === 'listAll' ? 'getAll' : action;
	const chosen = reaching.find(({ operation }) => operation === own) ?? reaching[0];
	if (chosen) return [chosen.resource, chosen.operation];
	throw new Error(`no operation reaches ${id}`);
}

/** The service's model of every row the node knows (the contract test checks the ids are the same). */
const rows = (Object.keys(ENDPOINTS) as EndpointId[]).map((id): [EndpointId, RouteSpec] => [
	id,
	ROUTES[id],
]);

describe('Inventory Pro node description', () => {
	it('is the inventoryPro node, usable as a tool, with light and dark icons and a codex', () => {
		expect(node.description.name).toBe('inventoryPro');
		expect(node.description.displayName).toBe('Inventory Pro');
		expect(node.description.usableAsTool).toBe(true);
		const icon = node.description.icon as { light: string; dark: string };
		const dir = join(__dirname, '../../nodes/InventoryPro');
		for (const file of [icon.light, icon.dark]) {
			const svg = readFileSync(join(dir, file.replace('file:', '')), 'utf8');
			expect(svg).toMatch(/viewBox="0 0 60 60"/);
		}
		expect(icon.light).not.toBe(icon.dark);
		const codex = JSON.parse(readFileSync(join(dir, 'InventoryPro.node.json'), 'utf8'));
		expect(codex.node).toBe('n8n-nodes-inventory-pro.inventoryPro');
		expect(codex.categories.length).toBeGreaterThan(0);
		expect(codex.resources.primaryDocumentation[0].url).toMatch(/^https:\/\//);
		expect(existsSync(join(dir, 'InventoryPro.node.ts'))).toBe(true);
	});

	it('offers the 14 resources of the spec in camelCase plus the Custom API Request', () => {
		const resource = properties.find((property) => property.name === 'resource')!;
		const values = (resource.options as Array<{ value: string }>)
			.map((option) => option.value)
			.sort();
		expect(values).toEqual([...RESOURCES, 'customApi'].sort());
	});

	it('reaches every row of the endpoint table from some operation', () => {
		const { unreachable, markdown } = operationsTable();
		expect(unreachable).toEqual([]);
		for (const [id] of rows)
			expect(markdown).toContain(`${ENDPOINTS[id].method} ${ENDPOINTS[id].path}`);
	});

	it('offers Extra Body Fields on every Create and Update', () => {
		const writes = Object.entries(RESOURCE_MODULES).flatMap(([resource, module]) =>
			Object.keys(module.operations)
				.filter((operation) => operation === 'create' || operation === 'update')
				.map((operation) => `${resource}.${operation}`),
		);
		expect(writes).toEqual(expect.arrayContaining(['webhook.create', 'webhook.update']));
		const without = writes.filter((write) => {
			const [resource, operation] = write.split('.');
			return !fieldsOf(resource, operation).some((property) => property.name === 'extraBody');
		});
		expect(without).toEqual([]);
	});

	// Sort By's suggestions (methods/sortColumns.ts) name the lists each Get Many's file reads.
	it("Sort By suggests from exactly the lists each Get Many's file reads", () => {
		const withSort = nodeOperations().filter(({ resource, operation }) =>
			fieldsOf(resource, operation).some((p) => p.name === 'filters'),
		);
		expect(withSort.length).toBeGreaterThan(15);
		const tabled = Object.fromEntries(
			withSort.map(({ resource, operation }) => {
				const lists = GET_MANY_LISTS[`${resource}.${operation}`] ?? {};
				return [`${resource}.${operation}`, Object.values(lists).sort()];
			}),
		);
		const called = Object.fromEntries(
			withSort.map(({ resource, operation, endpoints }) => [
				`${resource}.${operation}`,
				endpoints.filter((id) => 'list' in ENDPOINTS[id]).sort(),
			]),
		);
		expect(tabled).toEqual(called);
		expect(Object.keys(GET_MANY_LISTS).sort()).toEqual(Object.keys(called).sort());
	});

	it('docs/operations.md carries the operations table as generated (with every row’s evidence)', () => {
		const page = readFileSync(join(__dirname, '../../docs/operations.md'), 'utf8');
		expect(page).toContain(operationsTable().markdown);
	});

	it('the README names every resource and each of its operations, and nothing else', () => {
		const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
		const section = readme.slice(readme.indexOf('\n## Inventory Pro node\n'));
		const table = section
			.slice(0, section.indexOf('\n\n', section.indexOf('| Resource |')))
			.split('\n')
			.filter((line) => line.startsWith('| ') && !line.startsWith('| Resource'))
			.map((line) => line.split('|').map((cell) => cell.trim()));
		const resource = properties.find((p) => p.name === 'resource')!;
		const named = (resource.options as Array<{ name: string; value: string }>).map(
			({ name, value }) => {
				const operation = properties.find(
					(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(value),
				);
				const names = ((operation?.options ?? []) as Array<{ name: string }>).map((o) => o.name);
				return { name, names };
			},
		);
		const words = (cell: string) => cell.split(/, | \(and | › |: |\)|\(/).map((w) => w.trim());
		for (const { name, names } of named) {
			const row = table.find(([, first]) => first.split(', ').includes(name));
			expect([name, row !== undefined]).toEqual([name, true]);
			if (names.length === 0) continue;
			const listed = words(row![2]);
			expect([name, names.filter((operation) => !listed.includes(operation))]).toEqual([name, []]);
		}
		expect(table.flatMap(([, first]) => first.split(', ')).sort()).toEqual(
			named.map(({ name }) => name).sort(),
		);
	});

	it('calls list reads getAll where a resource has one list, with returnAll and limit', () => {
		for (const resource of RESOURCES) {
			const [, operation] = operationFor(`${resource}.list` as EndpointId);
			expect(operation).toBe('getAll');
			const names = fieldsOf(resource, 'getAll').map((property) => property.name);
			expect(names).toEqual(expect.arrayContaining(['returnAll', 'limit', 'filters']));
		}
	});

	it.each(rows.filter(([, row]) => row.list))(
		'%s offers exactly the filters the spec allows',
		(id, row) => {
			const [resource, operation] = operationFor(id);
			const filters = fieldsOf(resource, operation).find(
				(property) => property.name === 'filters',
			)!;
			const names = (filters.options as INodeProperties[]).map((option) => option.name);
			const list = row.list!;
			expect(names.includes('modifiedSince')).toBe(
				list.modifiedSince === 'supported' || list.modifiedSince === 'headerOnly',
			);
			expect(names.includes('startDate')).toBe(Boolean(list.orderDates));
			expect(names.includes('endDate')).toBe(Boolean(list.orderDates));
			expect(names).toEqual(expect.arrayContaining(['sort', 'direction']));
			const sort = (filters.options as INodeProperties[]).find((option) => option.name === 'sort')!;
			// A column is not a record: no locator. A report's columns are known when it runs: text.
			// Elsewhere a dropdown suggests the documented columns of the list the filters choose (reloaded
			// when they change), and an expression gives any other (the service judges it).
			if (list.sort === 'reportColumns') expect(sort.type).toBe('string');
			else {
				expect(sort.type).toBe('options');
				expect(sort.default).toBe('');
				// Not required: n8n reads a missing `required` as false (its lint refuses `required: false`).
				expect(sort.required).toBeFalsy();
				expect(sort.typeOptions?.loadOptionsMethod).toBe('getSortColumns');
				const lists = GET_MANY_LISTS[`${resource}.${operation}`];
				const dependsOn = [
					...(lists.byWarehouse ? ['filters.warehouseID.value'] : []),
					...(lists.all ? ['filters.includeInactive'] : []),
				];
				expect(sort.typeOptions?.loadOptionsDependsOn ?? []).toEqual(dependsOn);
			}
			const notice = fieldsOf(resource, operation).some((property) => property.type === 'notice');
			expect(notice).toBe(list.modifiedSince === 'headerOnly');
		},
	);

	// One Output fragment (common.descriptions.ts recordOutput), its texts per record kind.
	it('says per record kind what Simplified keeps and what Raw adds; only orders mention lines', () => {
		const withOutput = nodeOperations().filter(({ resource, operation }) =>
			fieldsOf(resource, operation).some((p) => p.name === 'output'),
		);
		expect(withOutput.length).toBe(17);
		for (const { resource, operation } of withOutput) {
			const kind = (resource === 'inventory' ? 'lot' : resource) as keyof typeof RECORDS;
			const { simple, fields } = RECORDS[kind] as RecordKindSpec;
			const output = fieldsOf(resource, operation).find((p) => p.name === 'output')!;
			const options = output.options as Array<{ name: string; value: string; description: string }>;
			expect(options.map((o) => o.value)).toEqual(['simple', 'raw', 'fields']);
			expect(output.default).toBe('simple');
			const [simplified, raw] = options.map((o) => o.description);
			const where = `${resource}.${operation}`;
			expect({ where, kept: simplified.replace(/ \(Get only\)/g, '') }).toEqual({
				where,
				kept: `Only ${simple.join(', ')}`,
			});
			const added = fields.filter((field) => !simple.includes(field));
			expect({ where, raw }).toEqual({
				where,
				raw: `Every field the service returns, also ${added.join(', ')}`,
			});
			const order = ['purchaseOrder', 'shippingOrder', 'workOrder'].includes(resource);
			expect({ where, lines: /lines/.test(simplified + raw) }).toEqual({ where, lines: order });
		}
	});

	it.each([
		['purchaseOrder', 'Order Date On or After', 'Order Date On or Before'],
		['shippingOrder', 'Order Date On or After', 'Order Date On or Before'],
		['workOrder', 'Start Date On or After', 'Due Date On or Before'],
	])('%s names the dates its startDate / endDate compare (vendor docs)', (resource, start, end) => {
		const filters = fieldsOf(resource, 'getAll').find((property) => property.name === 'filters')!;
		const label = (name: string) =>
			(filters.options as INodeProperties[]).find((option) => option.name === name)?.displayName;
		expect([label('startDate'), label('endDate')]).toEqual([start, end]);
	});

	it.each(rows.filter(([, row]) => row.body))(
		'%s puts required body fields on top, optional ones in a collection',
		(id, row) => {
			const [resource, operation] = operationFor(id);
			const fields = fieldsOf(resource, operation);
			for (const field of row.body!) {
				const top = fields.find((property) => property.name === field.name);
				if (field.required) {
					expect(top?.required).toBe(true);
				} else {
					expect(top).toBeUndefined();
					const collection = fields.find((property) => property.type === 'collection')!;
					expect((collection.options as INodeProperties[]).map((option) => option.name)).toContain(
						field.name,
					);
				}
			}
		},
	);

	// An operation's key is written in its resource's map and again in its file (show(resource, op)): a mismatch
	// hides its fields with no compile error, so every field must be shown for exactly its own key.
	it("shows each operation's fields for that resource and operation key only", () => {
		const mismatched = Object.entries(RESOURCE_MODULES).flatMap(([resource, module]) =>
			Object.entries(module.operations as Record<string, OperationModule>).flatMap(([key, op]) =>
				op.description
					.filter((property) => {
						const show = property.displayOptions?.show;
						return (
							JSON.stringify(show?.resource) !== JSON.stringify([resource]) ||
							JSON.stringify(show?.operation) !== JSON.stringify([key])
						);
					})
					.map(
						(property) =>
							`${resource}.${key}: ${property.name} shown for ${JSON.stringify(property.displayOptions?.show)}`,
					),
			),
		);
		expect(mismatched).toEqual([]);
	});

	// An agent's tool description is "<action> in Inventory Pro": two operations must never read alike.
	it('gives every operation an action text of its own', () => {
		const actions = nodeOperations().map((op) => op.action);
		expect(actions.filter((action, i) => actions.indexOf(action) !== i)).toEqual([]);
		// A sentence without a closing stop; it may end in an all-capitals word (ID, URL).
		for (const action of actions) expect(action).toMatch(/^[A-Z][a-z]+ .+[a-zA-Z)]$/);
		// n8n's node creator shows about 40 characters of an action (its own: "Create or update a contact").
		expect(actions.filter((action) => action.length > 40)).toEqual([]);
	});

	// Vendor docs: GET /PurchaseOrder "returns open purchase orders". The node says so, and how to reach a closed one.
	it('Purchase Order › Get Many says it lists open orders and that Get reads a closed one', () => {
		const getMany = nodeOperations().find(
			(op) => op.resource === 'purchaseOrder' && op.operation === 'getAll',
		)!;
		expect(getMany.action).toBe('Get many open purchase orders');
		expect(getMany.description).toMatch(/^Open purchase orders only.*closed one.*with Get$/);
		const notice = fieldsOf('purchaseOrder', 'getAll').find(
			(property) => property.name === 'openOnlyNotice',
		)!;
		expect(notice.type).toBe('notice');
		expect(notice.displayName).toMatch(/open purchase orders only.*Purchase Order › Get/);
		expect(ENDPOINTS['purchaseOrder.list'].summary).toMatch(/^Open purchase orders/);
	});

	// An agent sees "<action> in Inventory Pro"; a person the option's description: both say what it takes.
	it('says in every operation that takes a required parameter what it needs', () => {
		const unsaid = nodeOperations().filter(({ resource, operation, description }) => {
			// Required and always shown (Fields, say, is required only once Output is Selected Fields).
			const shownAlways = (property: INodeProperties) =>
				Object.keys(property.displayOptions?.show ?? {}).every((key) =>
					['resource', 'operation'].includes(key),
				);
			const required = fieldsOf(resource, operation).some(
				(property) => property.required === true && shownAlways(property),
			);
			// n8n's own wording for an upsert (its lint rule node-param-description-wrong-for-upsert).
			if (operation === 'upsert') return !description.startsWith('Create a new record, or update');
			return required && resource !== 'customApi' && !description.startsWith('Needs ');
		});
		expect(unsaid.map(({ resource, operation }) => `${resource}.${operation}`)).toEqual([]);
	});

	it('has one version, so no parameter carries a @version condition', () => {
		expect(node.description.version).toBe(2);
		const conditioned = (property: INodeProperties): boolean =>
			'@version' in (property.displayOptions?.show ?? {}) ||
			'@version' in (property.displayOptions?.hide ?? {});
		expect(properties.filter(conditioned).map((property) => property.name)).toEqual([]);
	});

	it('never shows two parameters of the same name for one operation', () => {
		for (const [resource, module] of Object.entries(RESOURCE_MODULES)) {
			for (const operation of Object.keys(module.operations)) {
				const names = fieldsOf(resource, operation).map((property) => property.name);
				expect({ resource, operation, names }).toEqual({
					resource,
					operation,
					names: [...new Set(names)],
				});
			}
		}
	});

	// Issue 44: every parameter that names a record the service lists is one kind of parameter, a
	// "From List / By ID" locator whose search is that record's list (a location's: by the warehouse above).
	it('names every record the service lists with a locator searching that list', () => {
		const byResource = (resource: string) =>
			({
				customer: 'searchCustomers',
				vendor: 'searchVendors',
				asset: 'searchAssets',
			})[resource] ?? 'searchItems';
		const search: Record<string, (resource: string) => string> = {
			itemID: () => 'searchItems',
			key: () => 'searchItems',
			shortID: byResource,
			wID: () => 'searchWarehouses',
			fromWID: () => 'searchWarehouses',
			toWID: () => 'searchWarehouses',
			warehouseID: () => 'searchWarehouses',
			wid: () => 'searchWarehouses',
			warehouse: () => 'searchWarehouses',
			spot: () => 'searchLocations',
			id: () => 'searchLocations',
			fromSpot: () => 'searchFromLocations',
			toSpot: () => 'searchToLocations',
			location: () => 'searchAssetLocations',
			reasonCode: () => 'searchReasonCodesByCode',
			reasonCodeID: () => 'searchReasonCodes',
			categoryID: () => 'searchCategories',
			category: () => 'searchCategories',
			subCategory: () => 'searchCategories',
			assetType: () => 'searchAssetTypes',
			vendor: () => 'searchVendors',
			customer: () => 'searchCustomers',
			poNo: () => 'searchPurchaseOrders',
			soNo: () => 'searchShippingOrders',
			woNo: () => 'searchWorkOrders',
			rec: () => 'searchWebhooks',
			reportID: () => 'searchReports',
		};
		// Not pickers: the key of a record being created, and the key Create or Update creates when missing.
		const newKey = (operation: string, name: string, top: boolean) =>
			top && ['create', 'upsert'].includes(operation) && ['itemID', 'shortID'].includes(name);

		const found: string[] = [];
		const wrong: string[] = [];
		const visit = (resource: string, operation: string, list: readonly unknown[], top = false) => {
			for (const entry of list as Array<INodeProperties & { values?: INodeProperties[] }>) {
				if (entry.values) visit(resource, operation, entry.values);
				if (!('type' in entry)) continue;
				if (entry.type === 'collection' || entry.type === 'fixedCollection')
					visit(resource, operation, (entry.options ?? []) as INodeProperties[]);
				const expected = search[entry.name]?.(resource);
				const where = `${resource}.${operation} ${entry.name}`;
				if (!expected || newKey(operation, entry.name, top)) continue;
				found.push(where);
				const [list, typed] = entry.modes ?? [];
				const ok =
					entry.type === 'resourceLocator' &&
					list?.type === 'list' &&
					list.typeOptions?.searchListMethod === expected &&
					/^Select (a [^aeiou]|an [aeiou])[a-z ]+\.\.\.$/.test(String(list.placeholder)) &&
					typed?.type === 'string';
				if (!ok) wrong.push(`${where}: ${entry.type} ${JSON.stringify(entry.modes ?? [])}`);
			}
		};
		for (const property of properties) {
			const show = property.displayOptions?.show;
			if (!show?.resource || !show.operation) continue;
			visit(String(show.resource[0]), String(show.operation[0]), [property], true);
		}
		expect(wrong).toEqual([]);
		// Every kind of reference is met somewhere (the walk reaches collections and order lines).
		expect(found).toEqual(
			expect.arrayContaining([
				'inventory.receive spot',
				'inventory.move toSpot',
				'inventory.issue reasonCode',
				'inventory.getStockLevels warehouseID',
				'item.getAll categoryID',
				'asset.create assetType',
				'asset.update location',
				'purchaseOrder.create warehouse',
				'shippingOrder.create shortID',
				'location.hold id',
			]),
		);
		expect(found.length).toBeGreaterThan(60);
	});

	it('offers pickers from the service for every record kind, and dropdowns only for sort columns', () => {
		const methods = node.methods as { loadOptions: object; listSearch: object };
		expect(Object.keys(methods.listSearch).sort()).toEqual([
			'searchAssetLocations',
			'searchAssetTypes',
			'searchAssets',
			'searchCategories',
			'searchCustomers',
			'searchFromLocations',
			'searchItems',
			'searchLocations',
			'searchPurchaseOrders',
			'searchReasonCodes',
			'searchReasonCodesByCode',
			'searchReports',
			'searchShippingOrders',
			'searchToLocations',
			'searchVendors',
			'searchWarehouses',
			'searchWebhooks',
			'searchWorkOrders',
		]);
		expect(Object.keys(methods.loadOptions).sort()).toEqual(['getSortColumns']);
		// Every method is used by some parameter (none is dead).
		const used = JSON.stringify(properties);
		for (const name of [...Object.keys(methods.listSearch), ...Object.keys(methods.loadOptions)])
			expect({ name, used: used.includes(`"${name}"`) }).toEqual({ name, used: true });
		const update = fieldsOf('shippingOrder', 'update').find(
			(property) => property.name === 'updateFields',
		)!;
		const status = (update.options as INodeProperties[]).find(
			(option) => option.name === 'status',
		)!;
		expect([
			status.displayName,
			status.type,
			(status.options as Array<{ value: string }>).map((o) => o.value),
		]).toEqual(['Status', 'options', ['Open', 'Partial', 'Closed']]);
	});
});
