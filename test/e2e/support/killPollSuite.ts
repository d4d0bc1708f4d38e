/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// The Changes Trigger and the Low Stock Trigger in a real n8n (regular mode, SQLite) whose whole process
// group is SIGKILLed — during a poll, during the execution a poll started, and right after that execution
// ended — or stopped with SIGTERM, then started again on the same folder and database; on n8n 2.41.1's
// default poll path (kill.poll.e2e.test.ts) and its durable scheduler with durable cursors
// (kill.poll.durable.e2e.test.ts), and on the 1.x the compatibility subset names (kill.poll.compat.test.ts:
// n8n 1.123.81 has the default path only). Every change and every alert must come out of a finished
// execution, once.
// Both workflows poll at second 0 of each minute (custom Poll Times: n8n allows nothing shorter than a
// minute). Their trigger is followed by a call to a gate (gate.ts: /start/1 for the Changes workflow,
// /start/2 for Low Stock), answered at once unless a test holds it: a held call keeps its execution running
// for as long as the test needs, so "both executions running at the kill" is made, not waited for. On the
// default path also: a Low Stock Trigger whose first poll at activation fails stays published and polls
// on. Nothing here sleeps longer than 0.5 s.
import { copyFile } from 'fs/promises';
import { tmpdir } from 'os';
import { join } from 'path';

import {
	ALL_SECURITY_IDS,
	DEMO_CLIENT,
	DEMO_CLIENTS,
	startSandbox,
	type Sandbox,
} from '../../../sandbox';
import { SandboxClient } from '../../support/sandboxClient';
import { ensureN8n, type N8n, N8N_VERSION, startN8n, type WorkflowNode } from '../n8n';
import { Gate } from './gate';
import {
	alertKey,
	allRan as allRanIn,
	changeKey,
	itemMaker,
	lowStockMaker,
	ranCounts,
	TRIGGER,
	type KeyOf,
} from './pollRuns';
import { midMinute, until } from './wait';
import { chain, PREFIX } from './workflows';

const MINUTE = 60_000;
/** How long a change or alert may take to come out of a finished execution (usually under a minute). */
const RAN_WITHIN = 8 * MINUTE;
const CHANGES_CLIENT = { clientId: 'e2e-kill-changes', clientSecret: 'e2e-kill-dummy-secret-1' };
const LOW_CLIENT = { clientId: 'e2e-kill-low', clientSecret: 'e2e-kill-dummy-secret-2' };
const FAIL_CLIENT = { clientId: 'e2e-kill-failing', clientSecret: 'e2e-kill-dummy-secret-3' };
/** Second 0 of every minute, for both workflows. */
const POLL_TIMES = { item: [{ mode: 'custom', cronExpression: '0 * * * * *' }] };

let sandbox: Sandbox;
let n8n: N8n;
let operator: SandboxClient;
let gate: Gate;
/** The gate's number for each workflow's call. */
const CHANGES_CALL = 1;
const LOW_CALL = 2;
const ids: { changes?: string; low?: string } = {};

/** n8n's lines about the triggers, executions and restarts: a failure's post-mortem in CI's output. */
const story: string[] = [];
const TOLD =
	/Inventory Pro|batch|poll|crash|unfinished|Recovery|activ|publish|fail|Editor is now|Database/i;

// ——— what changes in the service, and what n8n ran ———

let createItems: (count: number) => Promise<string[]>;
let dropOne: () => Promise<string>;
/** Takes `count` fresh items below their restocking level; returns their keys (wID:shortID). */
async function dropBelow(count: number): Promise<string[]> {
	const keys: string[] = [];
	for (let i = 0; i < count; i++) keys.push(await dropOne());
	return keys;
}

/** allRan() with this file's bound and post-mortem. */
async function allRan(workflowId: string, keyOf: KeyOf, keys: string[]): Promise<string[]> {
	return await allRanIn(n8n, workflowId, keyOf, keys, RAN_WITHIN, async () => {
		const counts = await ranCounts(n8n, workflowId, keyOf);
		const statuses = (await n8n.executions(workflowId)).map((s) => s.status);
		return [
			`seen: ${JSON.stringify(Object.fromEntries(counts))}; executions: ${statuses.join(', ')}`,
			`publication: ${JSON.stringify(await n8n.publicationStatus(workflowId).catch(String))}`,
			'the triggers asked the service:',
			...sandbox.requests
				.filter((r) => r.clientId === CHANGES_CLIENT.clientId || r.clientId === LOW_CLIENT.clientId)
				.slice(-16)
				.map((r) => `${new Date(r.at).toISOString()} ${r.clientId} ${r.endpointId} ${r.status}`),
			'n8n said:',
			...story.slice(-40),
		].join('\n');
	});
}

