/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// The package in a real n8n 2.41.1, the way users run it: the example workflows and the three nodes
// against the sandbox over HTTPS, n8n's webhooks on its own self-signed HTTPS listener. One n8n and one
// sandbox serve every scenario (an n8n start costs 30-60 s); the last test stops both and checks that
// nothing is left. Numbers are compared with the sandbox's own data, never with constants alone.
import { existsSync } from 'fs';
import { mkdir, readdir, readFile } from 'fs/promises';
import { join } from 'path';
import type { INodeTypeDescription } from 'n8n-workflow';

import { DEMO_CLIENT, DEMO_CLIENTS, startSandbox, type Sandbox } from '../../sandbox';
import { SandboxClient } from '../support/sandboxClient';
import {
	ensureN8n,
	httpsCall,
	loopbackCertificate,
	N8n,
	startN8n,
	type CredentialRef,
	type Execution,
} from './n8n';
import { portInUse } from './support/processes';
import { descriptionFor, parameterProblems } from './support/parameters';
import {
	chain,
	exampleFiles,
	inventoryPro,
	loadExample,
	manualTrigger,
	nightlyExampleForLocalRun,
	OUTBOUND,
	PREFIX,
	SYNC_TABLE,
} from './support/workflows';

interface Xlsx {
	read(
		data: Buffer,
		options: { type: 'buffer'; raw?: boolean },
	): { SheetNames: string[]; Sheets: Record<string, unknown> };
	utils: {
		sheet_to_json<T>(sheet: unknown, options: { header?: 1; raw?: boolean; defval?: unknown }): T[];
	};
}

const PAGE_SIZE = 250; // STANDARD_PAGE_SIZE: the action node asks for the largest page

let sandbox: Sandbox;
let n8n: N8n;
let credential: CredentialRef;
/** A second account of the service, as a person or another system would use it. */
let operator: SandboxClient;
/** The account n8n's credential uses, to look at its webhook subscriptions. */
let owner: SandboxClient;

const requestsTo = (endpointId: string) =>
	sandbox.requests.filter((r) => r.endpointId === endpointId);

beforeAll(async () => {
	const n8nDir = await ensureN8n();
	// n8n's certificate first: the sandbox's webhook sender trusts exactly it, n8n trusts the sandbox's.
	const certificate = await loopbackCertificate();
	sandbox = await startSandbox({ port: 0, webhookCa: [certificate.cert] });
	n8n = await startN8n({ n8nDir, certificate, extraCa: sandbox.ca });
	credential = await n8n.createCredential(
		'inventoryProApi',
		{
			baseUrl: sandbox.baseUrl,
			clientId: DEMO_CLIENT.clientId,
			clientSecret: DEMO_CLIENT.clientSecret,
			ignoreSslIssues: false,
		},
		'Inventory Pro (sandbox)',
	);
	const scoped = DEMO_CLIENTS.find((c) => c.clientId === 'scoped'); // may write to warehouse 1
	if (!scoped) throw new Error('the sandbox has no "scoped" demo client');
	operator = new SandboxClient(sandbox, scoped);
	owner = new SandboxClient(sandbox, DEMO_CLIENT);
}, 20 * 60_000);

let stopped: Promise<void> | undefined;
/** Stops n8n, then the sandbox; once, whichever of the last test and afterAll comes first. */
const stopAll = () =>
	(stopped ??= (async () => {
		await n8n?.stop();
		await sandbox?.close();
	})());

afterAll(async () => await stopAll(), 60_000);

