/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// The compatibility subset (`npm run test:compat`, part of `npm test`): what a self-hoster on another n8n line
// relies on, on the n8n and Node that N8N_VERSION and N8N_NODE_MAJOR name (npm test: n8n 1.123.81 on Node 22; the
// full real-n8n suite covers 2.41.1 on Node 24). One n8n and one sandbox: the package installed the Community Nodes
// way under n8n's own Node (no engine warning), loaded, a paged Return All export on one token, the webhook
// trigger's lifecycle with a genuine and a forged delivery, and the Changes Trigger's manual run.
import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { basename, join } from 'path';
import type { INodeTypeDescription } from 'n8n-workflow';

import { DEMO_CLIENT, DEMO_CLIENTS, startSandbox, type Sandbox } from '../../sandbox';
import { SandboxClient } from '../support/sandboxClient';
import {
	ensureN8n,
	httpsCall,
	loopbackCertificate,
	N8n,
	N8N_MAJOR,
	N8N_VERSION,
	PACKAGE_NAME,
	startN8n,
	type CredentialRef,
} from './n8n';
import { descriptionFor, parameterProblems } from './support/parameters';
import {
	chain,
	exampleFiles,
	inventoryPro,
	loadExample,
	manualTrigger,
	PREFIX,
} from './support/workflows';

const PAGE_SIZE = 250; // STANDARD_PAGE_SIZE: the action node asks for the largest page
const TRIGGER = 'On stock received';
const CHANGES = 'Items created or modified';
/**
 * What an example loses on n8n 1.x (the README's Compatibility section says so): 1.x's Data table node picks a
 * table From List or By ID only, so the sync example's table, named for portability, is picked again after import.
 */
const LOST_ON_1X: Record<string, RegExp[]> = {
	'Upsert by shortID': [/^dataTableId: mode "name" is not one of \["list","id"\]/],
};

let n8nDir: string;
let sandbox: Sandbox;
let n8n: N8n;
let credential: CredentialRef;
let owner: SandboxClient;
let operator: SandboxClient;

const requestsTo = (endpointId: string) =>
	sandbox.requests.filter((r) => r.endpointId === endpointId);

beforeAll(async () => {
	n8nDir = await ensureN8n();
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
		'Inventory Pro (compatibility)',
	);
	owner = new SandboxClient(sandbox, DEMO_CLIENT);
	operator = new SandboxClient(
		sandbox,
		DEMO_CLIENTS.find((c) => c.clientId === 'scoped'),
	);
}, 20 * 60_000);

afterAll(async () => {
	await n8n?.stop();
	await sandbox?.close();
}, 60_000);

describe(`n8n ${N8N_VERSION}: install and load`, () => {
	test('n8n is the version asked for, on the Node its install folder was built for', async () => {
		const settings = await n8n.session.call<{ versionCli: string }>('GET', '/rest/settings');
		expect(settings.versionCli).toBe(N8N_VERSION);
		const folderMajor = /-node(\d+)$/.exec(basename(n8nDir))?.[1];
		const nodeBin = readFileSync(join(n8nDir, '.node-path'), 'utf8').trim();
		const running = execFileSync(nodeBin, ['-p', 'process.versions.node'], {
			encoding: 'utf8',
		}).trim();
		expect(running.split('.')[0]).toBe(folderMajor);
		if (process.env.N8N_NODE_MAJOR) expect(folderMajor).toBe(process.env.N8N_NODE_MAJOR);
	});

	test("installing the tarball into n8n's community folder under that Node prints no engine warning", () => {
		expect(n8n.installOutput).not.toMatch(/EBADENGINE|Unsupported engine/);
	});

	test('n8n lists the three nodes and the credential type', async () => {
		const listed = (await n8n.nodeTypes()).map((t) => t.name);
		for (const name of ['inventoryPro', 'inventoryProTrigger', 'inventoryProPollTrigger'])
			expect(listed).toContain(`${PACKAGE_NAME}.${name}`);
		expect((await n8n.credentialTypes()).map((t) => t.name)).toContain('inventoryProApi');
	});

	test('the editor offers our Custom API Request and not n8n\'s injected "Custom API Call"', async () => {
		const types = (await n8n.nodeTypes()) as unknown as Array<{
			name: string;
			properties: Array<{ name: string; options?: Array<{ value: unknown }> }>;
		}>;
		const node = types.find((t) => t.name === `${PACKAGE_NAME}.inventoryPro`);
		const values = (name: string) =>
			(node?.properties ?? [])
				.filter((p) => p.name === name)
				.flatMap((p) => (p.options ?? []).map((o) => o.value));
		expect(values('resource')).toContain('customApi');
		expect([...values('resource'), ...values('operation')]).not.toContain('__CUSTOM_API_CALL__');
	});
});

describe(`n8n ${N8N_VERSION}: a paged Return All export`, () => {
	test('three runs of the Stock Valuation report: every row, every page, one token between them', async () => {
		const expected: Array<Record<string, unknown>> = [];
		for (let page = 1; ; page++) {
			const response = await owner.get('/Report/1', { page, pageSize: PAGE_SIZE });
			expect(response.status).toBe(200);
			expected.push(...(response.body.value as Array<Record<string, unknown>>));
			if (!response.body.hasMore) break;
		}
		expect(expected.length).toBeGreaterThan(PAGE_SIZE);

		const report = inventoryPro('Stock Valuation', {
			resource: 'report',
			operation: 'run',
			reportID: { __rl: true, mode: 'id', value: '1' },
			returnAll: true,
			filters: {},
		});
		const workflow = await n8n.createWorkflow(
			chain('compat: report export', manualTrigger(), report),
			[credential],
		);
		const tokensBefore = requestsTo('token').filter(
			(r) => r.clientId === DEMO_CLIENT.clientId,
		).length;
		const pagesBefore = requestsTo('report.run').length;
		const byPartNo = (rows: Array<Record<string, unknown>>) =>
			[...rows].sort((a, b) => Number(a.partNo) - Number(b.partNo));
		for (let run = 0; run < 3; run++) {
			const execution = await n8n.runManually(workflow.id);
			expect(execution.status).toBe('success');
			const rows = N8n.output(execution, 'Stock Valuation').map((i) => i.json);
			expect(rows).toHaveLength(expected.length);
			expect(byPartNo(rows)).toEqual(byPartNo(expected));
		}
		expect(requestsTo('report.run').length - pagesBefore).toBe(
			3 * Math.ceil(expected.length / PAGE_SIZE),
		);
		expect(
			requestsTo('token').filter((r) => r.clientId === DEMO_CLIENT.clientId).length - tokensBefore,
		).toBe(1);
	});
});