const running = async (workflowId: string) =>
	(await n8n.executions(workflowId)).filter((s) => s.status === 'running').length;

/** SIGKILL to n8n's whole process group (n8n, its task runner, their supervisor), then a start on the same folder. */
async function killAndStart(): Promise<void> {
	process.kill(-n8n.pid, 'SIGKILL');
	await n8n.exited;
	await n8n.halt();
	await n8n.resume();
}

/** Requests of one client answered since `from` (an index into the sandbox's request log). */
const requestsOf = (clientId: string, from: number) =>
	sandbox.requests.slice(from).filter((r) => r.clientId === clientId);

/**
 * Waits until both triggers polled again after their first poll since `from` (polls are a minute apart):
 * that first poll has ended and whatever it emitted is listed; then until none of their executions runs.
 */
async function aPollLater(from: number, workflowIds: string[]): Promise<void> {
	const again = (clientId: string) => {
		const seen = requestsOf(clientId, from);
		return seen.some((r) => r.at >= seen[0].at + 30_000);
	};
	await until(
		'each trigger polled again after its first poll since the start',
		() => again(CHANGES_CLIENT.clientId) && again(LOW_CLIENT.clientId),
		3 * MINUTE,
	);
	await until(
		'no execution running',
		async () => (await Promise.all(workflowIds.map(running))).every((count) => count === 0),
		MINUTE,
	);
}

/**
 * A fault that holds the next list answer until released, and says when the request came: the sandbox
 * awaits `held`, which calls then() as the request arrives.
 */
function holdNext(target: 'item.listAll' | 'inventory.stockLevels') {
	let arrived = false;
	let release!: () => void;
	const released = new Promise<void>((resolve) => (release = resolve));
	const held = {
		then(resolve: (value: unknown) => void) {
			arrived = true;
			void released.then(() => resolve(undefined));
		},
	} as unknown as Promise<unknown>;
	sandbox.inject(target, { kind: 'slow', ms: 0, until: held }, 1);
	return { arrived: () => arrived, release };
}

/** n8n's durable scheduler with durable cursors (each poll a task, the poll's state n8n's cursor). */
export const DURABLE_SCHEDULER = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};

