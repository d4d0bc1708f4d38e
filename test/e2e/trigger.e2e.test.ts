/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// The webhook trigger under faults in a real n8n 2.41.1 (default settings, HTTPS both ways): one delivery
// POSTed three times (b), Fetch Item Details while the item API answers 429 (d), the editor's "listen for test
// event", deliveries of other shapes (31); then one outage of n8n shared by every scenario that needs n8n down
// or restarted: n8n down while the service delivers and then started with nobody re-activating (a), a repeat
// after a restart, the service failing while n8n restarts (6), catch-up without the expected key column (25), a
// purchase order completed while n8n was down (31), and a client-secret rotation (c) after it. Those scenarios run
// side by side, so their waits for the trigger's check (n8n's minute) overlap; each talks to its own Inventory Pro
// sandbox, so the fault one injects touches no other. The trigger's check interval is set to its minimum, one
// minute (its schedule ticks every minute; there are no Poll Times).
import { createHmac } from 'crypto';

import {
	ALL_SECURITY_IDS,
	createCertificate,
	DEMO_CLIENTS,
	startSandbox,
	type Sandbox,
	type SandboxCertificate,
} from '../../sandbox';
import { storedCount } from '../../nodes/shared/ranLedger';
import { deriveSigningSecret } from '../../nodes/InventoryProTrigger/signature';
import type { Page } from '../../sandbox/lists';
import type { LogEntry } from '../../sandbox/webhooks/service';
import type { SubscriptionView as Subscription } from '../../sandbox/webhooks/subscription';
import { SandboxClient } from '../support/sandboxClient';
import {
	ensureN8n,
	httpsCall,
	loopbackCertificate,
	N8n,
	startN8n,
	type Certificate,
	type CredentialRef,
	type Workflow,
} from './n8n';
import { until } from './support/wait';
import { chain, PREFIX } from './support/workflows';

const CLIENT = { clientId: 'e2e-trigger', clientSecret: 'e2e-trigger-dummy-secret-1' };
const ROTATED = 'e2e-trigger-dummy-secret-2';
const NODE = 'On stock received';
const MINUTE = 60_000;

/** One output item of the trigger: the fields read here. */
type TriggerItem = {
	event: string;
	data: { units?: number; shortID?: string; poNo?: string } | null;
	body?: unknown;
	batch?: { index: number; size: number };
	item?: unknown;
	itemError?: string;
	recovered?: boolean;
	reason?: unknown;
};

/**
 * One Inventory Pro service: its own sandbox, the trigger's account there (and the credential n8n holds for it),
 * and another account writing stock receipts as people do. Started before n8n, which must trust its certificate.
 */
class Service {
	readonly owner: SandboxClient;
	readonly operator: SandboxClient;
	credential!: CredentialRef;
	/** What the credential holds now ((c) rotates the client secret). */
	credentialData!: Record<string, unknown> & { clientSecret: string };

	private constructor(readonly sandbox: Sandbox) {
		this.owner = new SandboxClient(sandbox, CLIENT);
		this.operator = new SandboxClient(
			sandbox,
			DEMO_CLIENTS.find((c) => c.clientId === 'scoped'),
		);
	}

	/**
	 * `n8nCertificate`: what n8n serves (deliveries trust it); `own`: what the sandbox serves; `timeoutMs`: the
	 * service's delivery timeout (the sandbox's 10 s by default).
	 */
	static async start(
		n8nCertificate: Certificate,
		own: SandboxCertificate,
		timeoutMs?: number,
	): Promise<Service> {
		const sandbox = await startSandbox({
			port: 0,
			certificate: own,
			webhookCa: [n8nCertificate.cert],
			webhooks: timeoutMs === undefined ? undefined : { timeoutMs },
			clients: [...DEMO_CLIENTS, { ...CLIENT, securityIds: ALL_SECURITY_IDS }],
		});
		return new Service(sandbox);
	}

	async connect(name: string): Promise<void> {
		this.credentialData = {
			baseUrl: this.sandbox.baseUrl,
			clientId: CLIENT.clientId,
			clientSecret: CLIENT.clientSecret,
			ignoreSslIssues: false,
		};
		this.credential = await n8n.createCredential('inventoryProApi', this.credentialData, name);
	}

	async receive(quantity: number): Promise<Record<string, unknown>> {
		const item = this.sandbox.store.items.rows.find((i) => !i.discontinued)!;
		const answer = await this.operator.post('/Inventory/Receive', {
			itemID: item.shortID,
			wID: 1,
			units: quantity,
			remark: `e2e-${quantity}`,
		});
		expect(answer.status).toBe(201);
		return answer.body;
	}

	async subscriptionAt(url: string): Promise<Subscription | undefined> {
		const subs = (await this.owner.get<Page<Subscription>>('/Webhook', { pageSize: 250 })).body
			.value;
		return subs.find((sub) => sub.url === url);
	}