describe(`n8n ${N8N_VERSION}: the webhook trigger's lifecycle`, () => {
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
			units: 3,
			remark: reference,
		});
		expect(response.status).toBe(201);
		return response.body as Record<string, unknown>;
	};

	test('activation registers exactly one subscription at n8n’s production URL', async () => {
		expect(await subscriptions()).toEqual([]);
		const trigger = {
			name: TRIGGER,
			type: `${PREFIX}inventoryProTrigger`,
			typeVersion: 2,
			parameters: { events: ['inventory.received'] },
			credentials: { inventoryProApi: { id: '', name: '' } },
		};
		const workflow = await n8n.createWorkflow(chain('compat: stock received', trigger), [
			credential,
		]);
		workflowId = workflow.id;
		webhookUrl = await n8n.productionWebhookUrl(workflow, TRIGGER);
		await n8n.activate(workflowId);
		const subs = await subscriptions();
		expect(subs).toHaveLength(1);
		expect(subs[0]).toMatchObject({ url: webhookUrl, events: 'inventory.received', active: true });
		rec = Number(subs[0].rec);
	});

	test('a genuine delivery runs once; forged ones (wrong or no signature) get 401 and run nothing', async () => {
		const receipt = await receive('compat-1');
		await sandbox.webhooks.idle();
		const [execution] = await n8n.waitForExecutions(workflowId, 1);
		const run = await n8n.execution(execution.id);
		expect(run.status).toBe('success');
		expect(N8n.output(run, TRIGGER)[0].json).toMatchObject({
			event: 'inventory.received',
			data: expect.objectContaining({ recNo: receipt.recNo, remark: 'compat-1' }),
		});

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
		expect((await httpsCall('POST', webhookUrl, n8n.ca, { raw: body, headers })).status).toBe(401);

		// The next genuine delivery is execution number two: the forged ones started none.
		await receive('compat-2');
		await sandbox.webhooks.idle();
		expect(await n8n.waitForExecutions(workflowId, 2)).toHaveLength(2);
	});

	test('deactivation deletes the subscription', async () => {
		await n8n.deactivate(workflowId);
		expect(await subscriptions()).toEqual([]);
		expect((await owner.get(`/Webhook/${rec}`)).status).toBe(404);
	});
});

describe(`n8n ${N8N_VERSION}: the Changes Trigger`, () => {
	test("the editor's manual run returns the most recently modified items", async () => {
		const trigger = {
			name: CHANGES,
			type: `${PREFIX}inventoryProPollTrigger`,
			typeVersion: 1,
			parameters: {
				pollTimes: { item: [{ mode: 'everyMinute' }] },
				watch: 'item.list',
				event: 'any',
				options: {},
			},
			credentials: { inventoryProApi: { id: '', name: '' } },
		};
		const workflow = await n8n.createWorkflow(chain('compat: changes', trigger), [credential]);
		const execution = await n8n.runManually(workflow.id, CHANGES);
		expect(execution.status).toBe('success');
		const emitted = N8n.output(execution, CHANGES).map((i) => i.json);
		expect(emitted.length).toBeGreaterThan(0);
		const known = new Map(sandbox.store.items.rows.map((item) => [item.shortID, item]));
		for (const item of emitted)
			expect(item).toMatchObject({ modified: known.get(String(item.shortID))?.modified });
		const newestFirst = [...sandbox.store.items.rows].sort((a, b) =>
			a.modified < b.modified ? 1 : -1,
		);
		const oldestShown = newestFirst[emitted.length - 1].modified;
		expect(emitted.map((item) => item.modified)).toContain(newestFirst[0].modified);
		for (const item of emitted) expect(String(item.modified) >= oldestShown).toBe(true);
	});
});

describe(`n8n ${N8N_VERSION}: the example workflows`, () => {
	// Checked against the descriptions this n8n serves its editor: its own n8n-nodes-base and our nodes.
	test.each(exampleFiles())(
		"%s: every node's type, version and parameters are ones this n8n knows",
		async (file) => {
			const known = (await n8n.nodeTypes()) as unknown as INodeTypeDescription[];
			for (const node of loadExample(file).nodes) {
				const description = descriptionFor(known, node);
				expect({ node: node.name, known: description !== undefined }).toEqual({
					node: node.name,
					known: true,
				});
				const lost = N8N_MAJOR < 2 ? (LOST_ON_1X[node.name] ?? []) : [];
				expect({ node: node.name, problems: parameterProblems(node, description!) }).toEqual({
					node: node.name,
					problems: lost.map((problem) => expect.stringMatching(problem)),
				});
			}
		},
	);
});

describe(`n8n ${N8N_VERSION}: loopback only`, () => {
	test('n8n made no outbound name lookups', () => {
		expect(n8n.recentLog(400)).not.toMatch(/getaddrinfo|ENOTFOUND|EAI_AGAIN/);
	});
});