describe('Changes Trigger (polling), part 1: the sync example activated', () => {
	// Activated first so that its next scheduled poll (within a minute) overlaps the other scenarios.
	const triggerName = 'Items created or modified';
	let workflowId: string;
	let first: string[];

	test('activation polls once: exactly the items modified since Start From, oldest first, upserted into the data table', async () => {
		const active = sandbox.store.items.rows.filter((item) => !item.discontinued);
		const newest = [...active].sort((a, b) => (a.modified < b.modified ? 1 : -1));
		const startFrom = newest[2].modified; // the third newest: three items are on or after it
		first = active
			.filter((item) => item.modified >= startFrom)
			.sort((a, b) => (a.modified < b.modified ? -1 : 1))
			.map((item) => item.shortID);
		expect(first).toHaveLength(3);

		table = await n8n.createDataTable(SYNC_TABLE.name, SYNC_TABLE.columns);
		const example = loadExample('sync-changed-items.json');
		const trigger = example.nodes.find((node) => node.name === triggerName)!;
		trigger.parameters = { ...trigger.parameters, options: { startFrom } };
		const workflow = await n8n.createWorkflow(example, [credential]);
		workflowId = workflow.id;
		await n8n.activate(workflowId);

		const [execution] = await n8n.waitForExecutions(workflowId, 1);
		const run = await n8n.execution(execution.id);
		expect(run.status).toBe('success');
		expect(N8n.output(run, triggerName).map((i) => i.json.shortID)).toEqual(first);
		const rows = await n8n.dataTableRows(table.id);
		expect(rows.map((row) => row.shortID).sort()).toEqual([...first].sort());
		for (const row of rows) {
			const item = sandbox.store.items.rows.find((i) => i.shortID === row.shortID)!;
			expect(row).toMatchObject({
				partNo: item.partNo,
				description: item.description,
				modified: item.modified,
			});
		}
	});

	test('an item changed after activation is recorded in the sandbox', async () => {
		const response = await operator.put('/Item', { itemID: first[0], description: CHANGED });
		expect(response.status).toBe(200);
		changedItem = { workflowId, shortID: first[0], pollsBefore: pollRequests().length };
	});
});

const CHANGED = 'Changed by the e2e poll scenario';
let table: { id: string; name: string };
let changedItem: { workflowId: string; shortID: string; pollsBefore: number } | undefined;
const pollRequests = () =>
	requestsTo('item.list').filter(
		(r) => r.clientId === DEMO_CLIENT.clientId && r.query.modifiedSince !== undefined,
	);

describe('Scenario 1: nightly report example → XLSX on disk (Google Sheets nodes disabled)', () => {
	let execution: Execution;
	/** The report as the service returns it to a direct API call, every page. */
	let expected: Array<Record<string, unknown>>;
	let folderBeforeRun: boolean;

	beforeAll(async () => {
		folderBeforeRun = existsSync(n8n.filesFolder);
		// What the README asks of a user: create the folder n8n may write to.
		await mkdir(n8n.filesFolder, { recursive: true });
		const workflow = await n8n.createWorkflow(nightlyExampleForLocalRun(n8n.filesFolder), [
			credential,
		]);
		const before = requestsTo('report.run').length;
		execution = await n8n.runManually(workflow.id, 'Every night at 02:00');
		reportRequests = requestsTo('report.run').length - before;
		expected = [];
		for (let page = 1; ; page++) {
			const response = await owner.get('/Report/1', { page, pageSize: PAGE_SIZE });
			expect(response.status).toBe(200);
			expected.push(...(response.body.value as Array<Record<string, unknown>>));
			if (!response.body.hasMore) break;
		}
	}, 120_000);
	let reportRequests = 0;

	const byPartNo = (rows: Array<Record<string, unknown>>) =>
		[...rows].sort((a, b) => Number(a.partNo) - Number(b.partNo));

	test('n8n does not create its allowed files folder (~/.n8n-files) itself', () => {
		expect(folderBeforeRun).toBe(false);
	});

	test('the workflow ran successfully and read every page of the report', () => {
		expect(execution.status).toBe('success');
		expect(expected.length).toBeGreaterThan(PAGE_SIZE);
		expect(reportRequests).toBe(Math.ceil(expected.length / PAGE_SIZE));
	});

	test('the action node returned exactly the report rows (one item per row)', () => {
		const rows = N8n.output(execution, 'Run Stock Valuation report').map((i) => i.json);
		expect(rows).toHaveLength(expected.length);
		expect(byPartNo(rows)).toEqual(byPartNo(expected));
	});

	test('the Google Sheets append gets every report row once, after the clear ran', () => {
		const run = execution.data.resultData.runData;
		expect(run['Clear sheet']).toHaveLength(1);
		expect(run['Append report rows']).toHaveLength(1);
		// executionIndex: the order in which n8n ran the nodes of this execution.
		expect(Number(run['Clear sheet'][0].executionIndex)).toBeLessThan(
			Number(run['Append report rows'][0].executionIndex),
		);
		const rows = N8n.output(execution, 'Append report rows').map((i) => i.json);
		expect(rows).toHaveLength(expected.length);
		expect(byPartNo(rows)).toEqual(byPartNo(expected));
	});

	test("the XLSX file on disk, named with the run's date, has a header and exactly the report rows", async () => {
		const day = (time?: string) => (time ?? '').slice(0, 10);
		const files = await readdir(n8n.filesFolder);
		expect(files).toHaveLength(1);
		expect([
			`stock-valuation-${day(execution.startedAt)}.xlsx`,
			`stock-valuation-${day(execution.stoppedAt)}.xlsx`,
		]).toContain(files[0]);
		expect(N8n.output(execution, 'Save XLSX to disk')[0].json.fileName).toBe(
			join(n8n.filesFolder, files[0]),
		);

		const xlsx = n8n.requireFromN8n<Xlsx>('@e965/xlsx');
		const book = xlsx.read(await readFile(join(n8n.filesFolder, files[0])), { type: 'buffer' });
		expect(book.SheetNames).toEqual(['Stock Valuation']);
		const sheet = book.Sheets['Stock Valuation'];
		const [header] = xlsx.utils.sheet_to_json<string[]>(sheet, { header: 1 });
		expect(header).toEqual(Object.keys(expected[0]));
		const rows = xlsx.utils.sheet_to_json<Record<string, unknown>>(sheet, { defval: null });
		expect(rows).toHaveLength(expected.length);
		expect(byPartNo(rows)).toEqual(byPartNo(expected));
	});
});