	/** A new trigger workflow with this service's credential (not activated) and its production URL. */
	async triggerWorkflow(
		name: string,
		parameters: Record<string, unknown>,
	): Promise<{ workflow: Workflow; url: string }> {
		const trigger = {
			name: NODE,
			type: `${PREFIX}inventoryProTrigger`,
			typeVersion: 2,
			parameters,
			credentials: { inventoryProApi: { id: '', name: '' } },
		};
		const workflow = await n8n.createWorkflow(chain(name, trigger), [this.credential]);
		return { workflow, url: await n8n.productionWebhookUrl(workflow, NODE) };
	}

	/** Signs `raw` as this service signs deliveries to the trigger of `workflow` (secret derived from the client secret). */
	signedHeaders(
		workflow: Workflow,
		raw: string,
		contentType = 'application/json',
		secretOfClient = this.credentialData.clientSecret,
	): Record<string, string> {
		const webhookId = workflow.nodes.find((n) => n.name === NODE)!.webhookId!;
		const secret = deriveSigningSecret(secretOfClient, workflow.id, webhookId);
		return {
			'content-type': contentType,
			'x-webhook-signature': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`,
		};
	}

	async close(): Promise<void> {
		await this.sandbox.close();
	}
}

let n8n: N8n;
/** The service of (d), the test event and (31)'s shapes, which need no outage. */
let main: Service;
/** One service for (a) and (b)'s workflow and for each other scenario of the shared outage. */
const services: Record<
	'receipts' | 'once' | 'rotation' | 'failing' | 'keyless' | 'order',
	Service
> = {} as never;
const SCENARIOS = ['receipts', 'once', 'rotation', 'failing', 'keyless', 'order'] as const;

/** The trigger's output items of every finished execution, oldest first. */
async function runs(workflowId: string): Promise<TriggerItem[][]> {
	const executions = (await n8n.executions(workflowId)).sort((a, b) => Number(a.id) - Number(b.id));
	const out: TriggerItem[][] = [];
	for (const summary of executions) {
		const run = await n8n.execution(summary.id);
		expect(run.status).toBe('success');
		out.push(N8n.output(run, NODE).map((item) => item.json as TriggerItem));
	}
	return out;
}

const quantities = (all: TriggerItem[][]) =>
	all.map((items) => items.map((item) => item.data?.units));

/**
 * The trigger's items of the first `count` successful executions that have any, oldest first (a check runs
 * each event it recovers as an execution of its own).
 */
async function firstOutput(
	workflowId: string,
	what: string,
	timeoutMs: number,
	count = 1,
): Promise<TriggerItem[]> {
	return await until(
		what,
		async () => {
			const summaries = (await n8n.executions(workflowId))
				.filter((summary) => summary.status === 'success')
				.sort((a, b) => Number(a.id) - Number(b.id));
			const outputs: TriggerItem[][] = [];
			for (const summary of summaries) {
				const items = N8n.output(await n8n.execution(summary.id), NODE).map(
					(item) => item.json as TriggerItem,
				);
				if (items.length > 0) outputs.push(items);
			}
			return outputs.length >= count && outputs.slice(0, count).flat();
		},
		timeoutMs,
	);
}

/** Finished, as test/e2e/n8n.ts counts it. */
const ENDED = new Set(['success', 'error', 'crashed', 'canceled']);

/**
 * Every execution of the workflow listed now has ended. A delivery's answer comes after the execution it
 * starts is listed (responseMode onReceived), and one the trigger refuses starts none: after the answers,
 * this is all they ran.
 */
async function allSettled(workflowId: string): Promise<void> {
	await until(
		`every execution of workflow ${workflowId} ended`,
		async () => (await n8n.executions(workflowId)).every((e) => ENDED.has(e.status)),
		MINUTE,
		async () => JSON.stringify(await n8n.executions(workflowId)),
	);
}

/**
 * Two of the trigger's checks (n8n's minute) started after this call: the first has ended, so what it emitted
 * is listed; then every execution has ended. Each check starts with GET /Webhook/{rec} (lifecycle.ts
 * ensureSubscription); the test sends none of its own meanwhile.
 */
async function twoChecksLater(service: Service, rec: number, workflowId: string): Promise<void> {
	const { requests } = service.sandbox;
	const from = requests.length;
	const checks = () =>
		requests
			.slice(from)
			.filter(
				(r) =>
					r.endpointId === 'webhook.get' &&
					r.clientId === CLIENT.clientId &&
					r.path.endsWith(`/Webhook/${rec}`),
			);
	await until(
		`two checks of subscription ${rec}`,
		() => checks().length >= 2,
		3 * MINUTE,
		async () =>
			`requests since the mark (last 30):\n${requests
				.slice(from)
				.slice(-30)
				.map((r) => `${r.method} ${r.path} ${r.status} ${r.clientId ?? ''}`)
				.join('\n')}`,
	);
	await allSettled(workflowId);
}

/** The service has no delivery under way and none waiting to be retried: each was answered. */
async function deliveriesAnswered(service: Service): Promise<void> {
	const { webhooks } = service.sandbox;
	await until(
		"the service's deliveries answered",
		async () => {
			await webhooks.idle();
			return webhooks.pendingRetries() === 0;
		},
		MINUTE,
	);
}

beforeAll(async () => {
	const n8nDir = await ensureN8n();
	const certificate = await loopbackCertificate();
	// One certificate for every sandbox, which n8n's outbound HTTPS trusts.
	const sandboxCertificate = await createCertificate('127.0.0.1');
	// n8n answers a delivery after its run: on a busy machine (load 25 seen, beside the queue suites) a run passed
	// the sandbox's 10 s. (d) and (31) check answers, not the service's patience: 30 s, still half the 60 s
	// Retry-After (d) must not wait out.
	main = await Service.start(certificate, sandboxCertificate, 30_000);
	for (const name of SCENARIOS)
		services[name] = await Service.start(certificate, sandboxCertificate);
	n8n = await startN8n({
		n8nDir,
		certificate,
		extraCa: sandboxCertificate.cert,
		// What the trigger says in n8n's log (the note quotes it), and n8n's re-publication at start.
		onLine: (line) => {
			if (/Inventory Pro Trigger|Re-publishing|publish/i.test(line))
				process.stderr.write(`[n8n] ${line}\n`);
		},
	});
	await main.connect('Inventory Pro (trigger e2e)');
	for (const [name, service] of Object.entries(services))
		await service.connect(`Inventory Pro (trigger e2e, ${name})`);
}, 20 * MINUTE);

afterAll(async () => {
	await n8n?.stop();
	for (const service of [main, ...Object.values(services)]) await service?.close();
}, MINUTE);

/** The workflow of (a) and (b), made by the first test; (a) runs it through the outage. */
const receipts = {
	workflowId: '',
	url: '',
	rec: 0,
	/** A signed delivery the service never sent, for (b). */
	replay: { body: '', headers: {} as Record<string, string> },
};

describe('stock receipts through the webhook trigger', () => {
	test('activation creates one active subscription; a receipt runs once', async () => {
		const service = services.receipts;
		const { workflow, url } = await service.triggerWorkflow('e2e: trigger under faults', {
			events: ['inventory.received'],
			options: { checkInterval: 1 },
		});
		receipts.workflowId = workflow.id;
		receipts.url = url;
		await n8n.activate(workflow.id);
		const sub = await service.subscriptionAt(url);
		expect(sub).toMatchObject({ active: true, disableType: 0, events: 'inventory.received' });
		receipts.rec = Number(sub!.rec);

		await service.receive(100);
		await n8n.waitForExecutions(workflow.id, 1);
		expect(quantities(await runs(workflow.id))).toEqual([[100]]);
	});

	test('(b) one signed delivery POSTed three times starts one execution', async () => {
		const service = services.receipts;
		const workflow = await n8n.getWorkflow(receipts.workflowId);
		const body = JSON.stringify({
			event: 'inventory.received',
			data: { recNo: 990001, units: 200, remark: 'replayed' },
		});
		const headers = {
			...service.signedHeaders(workflow, body),
			'x-webhook-event': 'inventory.received',
		};
		receipts.replay = { body, headers };
		for (let i = 0; i < 3; i++) {
			const answer = await httpsCall('POST', receipts.url, n8n.ca, { raw: body, headers });
			expect(answer.status).toBe(200);
		}
		await n8n.waitForExecutions(workflow.id, 2);
		await allSettled(workflow.id);
		expect(quantities(await runs(workflow.id))).toEqual([[100], [200]]);
		// The ledger of what ran, saved by the executions' saves (the key that makes a repeat a repeat).
		const saved = (await n8n.getWorkflow(workflow.id)) as unknown as {
			staticData?: { global?: Record<string, unknown> };
		};
		expect(storedCount(saved.staticData?.global?.[`inventoryPro:${NODE}`])).toBeGreaterThanOrEqual(
			2,
		);
	});
});

describe('(d) Fetch Item Details while the item API answers 429', () => {
	test(
		'the delivery is answered at once; the run waits the 429 out and carries the item; one execution',
		async () => {
			const { workflow, url } = await main.triggerWorkflow('e2e: trigger fetch item', {
				events: ['inventory.received'],
				payloadMode: 'identifiers',
				options: { fetchItem: true, checkInterval: 1 },
			});
			await n8n.activate(workflow.id);
			const sub = await main.subscriptionAt(url);
			main.sandbox.failNext('item.get', 'rate_limited', 1);
			await main.receive(501);
			const entry = await until(
				'the delivery logged',
				async () =>
					(await main.owner.get<Page<LogEntry>>(`/Webhook/${sub!.rec}/log`, { pageSize: 1 })).body
						.value[0],
				MINUTE,
			);
			// Answered on receipt: the service's attempt succeeded at once, whatever the run does.
			expect(entry).toMatchObject({ success: true, attempt: 1 });
			expect(entry.duration).toBeLessThan(10_000);
			await n8n.waitForExecutions(workflow.id, 1, 3 * MINUTE);
			const all = await runs(workflow.id);
			expect(all).toHaveLength(1);
			expect(all[0][0].item).toMatchObject({ shortID: all[0][0].data!.shortID });
			expect(all[0][0]).not.toHaveProperty('itemError');
			process.stderr.write(
				`trigger e2e: delivery with Fetch Item Details (item API answering 429) answered in ${entry.duration} ms\n`,
			);
			main.sandbox.clearFaults();
			await n8n.deactivate(workflow.id);
		},
		5 * MINUTE,
	);
});

describe('the editor: "Listen for test event"', () => {
	test(
		"shows the service's test event as the trigger's output",
		async () => {
			const { workflow } = await main.triggerWorkflow('e2e: trigger test event', {
				events: ['inventory.received'],
			});
			const before = new Set(
				(await main.owner.get<Page<Subscription>>('/Webhook', { pageSize: 250 })).body.value.map(
					(s) => s.rec,
				),
			);
			const started = await n8n.listenForTestEvent(workflow.id, NODE);
			expect(started).toMatchObject({ waitingForWebhook: true });
			const testSub = await until(
				'test subscription',
				async () => {
					const subs = (await main.owner.get<Page<Subscription>>('/Webhook', { pageSize: 250 }))
						.body.value;
					return subs.find((s) => !before.has(s.rec) && String(s.url).includes('/webhook-test/'));
				},
				MINUTE,
			);
			const result = await main.owner.post(`/Webhook/${testSub.rec}/test`);
			expect(result.body).toMatchObject({ success: true, statusCode: 200 });
			const [execution] = await n8n.waitForExecutions(workflow.id, 1, MINUTE);
			const run = await n8n.execution(execution.id);
			expect(run.mode).toBe('manual');
			expect(N8n.output(run, NODE).map((item) => item.json)).toEqual([
				expect.objectContaining({
					event: 'test',
					data: expect.objectContaining({ rec: testSub.rec }),
				}),
			]);
		},
		3 * MINUTE,
	);
});

describe('(31) genuine deliveries of shapes other than {event, data}', () => {
	let workflow: Workflow;
	let url: string;
	const post = async (raw: string, headers: Record<string, string>) =>
		(await httpsCall('POST', url, n8n.ca, { raw, headers })).status;
	const signedHeaders = (raw: string, contentType?: string, secretOfClient?: string) =>
		main.signedHeaders(workflow, raw, contentType, secretOfClient);

	beforeAll(async () => {
		({ workflow, url } = await main.triggerWorkflow('e2e: trigger shapes', {
			events: ['inventory.received'],
			options: { checkInterval: 1 },
		}));
		await n8n.activate(workflow.id);
	}, 2 * MINUTE);

	afterEach(() => main.sandbox.invent());

	afterAll(async () => {
		await n8n.deactivate(workflow.id);
	}, MINUTE);

	test(
		'the service sending envelope fields, a renamed event key and a batch: each answered 2xx and run once with its record',
		async () => {
			const sub = await main.subscriptionAt(url);
			const sent: Array<[string, Record<string, unknown>]> = [];
			for (const [shape, quantity] of [
				['envelope', 801],
				['renamed', 802],
				['batch', 803],
			] as const) {
				main.sandbox.invent({ payloadShape: shape });
				sent.push([shape, await main.receive(quantity)]);
				await n8n.waitForExecutions(workflow.id, sent.length, MINUTE);
			}
			const all = await runs(workflow.id);
			expect(quantities(all)).toEqual([[801], [802], [803]]);
			all.forEach(([item], index) => {
				expect(item).toMatchObject({
					event: 'inventory.received',
					eventSource: 'body',
					data: sent[index][1],
				});
				expect(item.body).toBeDefined();
			});
			expect(all[2][0].batch).toEqual({ index: 0, size: 1 });
			// The service logged each delivered. Refused never: an attempt that failed can only be one the service
			// stopped waiting for on a busy machine, or its retry answered 409 while the first still ran.
			const log = await until(
				'three deliveries logged as delivered',
				async () => {
					const entries = (await main.owner.get(`/Webhook/${sub!.rec}/log`, { pageSize: 50 })).body
						.value as Array<Record<string, unknown>>;
					return entries.filter((entry) => entry.success).length >= 3 && entries;
				},
				MINUTE,
			);
			expect(log.filter((entry) => entry.success).map((entry) => entry.statusCode)).toEqual([
				200, 200, 200,
			]);
			for (const failed of log.filter((entry) => !entry.success))
				expect([0, 409]).toContain(failed.statusCode);
		},
		3 * MINUTE,
	);

	test(
		'signed by hand: a batch, a body with extra envelope fields, one whose event key is not `event`; repeats run nothing',
		async () => {
			const before = (await n8n.executions(workflow.id)).length;
			const batch = JSON.stringify([
				{ event: 'inventory.received', data: { recNo: 991001, units: 811 } },
				{ event: 'item.created', data: { partNo: 1, shortID: 'NOT-SUBSCRIBED' } },
				{ event: 'inventory.received', data: { recNo: 991002, units: 812 } },
			]);
			const envelope = JSON.stringify({
				id: 'evt-813',
				apiVersion: 'v2',
				created: '2031-01-01T00:00:00Z',
				event: 'inventory.received',
				data: { recNo: 991003, units: 813 },
			});
			const renamed = JSON.stringify({
				EventType: 'inventory.received',
				Payload: { RecNo: 991004, units: 814 },
			});
			for (const raw of [batch, envelope, renamed])
				expect(await post(raw, signedHeaders(raw))).toBe(200);
			await n8n.waitForExecutions(workflow.id, before + 3, MINUTE);
			// Each again, exactly: answered 200, nothing runs.
			for (const raw of [batch, envelope, renamed])
				expect(await post(raw, signedHeaders(raw))).toBe(200);
			await allSettled(workflow.id);
			const all = (await runs(workflow.id)).slice(before);
			expect(quantities(all)).toEqual([[811, 812], [813], [814]]);
			expect(all[0].map((item) => item.batch)).toEqual([
				{ index: 0, size: 3 },
				{ index: 2, size: 3 },
			]);
			expect(all[1][0]).toMatchObject({ eventSource: 'body', body: JSON.parse(envelope) });
			expect(all[2][0]).toMatchObject({ event: 'inventory.received', eventSource: 'body' });
		},
		2 * MINUTE,
	);

	test(
		'forged bodies of other shapes get 401 and run nothing',
		async () => {
			const before = (await n8n.executions(workflow.id)).length;
			const batch = JSON.stringify([
				{ event: 'inventory.received', data: { recNo: 991010, units: 820 } },
			]);
			const renamed = JSON.stringify({
				eventType: 'inventory.received',
				Payload: { recNo: 991011 },
			});
			const forged = signedHeaders(batch, 'application/json', 'not-the-client-secret');
			const statuses = [
				await post(batch, forged),
				await post(renamed, { 'content-type': 'application/json' }),
				// Signed for the batch, sent with another body.
				await post(renamed, signedHeaders(batch)),
				await post('units=820', {
					...signedHeaders(batch),
					'content-type': 'text/plain',
				}),
			];
			expect(statuses).toEqual([401, 401, 401, 401]);
			await allSettled(workflow.id);
			expect(await n8n.executions(workflow.id)).toHaveLength(before);
		},
		MINUTE,
	);

	test(
		'a body that is not JSON: as text/plain answered 200 and run once with the text; labelled JSON, n8n itself answers 422',
		async () => {
			const before = (await n8n.executions(workflow.id)).length;
			const text = 'recNo=991020&units=830';
			expect(await post(text, signedHeaders(text, 'text/plain'))).toBe(200);
			await n8n.waitForExecutions(workflow.id, before + 1, MINUTE);
			const [items] = (await runs(workflow.id)).slice(before);
			expect(items).toEqual([
				expect.objectContaining({
					event: 'inventory.received',
					eventSource: 'subscription',
					data: null,
					body: text,
					notJson: true,
				}),
			]);
			// Measured limit (README): n8n parses a body labelled application/json before any node runs.
			const answer = await httpsCall('POST', url, n8n.ca, {
				raw: text,
				headers: signedHeaders(text),
			});
			expect(answer.status).toBe(422);
			expect(answer.text).toMatch(/Failed to parse request body/);
			await allSettled(workflow.id);
			expect(await n8n.executions(workflow.id)).toHaveLength(before + 1);
		},
		2 * MINUTE,
	);
});

/**
 * Where the scenarios of an outage meet: `action` runs once joining has closed and every scenario that joined has
 * arrived (or left, having failed); each arrival waits for its result.
 */
class Meeting<T> {
	private expected = 0;
	private arrived = 0;
	private joiningClosed = false;
	private result?: Promise<T>;
	private open!: () => void;
	private readonly opened = new Promise<void>((resolve) => (this.open = resolve));

	constructor(
		private readonly action: () => Promise<T>,
		joiningClosed: Promise<void>,
	) {
		void joiningClosed.then(() => {
			this.joiningClosed = true;
			this.startIfAllThere();
		});
	}

	join(): void {
		this.expected++;
	}

	async arrive(): Promise<T> {
		this.arrived++;
		this.startIfAllThere();
		await this.opened;
		return await this.result!;
	}

	leave(): void {
		this.expected--;
		this.startIfAllThere();
	}

	private startIfAllThere(): void {
		if (this.result || !this.joiningClosed || this.arrived < this.expected) return;
		this.result = this.action();
		this.open();
	}
}

/** What a scenario of the shared outage calls: each waits until every scenario has called it. */
interface Outage {
	/** n8n is halted (SIGTERM, as a shutdown). */
	down(): Promise<void>;
	/** n8n is started again on the same folder and database; resolves with the time the start began. */
	up(): Promise<number>;
}

/**
 * One outage of n8n for scenarios running side by side (test.concurrent): n8n halts once every scenario has
 * called down() and starts again once every one has called up(). A scenario joins as it starts: jest starts them
 * together, and one left out by a name filter (-t) never joins; joining closes a few seconds after the first. A
 * scenario that fails leaves the meetings it has not reached, so the others go on.
 */
class SharedOutage {
	private joining: 'not yet' | 'open' | 'closed' = 'not yet';
	private close!: () => void;
	private readonly closed = new Promise<void>((resolve) => (this.close = resolve));
	private readonly halted: Meeting<void>;
	private readonly started: Meeting<number>;

	constructor(halt: () => Promise<void>, start: () => Promise<number>) {
		this.halted = new Meeting(halt, this.closed);
		this.started = new Meeting(start, this.closed);
	}

	async run(scenario: (outage: Outage) => Promise<void>): Promise<void> {
		if (this.joining === 'closed')
			throw new Error(
				'this scenario started after the others had met: jest.e2e.config.js maxConcurrency must allow every scenario at once',
			);
		if (this.joining === 'not yet') {
			this.joining = 'open';
			setTimeout(() => {
				this.joining = 'closed';
				this.close();
			}, 5_000);
		}
		const meetings: Array<Meeting<unknown>> = [this.halted, this.started];
		meetings.forEach((meeting) => meeting.join());
		const reached = new Set<Meeting<unknown>>();
		const reach = async <T>(meeting: Meeting<T>): Promise<T> => {
			reached.add(meeting);
			return await meeting.arrive();
		};
		try {
			await scenario({ down: () => reach(this.halted), up: () => reach(this.started) });
		} finally {
			for (const meeting of meetings) if (!reached.has(meeting)) meeting.leave();
		}
	}
}

describe('one outage of n8n, shared by every scenario that needs n8n down or restarted', () => {
	const outage = new SharedOutage(
		async () => await n8n.halt(),
		async () => {
			const at = Date.now();
			await n8n.resume();
			return at;
		},
	);

	/** A scenario of the outage: a test that runs beside the others. */
	const scenario = (name: string, run: (outage: Outage) => Promise<void>, timeoutMs: number) =>
		test.concurrent(name, () => outage.run(run), timeoutMs);

	/** A new trigger workflow on receipts, activated; its subscription's rec. */
	async function activeOnReceipts(
		service: Service,
		name: string,
	): Promise<{ workflow: Workflow; url: string; rec: number }> {
		const { workflow, url } = await service.triggerWorkflow(name, {
			events: ['inventory.received'],
			options: { checkInterval: 1 },
		});
		await n8n.activate(workflow.id);
		return { workflow, url, rec: Number((await service.subscriptionAt(url))!.rec) };
	}

	/** While n8n is down: these receipts fail until the service disables the subscription. */
	async function failUntilDisabled(service: Service, url: string, amounts: number[]) {
		for (const quantity of amounts) await service.receive(quantity);
		await until(
			'disabled',
			async () => (await service.subscriptionAt(url))?.disableType === 1,
			2 * MINUTE,
		);
	}

	scenario(
		'(a) n8n down: deliveries fail and the service disables the subscription; after a restart, with nobody re-activating: re-enabled, each missed receipt run once, oldest first, marked recovered; one check interval later nothing repeats',
		async ({ down, up }) => {
			const service = services.receipts;
			const { workflowId, url, rec, replay } = receipts;
			expect(workflowId).not.toBe(''); // made by the first test
			await down();
			for (const quantity of [301, 302, 303]) await service.receive(quantity);
			const disabled = await until(
				'subscription disabled by failures',
				async () => {
					const sub = (await service.owner.get<Subscription>(`/Webhook/${rec}`)).body;
					return sub.disableType === 1 && sub;
				},
				2 * MINUTE,
			);
			expect(disabled).toMatchObject({ active: false, disableType: 1 });
			const log = (
				await service.owner.get<Page<LogEntry>>(`/Webhook/${rec}/log`, { pageSize: 250 })
			).body.value;
			expect(log.filter((entry) => entry.success === false).length).toBeGreaterThanOrEqual(3);
			// One more while it is disabled: never attempted.
			await service.receive(304);

			const startedAt = await up();
			const healed = await until(
				'subscription active again',
				async () => {
					const sub = (await service.owner.get<Subscription>(`/Webhook/${rec}`)).body;
					return sub.active === true && sub;
				},
				2 * MINUTE,
			);
			expect(healed).toMatchObject({ disableType: 0 });
			const healedAfter = Date.now() - startedAt;

			// Within two check intervals of the start.
			// One execution per recovered event, one after the other.
			await n8n.waitForExecutions(workflowId, 6, 2 * MINUTE + 30_000);
			const recoveredAfter = Date.now() - startedAt;
			const all = await runs(workflowId);
			expect(quantities(all)).toEqual([[100], [200], [301], [302], [303], [304]]);
			for (const item of all.slice(2).flat())
				expect(item).toMatchObject({ event: 'inventory.received', recovered: true });
			process.stderr.write(
				`trigger e2e: healed ${healedAfter} ms, recovered ${recoveredAfter} ms after n8n was started again\n`,
			);

			// A repeat of (b) after the restart still starts nothing.
			expect(
				(await httpsCall('POST', url, n8n.ca, { raw: replay.body, headers: replay.headers }))
					.status,
			).toBe(200);

			// A later receipt runs once, live.
			await service.receive(305);
			await n8n.waitForExecutions(workflowId, 7);
			const expected = [[100], [200], [301], [302], [303], [304], [305]];
			expect(quantities(await runs(workflowId))).toEqual(expected);

			// One check interval later nothing repeats.
			await twoChecksLater(service, rec, workflowId);
			expect(quantities(await runs(workflowId))).toEqual(expected);
			await n8n.deactivate(workflowId);
		},
		12 * MINUTE,
	);

	scenario(
		'a delivery that ran once, with nothing after it, is still known after n8n restarts: its repeat runs nothing',
		async ({ down, up }) => {
			const service = services.once;
			const { workflow, url } = await service.triggerWorkflow(
				'e2e: trigger run once across a restart',
				{ events: ['inventory.received'], options: { checkInterval: 1 } },
			);
			await n8n.activate(workflow.id);
			const body = JSON.stringify({
				event: 'inventory.received',
				data: { recNo: 990_201, units: 250, remark: 'once across a restart' },
			});
			const headers = service.signedHeaders(workflow, body);
			expect((await httpsCall('POST', url, n8n.ca, { raw: body, headers })).status).toBe(200);
			await n8n.waitForExecutions(workflow.id, 1);
			await down();
			await up();
			expect((await httpsCall('POST', url, n8n.ca, { raw: body, headers })).status).toBe(200);
			await allSettled(workflow.id);
			expect(quantities(await runs(workflow.id))).toEqual([[250]]);
			await n8n.deactivate(workflow.id);
		},
		12 * MINUTE,
	);

	scenario(
		'(c) client secret rotated in the service and in the credential (after the restart): every later receipt runs exactly once',
		async ({ down, up }) => {
			// Needs no outage: it runs after the restart so that its wait for the re-keying check overlaps the others'.
			const service = services.rotation;
			const { workflow, rec } = await activeOnReceipts(service, 'e2e: trigger secret rotation');
			await service.receive(400);
			await n8n.waitForExecutions(workflow.id, 1);
			await down();
			await up();

			const before = service.sandbox.requests.length;
			const ran = (await n8n.executions(workflow.id)).length;
			service.sandbox.rotateSecret(CLIENT.clientId, ROTATED);
			service.credentialData = { ...service.credentialData, clientSecret: ROTATED };
			await n8n.updateCredential(service.credential, service.credentialData);
			await service.receive(401);
			await service.receive(402);
			await n8n.waitForExecutions(workflow.id, ran + 2, MINUTE);
			// The next check re-keys the subscription (a PUT carrying the new signing secret).
			await until(
				're-key',
				async () =>
					service.sandbox.requests
						.slice(before)
						.some((r) => r.endpointId === 'webhook.update' && r.status === 200),
				2 * MINUTE + 30_000,
			);
			await service.receive(403);
			await n8n.waitForExecutions(workflow.id, ran + 3, MINUTE);
			await deliveriesAnswered(service);
			await allSettled(workflow.id);
			const all = quantities(await runs(workflow.id))
				.slice(ran)
				.flat();
			expect(all.sort()).toEqual([401, 402, 403]);
			const log = (await service.owner.get<Page<LogEntry>>(`/Webhook/${rec}/log`, { pageSize: 5 }))
				.body.value;
			expect(log[0]).toMatchObject({ success: true, statusCode: 200 });
			await n8n.deactivate(workflow.id);
		},
		12 * MINUTE,
	);

	scenario(
		'(6) the service failing while n8n restarts: the trigger stays on: the failure is reported once in words, then the check heals and catches up',
		async ({ down, up }) => {
			const service = services.failing;
			const { workflow, url, rec } = await activeOnReceipts(
				service,
				'e2e: trigger while the service fails',
			);
			await down();
			await failUntilDisabled(service, url, [601, 602, 603]);
			// Every subscription read fails: at the re-publication and at the next two checks.
			service.sandbox.failNext('webhook.get', 'internal_error', 3);
			await up();
			const publication = await n8n.publicationStatus(workflow.id);
			expect(publication.status).not.toBe('failed');

			const failed = await until(
				'a failed execution naming the problem',
				async () => (await n8n.executions(workflow.id)).find((e) => e.status === 'error'),
				3 * MINUTE + 30_000,
			);
			const run = await n8n.execution(failed.id);
			expect(JSON.stringify(run.data.resultData.error)).toMatch(/could not check its subscription/);

			// The service answers again: the next check heals and runs the missed receipts once.
			const recovered = await firstOutput(
				workflow.id,
				'the recovered receipts',
				2 * MINUTE + 30_000,
				3,
			);
			expect(
				recovered.map((item) => (item.data as Record<string, unknown> | undefined)?.units),
			).toEqual([601, 602, 603]);
			expect((await service.owner.get(`/Webhook/${rec}`)).body).toMatchObject({
				active: true,
				disableType: 0,
			});
			expect((await n8n.executions(workflow.id)).filter((e) => e.status === 'error')).toHaveLength(
				1,
			);
			await n8n.deactivate(workflow.id);
		},
		12 * MINUTE,
	);

	scenario(
		'(25) catch-up where the movement rows lack the expected key column: after an outage and a plain restart each receipt the log names runs once with data: null and the reason; the check completes',
		async ({ down, up }) => {
			const service = services.keyless;
			const { workflow, url, rec } = await activeOnReceipts(
				service,
				'e2e: trigger catch-up without recNo',
			);
			await down();
			await failUntilDisabled(service, url, [701, 702, 703]);
			// A deployment whose movement rows carry their number under another name.
			const rows = service.sandbox.store.materialIn.rows as unknown as Array<
				Record<string, unknown>
			>;
			for (const row of rows) {
				row.movementNo = row.recNo;
				delete row.recNo;
			}
			await up();
			const recovered = await firstOutput(
				workflow.id,
				'the receipts named by the log',
				3 * MINUTE,
				3,
			);
			expect(recovered).toHaveLength(3);
			for (const item of recovered) {
				expect(item).toMatchObject({ event: 'inventory.received', data: null, recovered: true });
				expect(String(item.reason)).toMatch(/has no "recNo"/);
			}
			expect((await service.owner.get(`/Webhook/${rec}`)).body).toMatchObject({
				active: true,
				disableType: 0,
			});
			// Reported once, by the next check; nothing runs again.
			await until(
				'one failed execution',
				async () => (await n8n.executions(workflow.id)).some((e) => e.status === 'error'),
				2 * MINUTE,
			);
			await twoChecksLater(service, rec, workflow.id);
			const executions = await n8n.executions(workflow.id);
			expect(executions.filter((e) => e.status === 'error')).toHaveLength(1);
			expect(executions.filter((e) => e.status === 'success')).toHaveLength(3);
			await n8n.deactivate(workflow.id);
		},
		12 * MINUTE,
	);

	scenario(
		'(31) a purchase order completed while n8n was down, against the open-only list: after the restart it comes back once, read by its key, with the receipts; what the list cannot show is named once',
		async ({ down, up }) => {
			const service = services.order;
			const { workflow, url } = await service.triggerWorkflow(
				'e2e: trigger order completed while down',
				{ events: ['order.completed', 'inventory.received'], options: { checkInterval: 1 } },
			);
			await n8n.activate(workflow.id);
			const rec = Number((await service.subscriptionAt(url))!.rec);
			const order = service.sandbox.store.purchaseOrders.rows.find((o) => o.status === 'Open')!;
			await down();
			// One order completion and two receipts fail five times each: the service disables the subscription.
			expect((await service.owner.post(`/PurchaseOrder/${order.poNo}/Finalize`)).status).toBe(200);
			await failUntilDisabled(service, url, [901, 902]);
			const listed = (await service.owner.get('/PurchaseOrder', { pageSize: 50 })).body
				.value as Array<Record<string, unknown>>;
			expect(listed.map((o) => o.poNo)).not.toContain(order.poNo);
			const log = (await service.owner.get(`/Webhook/${rec}/log`, { pageSize: 50 })).body
				.value as Array<Record<string, unknown>>;
			expect(log.find((entry) => entry.event === 'order.completed')?.reference).toMatch(
				/^RecNo:\d+$/,
			);

			await up();
			const recovered = await firstOutput(workflow.id, 'the recovered events', 3 * MINUTE, 3);
			expect(
				recovered.map((item) => [item.event, item.data?.poNo ?? item.data?.units, item.recovered]),
			).toEqual([
				['order.completed', order.poNo, true],
				['inventory.received', 901, true],
				['inventory.received', 902, true],
			]);
			expect(recovered[0].data).toMatchObject({ poNo: order.poNo, status: 'Closed' });
			for (const item of recovered) expect(item).not.toHaveProperty('reason');

			// The one notice: orders never seen open in the outage cannot be found. Once; nothing runs again.
			const failed = await until(
				'the notice',
				async () => (await n8n.executions(workflow.id)).find((e) => e.status === 'error'),
				2 * MINUTE + 30_000,
			);
			expect(JSON.stringify((await n8n.execution(failed.id)).data.resultData.error)).toMatch(
				/Purchase orders created or completed between .+ cannot be caught up: Inventory Pro lists open purchase orders only/,
			);
			await twoChecksLater(service, rec, workflow.id);
			const executions = await n8n.executions(workflow.id);
			expect(executions.filter((e) => e.status === 'error')).toHaveLength(1);
			expect(executions.filter((e) => e.status === 'success')).toHaveLength(3);
			await n8n.deactivate(workflow.id);
		},
		12 * MINUTE,
	);
});