/** The suite on one of n8n's poll schedulers. */
export function killPollSuite(scheduler: 'default' | 'durable'): void {
	beforeAll(async () => {
		const n8nDir = await ensureN8n();
		sandbox = await startSandbox({
			port: 0,
			rateLimitPerMinute: 1_000_000,
			clients: [
				...DEMO_CLIENTS,
				...[CHANGES_CLIENT, LOW_CLIENT, FAIL_CLIENT].map((c) => ({
					...c,
					securityIds: ALL_SECURITY_IDS,
				})),
			],
		});
		n8n = await startN8n({
			n8nDir,
			extraCa: sandbox.ca,
			env: scheduler === 'durable' ? DURABLE_SCHEDULER : {},
		});
		n8n.watch((line) => {
			if (TOLD.test(line)) story.push(`${new Date().toISOString()} ${line}`);
		});
		operator = new SandboxClient(sandbox, DEMO_CLIENT);
		createItems = itemMaker(operator, 'KILL');
		dropOne = lowStockMaker(sandbox, operator);

		const credential = async (client: typeof CHANGES_CLIENT) =>
			await n8n.createCredential(
				'inventoryProApi',
				{ baseUrl: sandbox.baseUrl, ...client, ignoreSslIssues: false },
				client.clientId,
			);
		gate = new Gate();
		await gate.listen();
		/** One call per execution (not per item) to the gate at /start/<n>. */
		const call = (n: number): WorkflowNode => ({
			name: 'Gate',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			executeOnce: true,
			parameters: {
				method: 'POST',
				url: `http://127.0.0.1:${gate.port}/start/${n}`,
				options: { timeout: 10 * MINUTE },
			},
		});
		const trigger = (type: string, parameters: Record<string, unknown>): WorkflowNode => ({
			name: TRIGGER,
			type: `${PREFIX}${type}`,
			typeVersion: 1,
			parameters: { pollTimes: POLL_TIMES, ...parameters },
			credentials: { inventoryProApi: { id: '', name: '' } },
		});
		ids.changes = (
			await n8n.createWorkflow(
				chain(
					'e2e: changes, killed',
					trigger('inventoryProPollTrigger', { watch: 'item.listAll' }),
					call(CHANGES_CALL),
				),
				[await credential(CHANGES_CLIENT)],
			)
		).id;
		ids.low = (
			await n8n.createWorkflow(
				chain('e2e: low stock, killed', trigger('inventoryProLowStockTrigger', {}), call(LOW_CALL)),
				[await credential(LOW_CLIENT)],
			)
		).id;
		await n8n.activate(ids.changes);
		await n8n.activate(ids.low);
		// The first scheduled polls take the service's newest change as their start; what the tests make
		// comes after them. (On the durable scheduler the activation's own poll commits nothing: the first
		// tick, at the next minute, starts the cursor.)
		const firstTick = Math.ceil(Date.now() / MINUTE) * MINUTE;
		const polled = (clientId: string, endpointId: string) =>
			sandbox.requests.some(
				(r) =>
					r.clientId === clientId &&
					r.endpointId === endpointId &&
					r.status === 200 &&
					r.at >= firstTick,
			);
		await until(
			'the first scheduled polls',
			() =>
				polled(CHANGES_CLIENT.clientId, 'item.listAll') &&
				polled(LOW_CLIENT.clientId, 'inventory.stockLevels'),
			3 * MINUTE,
		);
	}, 20 * MINUTE);

	afterAll(async () => {
		// n8n's log, for a failure's post-mortem (the instance's folder goes with stop()).
		if (n8n)
			await copyFile(
				n8n.logPath,
				join(tmpdir(), `inventory-pro-kill-poll-${scheduler}-n8n.log`),
			).catch(() => {});
		await n8n?.stop();
		await gate?.close();
		await sandbox?.close();
	}, MINUTE);

	describe(`n8n ${N8N_VERSION}: the poll triggers under SIGKILL and SIGTERM (${scheduler} scheduler)`, () => {
		test(
			'killed during the execution a poll started: every change and alert runs after the start, none twice',
			async () => {
				// On the durable scheduler a tick whose emit is held at the gate holds the next ticks for its
				// lease (4 minutes), so changes split across two ticks would not be held together.
				await midMinute(5);
				const changes = await createItems(3);
				const alerts = await dropBelow(2);
				// Both executions held at the gate: running at the kill.
				gate.holds = () => true;
				await until(
					'both executions held at the gate',
					() => gate.heldNow('start').join() === [CHANGES_CALL, LOW_CALL].join(),
					4 * MINUTE,
				).catch((error: Error) => {
					// Let what it holds go, so the next cases start clean.
					gate.holds = () => false;
					gate.release();
					throw new Error(
						`${error.message}; held: [${gate.heldNow('start').join()}]; ${story.join('\n')}`,
					);
				});
				gate.holds = () => false;
				await killAndStart();

				expect(await allRan(ids.changes!, changeKey, changes)).toEqual([]);
				expect(await allRan(ids.low!, alertKey, alerts)).toEqual([]);
				expect((await n8n.executions(ids.changes!)).map((s) => s.status)).toContain('crashed');
			},
			25 * MINUTE,
		);

		test(
			'killed right after the executions ended: nothing runs again',
			async () => {
				const changes = await createItems(2);
				const alerts = await dropBelow(1);
				expect(await allRan(ids.changes!, changeKey, changes)).toEqual([]);
				expect(await allRan(ids.low!, alertKey, alerts)).toEqual([]);
				const before = sandbox.requests.length;
				await killAndStart();
				// The start-up polls read the lists; whatever they emitted would run within seconds.
				await until(
					'the start-up polls',
					() =>
						requestsOf(CHANGES_CLIENT.clientId, before).some(
							(r) => r.endpointId === 'item.listAll',
						) && requestsOf(LOW_CLIENT.clientId, before).some((r) => r.status === 200),
					4 * MINUTE,
				);
				await aPollLater(before, [ids.changes!, ids.low!]);
				expect(await allRan(ids.changes!, changeKey, changes)).toEqual([]);
				expect(await allRan(ids.low!, alertKey, alerts)).toEqual([]);
			},
			25 * MINUTE,
		);

		test(
			'stopped gracefully (SIGTERM) right after the executions ended: nothing runs again',
			async () => {
				const changes = await createItems(2);
				const alerts = await dropBelow(1);
				expect(await allRan(ids.changes!, changeKey, changes)).toEqual([]);
				expect(await allRan(ids.low!, alertKey, alerts)).toEqual([]);
				const before = sandbox.requests.length;
				await n8n.restart();
				await until(
					'the start-up polls',
					() =>
						requestsOf(CHANGES_CLIENT.clientId, before).some(
							(r) => r.endpointId === 'item.listAll',
						) && requestsOf(LOW_CLIENT.clientId, before).some((r) => r.status === 200),
					4 * MINUTE,
				);
				await aPollLater(before, [ids.changes!, ids.low!]);
				expect(await allRan(ids.changes!, changeKey, changes)).toEqual([]);
				expect(await allRan(ids.low!, alertKey, alerts)).toEqual([]);
			},
			25 * MINUTE,
		);

		test(
			'killed during a poll (its list answer held): the changes and alerts run after the start, once',
			async () => {
				const changes = await createItems(2);
				const alerts = await dropBelow(1);
				const heldChanges = holdNext('item.listAll');
				const heldLevels = holdNext('inventory.stockLevels');
				await until(
					'both polls waiting for the service',
					() => heldChanges.arrived() && heldLevels.arrived(),
					4 * MINUTE,
				);
				await killAndStart();
				heldChanges.release();
				heldLevels.release();

				expect(await allRan(ids.changes!, changeKey, changes)).toEqual([]);
				expect(await allRan(ids.low!, alertKey, alerts)).toEqual([]);
			},
			25 * MINUTE,
		);

		test(
			'a graceful stop (SIGTERM) during the executions: n8n lets them end, nothing runs again',
			async () => {
				const changes = await createItems(2);
				gate.holds = (_, n) => n === CHANGES_CALL;
				await until(
					'the execution held at the gate',
					() => gate.heldNow('start').includes(CHANGES_CALL),
					4 * MINUTE,
				);
				const crashed = async () =>
					(await n8n.executions(ids.changes!)).filter((e) => e.status === 'crashed').length;
				const crashedBefore = await crashed();
				const before = sandbox.requests.length;
				// Let it end once n8n has the SIGTERM, within the 10 s n8n waits for running executions.
				const stopWatching = n8n.watch((line) => {
					if (!line.includes('Received SIGTERM')) return;
					gate.holds = () => false;
					gate.release();
				});
				await n8n.restart();
				stopWatching();
				expect(gate.heldNow('start')).toEqual([]);
				// n8n let it end: none crashed.
				expect(await crashed()).toBe(crashedBefore);
				expect(await allRan(ids.changes!, changeKey, changes)).toEqual([]);
				await aPollLater(before, [ids.changes!, ids.low!]);
				expect(await allRan(ids.changes!, changeKey, changes)).toEqual([]);
			},
			25 * MINUTE,
		);

		(scheduler === 'default' ? test : test.skip)(
			'a Low Stock Trigger whose first poll at activation fails stays published, and polls on',
			async () => {
				await n8n.deactivate(ids.low!);
				const credential = await n8n.createCredential(
					'inventoryProApi',
					{ baseUrl: sandbox.baseUrl, ...FAIL_CLIENT, ignoreSslIssues: false },
					FAIL_CLIENT.clientId,
				);
				const workflow = await n8n.createWorkflow(
					chain('e2e: low stock, failing first poll', {
						name: TRIGGER,
						type: `${PREFIX}inventoryProLowStockTrigger`,
						typeVersion: 1,
						parameters: { pollTimes: POLL_TIMES },
						credentials: { inventoryProApi: { id: '', name: '' } },
					}),
					[credential],
				);
				// The activation's poll fails: without the guard n8n retries it (+1, +2, +4, +8 s), the publication
				// ends `failed` and n8n polls no more. With it, the failure is logged and the schedule stays; the
				// next poll fails too and n8n reports it (a failed execution); the one after reads the list.
				sandbox.failNext('inventory.stockLevels', 'internal_error', 2);
				const before = sandbox.requests.length;
				const status = await n8n.activate(workflow.id);
				expect(status.status).toBe('published');
				await n8n.waitForExecutions(workflow.id, 1, 3 * MINUTE);
				expect((await n8n.executions(workflow.id)).map((s) => s.status)).toEqual(['error']);
				await until(
					'a scheduled poll after the failed ones',
					() =>
						requestsOf(FAIL_CLIENT.clientId, before).filter(
							(r) => r.endpointId === 'inventory.stockLevels' && r.status === 200,
						).length > 0,
					4 * MINUTE,
				);
				expect(await n8n.isPublished(workflow.id)).toBe(true);
				await n8n.deactivate(workflow.id);
			},
			8 * MINUTE,
		);
	});
}