describe('Scenario 2: inventory.received through the webhook trigger (the stock-received example)', () => {
	const nodeName = 'On stock received';
	let workflowId: string;
	let webhookUrl: string;
	let rec: number;

	const subscriptions = async () =>
		(await owner.get('/Webhook', { pageSize: 250 })).body.value as Array<Record<string, unknown>>;
	const receive = async (reference: string) => {
		const item = sandbox.store.items.rows.find((i) => !i.discontinued)!;
		const response = await operator.post('/Inventory/Receive', {
			itemID: item.shortID,
			wID: 1,
			units: 7,
			remark: reference,
		});
		expect(response.status).toBe(201);
		return response.body as Record<string, unknown>;
	};

	test("activation creates exactly one subscription, pointing at n8n's HTTPS webhook URL", async () => {
		expect(await subscriptions()).toEqual([]);
		// The example, with its Google Sheets and Slack nodes disabled (no accounts here; disabled nodes pass data on).
		const example = loadExample('inventory-received-to-sheet-and-slack.json');
		for (const node of example.nodes) if (OUTBOUND.includes(node.type)) node.disabled = true;
		const workflow = await n8n.createWorkflow(example, [credential]);
		workflowId = workflow.id;
		webhookUrl = await n8n.productionWebhookUrl(workflow, nodeName);
		expect(webhookUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/webhook\//);
		await n8n.activate(workflowId);

		const subs = await subscriptions();
		expect(subs).toHaveLength(1);
		expect(subs[0]).toMatchObject({ url: webhookUrl, events: 'inventory.received', active: true });
		rec = Number(subs[0].rec);
		expect(await n8n.executions(workflowId)).toEqual([]);
	});

	test('a stock receipt produces exactly one successful execution carrying the event', async () => {
		const receipt = await receive('e2e-receipt-1');
		await sandbox.webhooks.idle();
		const executions = await n8n.waitForExecutions(workflowId, 1);
		expect(executions).toHaveLength(1);
		expect(executions[0].status).toBe('success');

		const run = await n8n.execution(executions[0].id);
		const [item] = N8n.output(run, nodeName);
		expect(item.json.event).toBe('inventory.received');
		expect(item.json.data).toMatchObject({
			recNo: receipt.recNo,
			shortID: receipt.shortID,
			units: 7,
			remark: 'e2e-receipt-1',
		});
		// The row the example would append to the sheet.
		expect(N8n.output(run, 'Receipt row').map((i) => i.json)).toEqual([
			{
				Received: receipt.created,
				Item: receipt.shortID,
				'Part No': receipt.partNo,
				Quantity: 7,
				Warehouse: 1,
				Location: receipt.spot, // the warehouse's receiving dock, RECV-01
				Lot: '',
				Reference: 'e2e-receipt-1',
				'Receipt No': receipt.recNo,
			},
		]);

		const log = (await owner.get(`/Webhook/${rec}/log`)).body.value as Array<
			Record<string, unknown>
		>;
		expect(log).toHaveLength(1);
		expect(log[0]).toMatchObject({
			event: 'inventory.received',
			success: true,
			statusCode: 200,
			attempt: 1,
		});
	});

	test('a forged delivery (wrong or missing signature) is answered 401 and starts nothing', async () => {
		const body = JSON.stringify({
			event: 'inventory.received',
			data: { recNo: 999999, shortID: 'FORGED', units: 1 },
		});
		const headers = { 'content-type': 'application/json', 'x-webhook-event': 'inventory.received' };
		const wrong = await httpsCall('POST', webhookUrl, n8n.ca, {
			raw: body,
			headers: { ...headers, 'x-webhook-signature': `sha256=${'0'.repeat(64)}` },
		});
		expect(wrong.status).toBe(401);
		const missing = await httpsCall('POST', webhookUrl, n8n.ca, { raw: body, headers });
		expect(missing.status).toBe(401);

		// A genuine delivery after the forged ones is execution number two: the forged ones made none.
		const receipt = await receive('e2e-receipt-2');
		await sandbox.webhooks.idle();
		const executions = await n8n.waitForExecutions(workflowId, 2);
		expect(executions).toHaveLength(2);
		const latest = await n8n.execution(
			executions.map((e) => e.id).sort((a, b) => Number(b) - Number(a))[0],
		);
		expect(N8n.output(latest, nodeName)[0].json.data).toMatchObject({
			recNo: receipt.recNo,
			remark: 'e2e-receipt-2',
		});
	});

	test('deactivation deletes the subscription', async () => {
		await n8n.deactivate(workflowId);
		expect(await subscriptions()).toEqual([]);
		expect((await owner.get(`/Webhook/${rec}`)).status).toBe(404);
	});
});

describe('Scenario 3: Get Many items with Return All', () => {
	test('returns every seeded item exactly once, paged', async () => {
		const workflow = await n8n.createWorkflow(
			chain(
				'e2e: all items',
				manualTrigger(),
				inventoryPro('All items', {
					resource: 'item',
					operation: 'getAll',
					returnAll: true,
					filters: { includeInactive: true },
				}),
			),
			[credential],
		);
		const before = requestsTo('item.listAll').length;
		const execution = await n8n.runManually(workflow.id);
		expect(execution.status).toBe('success');

		const seeded = sandbox.store.items.rows.map((item) => item.shortID);
		const returned = N8n.output(execution, 'All items').map((i) => String(i.json.shortID));
		expect(seeded).toHaveLength(1050);
		expect(returned).toHaveLength(seeded.length);
		expect(new Set(returned).size).toBe(returned.length);
		expect([...returned].sort()).toEqual([...seeded].sort());
		expect(requestsTo('item.listAll').length - before).toBe(Math.ceil(seeded.length / PAGE_SIZE));
	});
});

describe('the example workflows', () => {
	test.each(exampleFiles())(
		"%s imports into n8n; every node's type, version and parameters are ones n8n knows",
		async (file) => {
			const example = loadExample(file);
			const known = (await n8n.nodeTypes()) as unknown as INodeTypeDescription[];
			for (const node of example.nodes) {
				const description = descriptionFor(known, node);
				expect({ node: node.name, type: description?.name, version: node.typeVersion }).toEqual({
					node: node.name,
					type: node.type,
					version: node.typeVersion,
				});
				// Checked against the description this n8n serves the editor (n8n-nodes-base 2.40.2 and ours).
				expect({ node: node.name, problems: parameterProblems(node, description!) }).toEqual({
					node: node.name,
					problems: [],
				});
				for (const refs of Object.values(node.credentials ?? {}))
					expect(refs).toEqual({ id: '', name: expect.any(String) });
			}
			expect(example.nodes.some((node) => node.type.startsWith(PREFIX))).toBe(true);
			const created = await n8n.createWorkflow(example, [credential]);
			expect((await n8n.getWorkflow(created.id)).nodes).toHaveLength(example.nodes.length);
		},
	);

	test('the parameter check finds a misspelt Google Sheets parameter, an unknown option value and a wrong locator mode', async () => {
		const known = (await n8n.nodeTypes()) as unknown as INodeTypeDescription[];
		const clear = loadExample('nightly-report-to-spreadsheet.json').nodes.find(
			(node) => node.name === 'Clear sheet',
		)!;
		const problems = (change: Record<string, unknown>) => {
			const node = { ...clear, parameters: { ...clear.parameters, ...change } };
			return parameterProblems(node, descriptionFor(known, node)!);
		};
		expect(problems({})).toEqual([]);
		expect(problems({ keepHeaderRow: true })).toEqual([
			expect.stringMatching(/^keepHeaderRow: no such parameter/),
		]);
		expect(problems({ clear: 'everything' })).toContainEqual(
			expect.stringMatching(/^clear: "everything" is not one of/),
		);
		expect(problems({ range: 'A:F' })).toEqual([expect.stringMatching(/^range: not shown/)]);
		expect(
			problems({ sheetName: { __rl: true, mode: 'title', value: 'Stock Valuation' } }),
		).toEqual([expect.stringMatching(/^sheetName: mode "title"/)]);
	});
});

describe('Changes Trigger (polling), part 2: a scheduled poll', () => {
	test('the next scheduled poll emits exactly the changed item, once, and the upsert updates its row', async () => {
		expect(changedItem).toBeDefined();
		const { workflowId, shortID, pollsBefore } = changedItem!;
		// everyMinute: n8n polls at a random second of every minute; two minutes cover a poll that came
		// just before the change.
		const executions = await n8n.waitForExecutions(workflowId, 2, 130_000);
		expect(executions).toHaveLength(2);
		expect(executions.every((e) => e.status === 'success')).toBe(true);
		const latest = await n8n.execution(
			executions.map((e) => e.id).sort((a, b) => Number(b) - Number(a))[0],
		);
		const emitted = N8n.output(latest, 'Items created or modified').map((i) => i.json);
		expect(emitted).toEqual([expect.objectContaining({ shortID, description: CHANGED })]);
		expect(pollRequests().length).toBeGreaterThan(pollsBefore);

		const rows = await n8n.dataTableRows(table.id);
		expect(rows).toHaveLength(3);
		expect(rows.filter((row) => row.description === CHANGED).map((row) => row.shortID)).toEqual([
			shortID,
		]);

		await n8n.deactivate(workflowId);
		expect(await n8n.executions(workflowId)).toHaveLength(2);
	}, 150_000);
});

describe('Record pickers: the searches the editor asks n8n for', () => {
	interface Found {
		results: Array<{ name: string; value: string }>;
		paginationToken?: string;
	}
	/** What the editor posts when "From list" opens or the user types: n8n runs our listSearch method. */
	const search = async (
		methodName: string,
		filter?: string,
		paginationToken?: string,
		current: { path: string; parameters: object } = { path: 'parameters.record', parameters: {} },
	) =>
		await n8n.session.call<Found>(
			'POST',
			'/rest/dynamic-node-parameters/resource-locator-results',
			{
				path: current.path,
				nodeTypeAndVersion: { name: 'n8n-nodes-inventory-pro.inventoryPro', version: 2 },
				currentNodeParameters: current.parameters,
				methodName,
				filter,
				paginationToken,
				credentials: { inventoryProApi: { id: credential.id, name: credential.name } },
			},
		);

	/** What the editor posts when a dropdown opens: n8n runs our loadOptions method. */
	const options = async (methodName: string, path: string, parameters: object) =>
		await n8n.session.call<Array<{ name: string; value: string }>>(
			'POST',
			'/rest/dynamic-node-parameters/options',
			{
				path,
				nodeTypeAndVersion: { name: 'n8n-nodes-inventory-pro.inventoryPro', version: 2 },
				currentNodeParameters: parameters,
				methodName,
				credentials: { inventoryProApi: { id: credential.id, name: credential.name } },
			},
		);

	test("Sort Column: n8n hands our dropdown the node's parameters; it offers that list's documented columns", async () => {
		const sortOf = async (parameters: object) =>
			(await options('getSortColumns', 'parameters.filters.sort', parameters)).map((o) => o.value);
		expect(await sortOf({ resource: 'customer', operation: 'getAll', filters: {} })).toEqual([
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
		]);
		const oneWarehouse = {
			resource: 'inventory',
			operation: 'getMaterialIn',
			filters: { warehouseID: { __rl: true, mode: 'list', value: '2' } },
		};
		const moves = await sortOf(oneWarehouse);
		expect(moves).toContain('recNo');
		expect(moves).not.toContain('wID');
	});

	test('Location: n8n hands our search the Warehouse chosen above it; only its locations come back', async () => {
		const receive = (wID: object) => ({
			path: 'parameters.additionalFields.spot',
			parameters: { resource: 'inventory', operation: 'receive', wID, additionalFields: {} },
		});
		const spotsOf = (warehouseID: number) =>
			sandbox.store.locations.rows
				.filter((location) => location.warehouseID === warehouseID)
				.map((location) => location.spot)
				.sort();
		for (const warehouseID of [2, 3]) {
			const found = await search(
				'searchLocations',
				undefined,
				undefined,
				receive({ __rl: true, mode: 'list', value: String(warehouseID) }),
			);
			expect(found.results.map((r) => r.value).sort()).toEqual(spotsOf(warehouseID));
		}
		const move = {
			path: 'parameters.additionalFields.toSpot',
			parameters: {
				resource: 'inventory',
				operation: 'move',
				fromWID: { __rl: true, mode: 'id', value: '1' },
				toWID: { __rl: true, mode: 'id', value: '4' },
			},
		};
		const to = await search('searchToLocations', undefined, undefined, move);
		expect(to.results.map((r) => r.value).sort()).toEqual(spotsOf(4));
	});

	test("each record kind lists the sandbox's records by id, and a search text narrows them", async () => {
		const kinds: Array<[string, () => Array<string | number>]> = [
			['searchCustomers', () => sandbox.store.customers.rows.map((r) => r.shortID)],
			['searchVendors', () => sandbox.store.vendors.rows.map((r) => r.shortID)],
			['searchPurchaseOrders', () => sandbox.store.purchaseOrders.rows.map((r) => r.poNo)],
			['searchShippingOrders', () => sandbox.store.shippingOrders.rows.map((r) => r.soNo)],
			['searchWorkOrders', () => sandbox.store.workOrders.rows.map((r) => r.woNo)],
			['searchAssets', () => sandbox.store.assets.rows.map((r) => r.shortID)],
			[
				'searchItems',
				() => sandbox.store.items.rows.filter((r) => !r.discontinued).map((r) => r.shortID),
			],
		];
		for (const [method, ids] of kinds) {
			const known = new Set(ids().map(String));
			const all = await search(method);
			expect({ method, some: all.results.length > 0 }).toEqual({ method, some: true });
			for (const result of all.results)
				expect({ method, known: known.has(result.value) }).toEqual({ method, known: true });

			// A word of the first record's title finds it, and everything found carries that word or id.
			const word =
				all.results[0].name.split(/[\s—-]+/).find((w) => w.length >= 4) ?? all.results[0].value;
			const narrowed = await search(method, word);
			expect(narrowed.results.map((r) => r.value)).toContain(all.results[0].value);
			for (const result of narrowed.results)
				expect(`${result.name} ${result.value}`.toLowerCase()).toContain(word.toLowerCase());
		}
	});

	test('the item list pages: the token n8n hands back brings the next records, none twice', async () => {
		const first = await search('searchItems');
		expect(first.paginationToken).toBeDefined();
		const next = await search('searchItems', undefined, first.paginationToken);
		expect(next.results.length).toBeGreaterThan(0);
		const values = [...first.results, ...next.results].map((r) => r.value);
		expect(new Set(values).size).toBe(values.length);
	});
});

describe('teardown', () => {
	test('stopping n8n and the sandbox frees every port and ends every process', async () => {
		const { port, brokerPort, pid } = n8n;
		await stopAll();
		for (const p of [port, brokerPort, sandbox.port]) expect(await portInUse(p)).toBe(false);
		expect(() => process.kill(-pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
	}, 60_000);
});
