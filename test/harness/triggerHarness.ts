/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * Runs a webhook trigger the way n8n 2.40 does, in-process.
 *
 * Lifecycle (n8n's WebhookService + ActiveWorkflowManager): activation builds the workflow from the saved
 * static data, runs `checkExists` and, when that answers false, `create`, each through n8n-core's real
 * HookContext, then starts the node's `trigger()` through n8n-core's real TriggerContext (which registers
 * the check schedule: the harness keeps the tick instead of a cron, and `tick()` fires it) and saves the
 * static data. A check's emit saves the activation's static data and starts an execution of the emitted
 * items, as n8n's trigger-execution-context.factory.js does: a WorkflowExecute in 'trigger' mode on static
 * data read from what was saved, saved at its end when it changed, then the emit's donePromise settled with
 * its run. `holdExecutions` keeps those executions in `held` until `runHeld()`; `kill()` drops them (a
 * SIGKILL: n8n never runs them again, their donePromise never settles) and restarts. `queueMode`: they
 * run on one of two workers in turn (the package loaded again for each: its memory its own) and the
 * donePromise gets what main gets from the job (status and last node); `stall()` is that worker killed
 * (n8n fails the job as stalled). A failed activation runs `delete` on the saved static data (n8n's clearWebhooks) and
 * rethrows. Deactivation closes the trigger, runs `delete` and saves. "Listen for test event"
 * (TestWebhooks) runs the hooks with the test URL, mode 'manual' and static data of its own that is never
 * saved (n8n hands it back to `delete`), and removes the registration after the first execution.
 *
 * Deliveries: an HTTPS receiver on 127.0.0.1 (self-signed certificate) routes /webhook/<id>/webhook and
 * /webhook-test/<id>/webhook like n8n, reads the exact request bytes into `rawBody` (only for JSON, text,
 * form and XML bodies; `readRawBody()` gives them for any other), parses JSON into
 * `body`, and calls the node's `webhook()` through n8n-core's real WebhookContext. When it returns
 * workflowData, the receiver runs the execution through WorkflowExecute from that data, as n8n's
 * WebhookHelpers do, and answers 200 after it (responseMode lastNode; at once for onReceived), 500 when
 * the run failed.
 *
 * Stand-ins, because express and n8n's server cannot run here: the request is Node's IncomingMessage with
 * the few express additions a trigger reads (rawBody, body, header(), query, params), and the response
 * object has only status/json/send/end. The real-n8n e2e suite covers the actual server.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'http';
import { types } from 'util';
import { createServer, request as httpsRequest, type Agent, type Server } from 'https';
import type { AddressInfo } from 'net';

import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	IRun,
	ITriggerFunctions,
	ITriggerResponse,
	IWebhookData,
	IWebhookDescription,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { createCertificate } from '../../sandbox/tls';
import { DIST, loadCompiled } from './build';
import { core, prepareN8n, workflowLib } from './n8n';
import { outputOf } from './execute';
import { inAnotherProcess } from './nodeTypes';
import {
	singleNodeWorkflow,
	triggerNode,
	withHooks,
	type TriggerNodeOptions,
	type WorkflowInstance,
} from './triggerNode';

const { HookContext, TriggerContext, WebhookContext, WorkflowExecute } = core;

type RanLedger = typeof import('../../nodes/shared/ranLedger');
type Healing = typeof import('../../nodes/InventoryProTrigger/healing');

/** How many events the saved static data shows as run (the trigger's ledger, ranLedger.ts). */
export function ranIn(saved: IDataObject): number {
	const ledger = loadCompiled(`${DIST}/nodes/shared/ranLedger.js`) as RanLedger;
	return ledger.storedCount(
		(saved.global as IDataObject | undefined)?.[`inventoryPro:${NODE_NAME}`],
	);
}

/** The trigger's test seams (n8n's clock, the check in progress), from the compiled modules n8n loads. */
export function triggerMemory() {
	const ledger = loadCompiled(`${DIST}/nodes/shared/ranLedger.js`) as RanLedger;
	const healing = loadCompiled(`${DIST}/nodes/InventoryProTrigger/healing.js`) as Healing;
	return {
		useClock: (clock: () => number) => ledger.ledgerSeam.useClock(clock),
		now: () => ledger.now(),
		checking: (workflowId: string) => healing.healingSeam.checking(workflowId),
	};
}

/** One tick of the trigger's schedule. */
export interface TickResult {
	/** Items of the execution it started (emitted), or undefined when it started none. */
	emitted?: IDataObject[];
	/** Reported as a failed execution (saveFailedExecution), or passed to emitError (n8n would switch it off). */
	error?: Error;
}
const { createRunExecutionData } = workflowLib;

export interface TriggerHarnessOptions extends TriggerNodeOptions {
	/** Makes the additionalData of one run (credentials helper, hooks …) for the given mode. */
	additionalData: (
		mode: WorkflowExecuteMode,
		workflowData: { id: string; name: string; nodes: INode[] },
	) => IWorkflowExecuteAdditionalData;
	workflowName?: string;
	/** Scheme of n8n's WEBHOOK_URL as the node sees it; 'http' to test the refusal. Deliveries always arrive over HTTPS. */
	webhookScheme?: 'https' | 'http';
	/** The node's typeVersion in the workflow (default: the version n8n gives a new node). */
	typeVersion?: number;
}

/** One request the receiver answered. */
export interface ReceivedCall {
	path: string;
	status: number;
	headers: IncomingHttpHeaders;
	rawBody: Buffer;
	/** True when webhook() returned workflowData, i.e. n8n would start an execution. */
	executed: boolean;
	/** The trigger's output items in that execution. */
	items?: IDataObject[];
	error?: Error;
}

const NODE_NAME = 'Inventory Pro Trigger';
let processes = 0;

/** A trigger emit's donePromise, as n8n hands it over. */
type Done = NonNullable<Parameters<ITriggerFunctions['emit']>[2]>;

/** An execution a check started: its items, the static data it read at its start, its donePromise. */
interface Started {
	data: INodeExecutionData[][];
	staticData: string;
	done?: Done;
}

/** What main's donePromise gets in queue mode: the job's status and last node, no run data. */
function asMainSeesIt(run: IRun): IRun {
	const { lastNodeExecuted, error, metadata } = run.data.resultData;
	return {
		finished: run.status === 'success',
		mode: run.mode,
		startedAt: run.startedAt,
		stoppedAt: run.stoppedAt,
		status: run.status,
		waitTill: run.waitTill,
		storedAt: run.storedAt,
		data: createRunExecutionData({
			resultData: { runData: {}, lastNodeExecuted, error, metadata },
		}),
	};
}
export const WEBHOOK_ID = '5b0c6a2e-3f1d-4c8e-9a7b-2d4e6f8a0c1e';
let nextWorkflowId = 1;

/** The part of express.Response a trigger uses. */
class ResponseStandIn {
	statusCode = 200;

	constructor(private readonly res: ServerResponse) {}

	get headersSent(): boolean {
		return this.res.headersSent;
	}

	status(code: number): this {
		this.statusCode = code;
		return this;
	}

	setHeader(name: string, value: string): this {
		this.res.setHeader(name, value);
		return this;
	}

	/** The ServerResponse's events ('finish': the answer was sent), with the status it was sent with. */
	once(event: string, listener: () => void): this {
		this.res.once(event, () => {
			this.statusCode = this.res.statusCode;
			listener();
		});
		return this;
	}

	json(value: unknown): this {
		return this.send(JSON.stringify(value), 'application/json; charset=utf-8');
	}

	send(body: unknown, contentType = 'text/plain; charset=utf-8'): this {
		if (this.res.writableEnded) return this;
		const text = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
		this.res.statusCode = this.statusCode;
		if (!this.res.hasHeader('content-type')) this.res.setHeader('content-type', contentType);
		this.res.end(text);
		return this;
	}

	end(): this {
		if (!this.res.writableEnded) {
			this.res.statusCode = this.statusCode;
			this.res.end();
		}
		return this;
	}
}

/** Whether a value is, or holds, a proxy (n8n's static data objects are). */
function holdsProxy(value: unknown): boolean {
	if (typeof value !== 'object' || value === null) return false;
	return types.isProxy(value) || Object.values(value).some(holdsProxy);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

/**
 * n8n's rawBodyReader + parseRequestBody: the bytes only for JSON, text, form and XML bodies (webhook
 * nodes after version 1), and `readRawBody()` reads them for any other. JSON parsed for application/json.
 */
function toRequest(req: IncomingMessage, rawBody: Buffer) {
	const contentType = String(req.headers['content-type'] ?? '')
		.split(';')[0]
		.trim()
		.toLowerCase();
	let body: unknown = {};
	if (rawBody.length > 0 && contentType === 'application/json')
		body = JSON.parse(rawBody.toString('utf8'));
	const header = (name: string) => req.headers[name.toLowerCase()];
	const read =
		['application/json', 'text/plain', 'application/x-www-form-urlencoded'].some((type) =>
			contentType.startsWith(type),
		) ||
		contentType.endsWith('/xml') ||
		contentType.endsWith('+xml');
	const request = Object.assign(req, {
		rawBody: read ? rawBody : undefined,
		readRawBody: async () => {
			request.rawBody = rawBody;
			return await Promise.resolve();
		},
		body,
		contentType,
		query: {},
		params: {},
		header,
		get: header,
	});
	return request;
}

interface Registration {
	test: boolean;
	workflow: WorkflowInstance;
	webhookData: IWebhookData;
	activation?: WorkflowActivateMode;
	/** What trigger() returned, and the tick it registered. */
	trigger?: ITriggerResponse;
	onTick?: () => void;
}

export class TriggerHarness {
	/** What n8n would have in its database: the workflow's static data as last saved. */
	saved: IDataObject = {};
	readonly calls: ReceivedCall[] = [];
	/** Items of every execution started, oldest first. */
	readonly executions: IDataObject[][] = [];
	/** Set by tests: the receiver answers this status to everything (a broken n8n). */
	failWith?: number;
	/** The trigger node's output of every execution a check started that ran to its end, in order. */
	readonly ran: IDataObject[][] = [];
	/** Whether executions a check starts wait in `held` instead of running at once. */
	holdExecutions = false;
	/**
	 * Whether executions a check starts read the static data saved before the check's emit (n8n starts
	 * the execution without waiting for the emit's save, so its read can come first).
	 */
	staleReads = false;
	/** Queue mode: executions a check starts run on a worker; main learns of their end from the job only. */
	queueMode = false;
	/** The deduplication keys of the executions checks started (n8n's database keeps them), and those refused. */
	readonly deduplicationKeys = new Set<string>();
	readonly refusedKeys: string[] = [];
	/** Executions a check started and that have not run, with the static data they read at their start. */
	held: Started[] = [];
	/** Whether the executions of deliveries (answered on receipt) wait in `heldDeliveries` until released. */
	holdDeliveries = false;
	/** The held deliveries' executions: run one with `save: false` for a kill after its last node. */
	heldDeliveries: Array<(save: boolean) => Promise<void>> = [];

	/** Runs the first `count` held deliveries' executions, oldest first. */
	async runHeldDeliveries(count = this.heldDeliveries.length, { save = true } = {}): Promise<void> {
		for (const run of this.heldDeliveries.splice(0, count)) await run(save);
	}
	/** The node type as each of two queue-mode workers holds it (loaded on first use); they take turns. */
	private readonly workers: INodeType[] = [];
	private turns = 0;

	readonly workflowId = `trigger-wf-${nextWorkflowId++}`;
	readonly node: INode;
	private readonly nodeType: INodeType;
	private readonly description: IWebhookDescription;
	private server?: Server;
	private origin = '';
	private production?: Registration;
	private testRegistration?: Registration;
	private readonly pending = new Set<Promise<void>>();

	private constructor(private readonly options: TriggerHarnessOptions) {
		this.nodeType = options.nodeType;
		const description = options.nodeType.description.webhooks?.[0];
		if (!description) throw new Error('The node declares no webhook');
		this.description = description;
		this.node = triggerNode(options, 'c0ffee00-0000-4000-8000-000000000002', NODE_NAME, {
			webhookId: WEBHOOK_ID,
			typeVersion:
				options.typeVersion ??
				options.nodeType.description.defaultVersion ??
				Math.max(...[options.nodeType.description.version].flat()),
		});
	}

	/** PEM of the receiver's certificate. */
	ca = '';

	static async start(options: TriggerHarnessOptions): Promise<TriggerHarness> {
		const harness = new TriggerHarness(options);
		await harness.listen();
		return harness;
	}

	get productionUrl(): string {
		return `${this.baseUrl('webhook')}/${WEBHOOK_ID}/webhook`;
	}

	get testUrl(): string {
		return `${this.baseUrl('webhook-test')}/${WEBHOOK_ID}/webhook`;
	}

	/** The static data n8n holds in memory for the active workflow (or the saved copy when inactive). */
	memory(): IDataObject {
		return JSON.parse(
			JSON.stringify(this.production?.workflow.staticData ?? this.saved),
		) as IDataObject;
	}

	/** Node parameters changed in the editor (take effect at the next activation). */
	setParameters(parameters: INodeParameters): void {
		this.node.parameters = parameters;
	}

	/** Activation (activation 'activate', or 'init' for a restart on n8n's older path that re-checks). */
	async activate(activation: WorkflowActivateMode = 'activate'): Promise<void> {
		const workflow = this.makeWorkflow(this.saved);
		const webhookData = this.webhookData(workflow, 'trigger', false);
		let created = false;
		try {
			const exists = await this.runHook(
				'checkExists',
				workflow,
				webhookData,
				'trigger',
				activation,
			);
			if (!exists) await this.runHook('create', workflow, webhookData, 'trigger', activation);
			created = true;
		} finally {
			// On failure, n8n's clearWebhooks: delete with the static data from the database, then the
			// error surfaces.
			if (!created) {
				const stored = this.makeWorkflow(this.saved);
				await this.runHook(
					'delete',
					stored,
					this.webhookData(stored, 'internal', false),
					'internal',
					'update',
				).catch(() => undefined);
				this.saved = this.copy(stored.staticData);
				this.production = undefined;
			}
		}
		await this.production?.trigger?.closeFunction?.();
		this.production = { test: false, workflow, webhookData, activation };
		await this.startTrigger(this.production);
		this.saved = this.copy(workflow.staticData);
	}

	async deactivate(): Promise<void> {
		const workflow = this.makeWorkflow(this.saved);
		await this.production?.trigger?.closeFunction?.();
		this.production = undefined;
		await this.runHook(
			'delete',
			workflow,
			this.webhookData(workflow, 'internal', false),
			'internal',
			'update',
		);
		this.saved = this.copy(workflow.staticData);
	}

	/**
	 * n8n's ActiveWorkflowTriggers: the node's trigger() through n8n-core's TriggerContext on the workflow
	 * object of the activation (not the database copy). emit() saves the static data and starts an
	 * execution; saveFailedExecution() records a failed one; the cron the node registers is kept here.
	 */
	private async startTrigger(registration: Registration): Promise<void> {
		prepareN8n();
		const { workflow } = registration;
		const emit = (
			data: INodeExecutionData[][],
			_response?: unknown,
			done?: Done,
			deduplicationKey?: string,
		) => {
			// Measured in n8n 2.41.1: an item whose json holds a static data object (a proxy) reaches the
			// next node's expressions without its fields.
			if (data.some((items) => items.some((item) => holdsProxy(item.json))))
				throw new Error('emitted items hold static data objects (proxies), not plain data');
			const before = JSON.stringify(this.saved);
			this.saved = this.copy(workflow.staticData);
			// n8n's unique index on the key: a second execution is refused, its donePromise settled with nothing.
			if (deduplicationKey !== undefined) {
				if (this.deduplicationKeys.has(deduplicationKey)) {
					this.refusedKeys.push(deduplicationKey);
					done?.resolve(undefined as never);
					return;
				}
				this.deduplicationKeys.add(deduplicationKey);
			}
			const emitted = (data[0] ?? []).map((item) => item.json);
			this.executions.push(emitted);
			if (this.ticking) this.ticking.emitted = [...(this.ticking.emitted ?? []), ...emitted];
			const started: Started = {
				data,
				staticData: this.staleReads ? before : JSON.stringify(this.saved),
				done,
			};
			if (this.holdExecutions) this.held.push(started);
			else this.track(this.runEmitted(started));
		};
		const fail = (error: Error) => {
			this.reported.push(error);
			if (this.ticking) this.ticking.error = error;
		};
		const context = new TriggerContext(
			workflow,
			this.node,
			this.additionalData('trigger'),
			'trigger',
			registration.activation ?? 'activate',
			emit,
			fail,
			fail,
			{
				registerCron: (cron: { expression: string }, onTick: () => void) => {
					this.onCron?.(cron.expression);
					registration.onTick = onTick;
				},
			} as never,
		);
		registration.trigger = await this.nodeType.trigger!.call(context);
	}

	/** Set by tests: called with the expression of each cron the trigger registers. */
	onCron?: (expression: string) => void;

	/** The tick the active workflow's trigger registered (as n8n's cron would call it). */
	get registeredTick(): (() => void) | undefined {
		return this.production?.onTick;
	}

	/** The tick in progress: what it emitted or reported. */
	private ticking?: TickResult;

	/**
	 * One tick of the active workflow's check schedule, as n8n's cron fires it; resolves when the check
	 * it started (if any) has finished. Emitted items count as an execution, like a delivery's.
	 */
	async tick(): Promise<TickResult> {
		const onTick = this.production?.onTick;
		if (!onTick)
			throw new Error('tick() needs an active workflow whose trigger registered a schedule');
		const result: TickResult = {};
		this.ticking = result;
		try {
			onTick();
			await triggerMemory().checking(this.workflowId);
			// The executions the check started (unless held) end before the tick counts as done; a check
			// emits its events one after the other.
			await this.idle();
		} finally {
			this.ticking = undefined;
		}
		return result;
	}

	/** Errors the schedule reported (or passed to emitError), oldest first. */
	readonly reported: Error[] = [];

	/**
	 * An n8n restart on its default path: the process memory is gone, the workflow is rebuilt from the
	 * saved static data, n8n re-publishes it (checkExists/create and trigger(), activation 'init', because
	 * the node has an in-memory trigger) and the schedule ticks for the first time.
	 */
	async restart(): Promise<TickResult> {
		this.forgetProcessMemory();
		await this.production?.trigger?.closeFunction?.();
		this.production = undefined;
		await this.activate('init');
		return await this.tick();
	}

	/**
	 * What a new n8n process would not know: the trigger's memory, and what the package keeps per process
	 * by workflow and node id (a new id stands for a new process; static data is keyed by the node's name).
	 */
	forgetProcessMemory(): void {
		this.node.id = `c0ffee00-0000-4000-8002-${String(++processes).padStart(12, '0')}`;
	}

	/**
	 * n8n killed (SIGKILL) and started again: the held executions never run, the process memory is gone,
	 * the workflow restarts from what was saved (as restart()).
	 */
	async kill(): Promise<TickResult> {
		this.held = [];
		this.heldDeliveries = [];
		return await this.restart();
	}

	/**
	 * Runs the held executions, oldest first (or the first `count`). `save: false`: each runs its nodes
	 * and n8n is killed before it saves (its static data never reaches the database).
	 */
	async runHeld(count = this.held.length, { save = true } = {}): Promise<void> {
		for (const started of this.held.splice(0, count)) await this.runEmitted(started, save);
	}

	/**
	 * Queue mode: the worker running the first `count` held executions is killed; main gets what n8n's
	 * processError gives a stalled job (status error, no node ran).
	 */
	stall(count = this.held.length): void {
		for (const { done } of this.held.splice(0, count))
			done?.resolve({
				finished: false,
				mode: 'trigger',
				startedAt: new Date(),
				stoppedAt: new Date(),
				status: 'error',
				storedAt: 'db',
				data: createRunExecutionData({
					resultData: {
						error: { message: 'job stalled more than maxStalledCount' } as never,
						runData: {},
					},
				}),
			});
	}

	/**
	 * An execution a check's emit started, as n8n runs it: static data read from the database at its
	 * start, the trigger node first, static data saved at its end if it changed; then its donePromise
	 * settled (unless n8n was killed before the save). In queue mode it runs on a worker.
	 */
	private async runEmitted({ data, staticData, done }: Started, save = true): Promise<void> {
		const running = this.makeWorkflow(
			JSON.parse(staticData) as IDataObject,
			this.queueMode ? this.onWorker() : this.nodeType,
		);
		const run = await new WorkflowExecute(
			this.additionalData('trigger'),
			'trigger',
			createRunExecutionData({
				executionData: {
					nodeExecutionStack: [{ node: this.node, data: { main: data }, source: null }],
				},
			}),
		).processRunExecutionData(running);
		if (run.data.resultData.error) throw run.data.resultData.error;
		if (save && running.staticData.__dataChanged === true)
			this.saved = this.copy(running.staticData);
		this.ran.push(outputOf(run, NODE_NAME) ?? []);
		if (save) done?.resolve(this.queueMode ? asMainSeesIt(run) : run);
	}

	private onWorker(): INodeType {
		const turn = this.turns++ % 2;
		// The worker reads the same clock as this process (n8n's processes share the wall clock).
		this.workers[turn] ??= inAnotherProcess(this.options.typeName, (load) =>
			(load('nodes/shared/ranLedger.js') as RanLedger).ledgerSeam.useClock(() =>
				triggerMemory().now(),
			),
		);
		return this.workers[turn];
	}

	private track(work: Promise<void>): void {
		const tracked = work.finally(() => this.pending.delete(tracked));
		this.pending.add(tracked);
	}

	/** The editor's "Listen for test event": test URL, mode manual, static data of its own. */
	async listenForTestEvent(): Promise<void> {
		const workflow = this.makeWorkflow({});
		const webhookData = this.webhookData(workflow, 'manual', true);
		await this.runHook('checkExists', workflow, webhookData, 'manual', 'manual').then(
			async (exists) => {
				if (!exists) await this.runHook('create', workflow, webhookData, 'manual', 'manual');
			},
		);
		this.testRegistration = { test: true, workflow, webhookData };
	}

	get listening(): boolean {
		return this.testRegistration !== undefined;
	}

	/** The test registration's static data (never saved by n8n). */
	testMemory(): IDataObject | undefined {
		return this.testRegistration ? this.copy(this.testRegistration.workflow.staticData) : undefined;
	}

	/**
	 * Posts straight to the production URL, as an attacker or a replaying proxy would; resolves with the
	 * status. A new connection each time unless an agent (keep-alive, as the service's sender may) is given.
	 */
	post(body: Buffer, headers: Record<string, string>, agent?: Agent): Promise<number> {
		return new Promise((resolve, reject) => {
			const req = httpsRequest(
				this.productionUrl,
				{
					method: 'POST',
					ca: this.ca,
					agent: agent ?? false,
					headers: { ...headers, 'content-length': String(body.length) },
				},
				(res) => {
					res.resume();
					res.on('end', () => resolve(res.statusCode ?? 0));
				},
			);
			req.on('error', reject);
			req.end(body);
		});
	}

	/** The headers a received call came with, as a client would send them again. */
	static headersOf(call: ReceivedCall): Record<string, string> {
		const headers: Record<string, string> = {};
		for (const [name, value] of Object.entries(call.headers)) {
			if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
				headers[name] = value;
		}
		return headers;
	}

	/**
	 * Resolves when every execution started has finished, and none followed (a check emits its events one
	 * after the other, the next once the one before ended).
	 */
	async idle(): Promise<void> {
		for (let quiet = 0; quiet < 3;) {
			if (this.pending.size > 0) {
				quiet = 0;
				await Promise.all([...this.pending]);
			} else {
				quiet++;
				await new Promise((resolve) => setImmediate(resolve));
			}
		}
	}

	async close(): Promise<void> {
		await this.idle();
		await new Promise<void>((resolve) =>
			this.server ? this.server.close(() => resolve()) : resolve(),
		);
	}

	private baseUrl(kind: 'webhook' | 'webhook-test'): string {
		const origin =
			this.options.webhookScheme === 'http' ? this.origin.replace(/^https:/, 'http:') : this.origin;
		return `${origin}/${kind}`;
	}

	private copy(value: unknown): IDataObject {
		return JSON.parse(JSON.stringify(value ?? {})) as IDataObject;
	}

	private workflowData() {
		return {
			id: this.workflowId,
			name: this.options.workflowName ?? 'Stock alerts',
			nodes: [this.node],
		};
	}

	private makeWorkflow(staticData: IDataObject, nodeType = this.nodeType): WorkflowInstance {
		return singleNodeWorkflow(this.workflowData(), nodeType, this.copy(staticData));
	}

	private additionalData(mode: WorkflowExecuteMode): IWorkflowExecuteAdditionalData {
		const data = this.options.additionalData(mode, this.workflowData());
		data.webhookBaseUrl = this.baseUrl('webhook');
		data.webhookTestBaseUrl = this.baseUrl('webhook-test');
		return withHooks(data, mode, this.workflowData(), `exec-${Date.now()}`);
	}

	private webhookData(
		workflow: WorkflowInstance,
		mode: WorkflowExecuteMode,
		isTest: boolean,
	): IWebhookData {
		return {
			httpMethod: 'POST',
			node: NODE_NAME,
			path: `${WEBHOOK_ID}/${String(this.description.path)}`,
			webhookDescription: this.description,
			workflowId: workflow.id,
			workflowExecuteAdditionalData: this.additionalData(mode),
			isTest,
		};
	}

	/** n8n's WebhookService.runWebhookMethod. */
	private async runHook(
		method: 'checkExists' | 'create' | 'delete',
		workflow: WorkflowInstance,
		webhookData: IWebhookData,
		mode: WorkflowExecuteMode,
		activation: WorkflowActivateMode,
	): Promise<boolean | undefined> {
		const fn = this.nodeType.webhookMethods?.default?.[method];
		if (!fn) throw new Error(`The node has no webhookMethods.default.${method}`);
		const context = new HookContext(
			workflow,
			this.node,
			webhookData.workflowExecuteAdditionalData,
			mode,
			activation,
			webhookData,
		);
		return await fn.call(context);
	}

	private async listen(): Promise<void> {
		const certificate = await createCertificate('127.0.0.1');
		this.ca = certificate.cert;
		this.server = createServer({ key: certificate.key, cert: certificate.cert }, (req, res) => {
			void this.handle(req, res).catch((error: Error) => {
				if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ message: error.message }));
			});
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		this.origin = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const rawBody = await readBody(req);
		const path = (req.url ?? '/').split('?')[0];
		const call: ReceivedCall = { path, status: 0, headers: req.headers, rawBody, executed: false };
		this.calls.push(call);
		const answer = (status: number, body: unknown) => {
			call.status = status;
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify(body));
		};
		if (this.failWith !== undefined)
			return answer(this.failWith, { message: 'Receiver failing on purpose' });
		const registration =
			path === new URL(this.productionUrl.replace(/^http:/, 'https:')).pathname
				? this.production
				: path === new URL(this.testUrl.replace(/^http:/, 'https:')).pathname
					? this.testRegistration
					: undefined;
		if (req.method !== 'POST' || registration === undefined) {
			return answer(404, { code: 404, message: 'The requested webhook is not registered.' });
		}
		let request;
		try {
			request = toRequest(req, rawBody);
		} catch {
			return answer(422, { message: 'Failed to parse request body' });
		}
		const mode: WorkflowExecuteMode = registration.test ? 'manual' : 'webhook';
		// n8n builds the workflow from the database for each production request; test requests reuse the
		// registration's static data.
		const workflow = registration.test ? registration.workflow : this.makeWorkflow(this.saved);
		const additionalData = this.additionalData(mode);
		const response = new ResponseStandIn(res);
		additionalData.httpRequest = request as never;
		additionalData.httpResponse = response as never;
		const context = new WebhookContext(
			workflow,
			this.node,
			additionalData,
			mode,
			registration.webhookData,
			[],
			null,
		);

		let result: IWebhookResponseData;
		try {
			result = await this.nodeType.webhook!.call(context);
		} catch (error) {
			call.error = error as Error;
			return answer(500, { message: 'Error in workflow' });
		}
		// LiveWebhooks.executeWebhook saves static data the production webhook changed (test runs' is not)
		// when it answers. Measured in n8n 2.40.7: after an answer that starts an execution the save does
		// not happen (the execution's workflow object resets the change flag first, see execute()), so
		// only answers without an execution save here.
		if (
			!registration.test &&
			result.workflowData === undefined &&
			workflow.staticData.__dataChanged === true
		) {
			this.saved = this.copy(workflow.staticData);
		}
		if (result.noWebhookResponse === true) {
			call.status = response.statusCode;
			if (!res.writableEnded) response.end();
			return;
		}
		if (result.workflowData === undefined) {
			return answer(200, result.webhookResponse ?? { message: 'Webhook call received' });
		}
		call.executed = true;
		// responseMode lastNode: n8n answers once the execution ended (and saved); onReceived: at once.
		const afterRun = this.description.responseMode === 'lastNode';
		if (!afterRun) answer(200, { message: 'Workflow was started' });
		if (this.holdDeliveries && !registration.test) {
			// Answered, its execution running: it ends when released, or never (kill()).
			this.heldDeliveries.push(
				async (save: boolean) =>
					await this.execute(workflow, mode, result.workflowData!, call, save),
			);
			return;
		}
		const work = (async () => {
			await this.execute(workflow, mode, result.workflowData!, call);
			if (registration.test) {
				// TestWebhooks: after the first execution the test registration goes away.
				this.testRegistration = undefined;
				await this.runHook(
					'delete',
					registration.workflow,
					registration.webhookData,
					'internal',
					'update',
				);
			}
		})();
		this.pending.add(work);
		await work.finally(() => this.pending.delete(work));
		if (afterRun) {
			if (call.error) answer(500, { message: 'Error in workflow' });
			else answer(200, {});
		}
	}

	/**
	 * WebhookHelpers.executeWebhook: the run starts at the trigger with the data webhook() returned.
	 * n8n's WorkflowRunner (2.40.7) first builds a workflow on the static data object webhook() changed,
	 * which resets its change flag (so the answer's save finds nothing changed), then runs a production
	 * execution on a fresh copy from the database; the execution's end saves the static data if it changed
	 * during the run (workflowExecuteAfter, not in manual mode).
	 */
	private async execute(
		workflow: WorkflowInstance,
		mode: WorkflowExecuteMode,
		data: INodeExecutionData[][],
		call: ReceivedCall,
		save = true,
	): Promise<void> {
		const runExecutionData = createRunExecutionData({
			executionData: {
				nodeExecutionStack: [{ node: this.node, data: { main: data }, source: null }],
			},
		});
		workflow.staticData.__dataChanged = false;
		const running = mode === 'manual' ? workflow : this.makeWorkflow(this.saved);
		const run = await new WorkflowExecute(
			this.additionalData(mode),
			mode,
			runExecutionData,
		).processRunExecutionData(running);
		if (save && mode !== 'manual' && running.staticData.__dataChanged === true)
			this.saved = this.copy(running.staticData);
		if (run.data.resultData.error) {
			call.error = run.data.resultData.error;
			return;
		}
		call.items = outputOf(run, NODE_NAME) ?? [];
		this.executions.push(call.items);
	}
}
