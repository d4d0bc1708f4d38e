/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// The Changes Trigger and the Low Stock Trigger in queue mode (issue 37), every part real: Postgres,
// Redis, n8n 2.41.1 as one main and two workers (one job each at a time), each with the package in its own
// folder. Main polls; the executions run on workers, so main learns that a batch ran only when n8n settles
// the emit's donePromise. (a) Main stopped gracefully after two batches of each trigger ran: its start
// emits nothing again. (b) Both workers SIGKILLed while they run the next batches (each trigger is
// followed by a 10-second Wait): n8n fails the jobs as stalled, and the next poll emits the batches
// again, without a restart of main; every change and alert runs once.
//
// Both workflows poll at second 0 of every minute (n8n allows nothing shorter), so the two share each
// minute. Bull's lock is shortened (QUEUE_WORKER_LOCK_DURATION 20 s, renewed every 4 s, stalled jobs
// looked for every 5 s; n8n's defaults are 60 s, 10 s and 30 s) so a killed worker's job is failed
// sooner; n8n then re-checks the execution for 30 s before it gives up on it. The cluster is started here
// rather than by support/queue.ts's QueueCluster (read only to this file), which takes no extra settings
// and starts a webhook processor these triggers do not need: Postgres and Redis come from there. Nothing
// here sleeps longer than 0.5 s at a time.
import { randomBytes } from 'crypto';
import { copyFile, mkdtemp, rm, writeFile } from 'fs/promises';
import { tmpdir } from 'os';
import { join } from 'path';

import {
	ALL_SECURITY_IDS,
	DEMO_CLIENT,
	DEMO_CLIENTS,
	startSandbox,
	type Sandbox,
} from '../../sandbox';
import { SandboxClient } from '../support/sandboxClient';
import { ensureN8n, type N8n, startN8n, type WorkflowNode } from './n8n';
import { packedOnce } from './support/community-package';
import {
	alertKey,
	allRan as allRanIn,
	changeKey,
	itemMaker,
	lowStockMaker,
	TRIGGER,
	type KeyOf,
} from './support/pollRuns';
import { freePort } from './support/processes';
import { startPostgres, startRedis, type Service } from './support/queue';
import { midMinute, until } from './support/wait';
import { chain, PREFIX } from './support/workflows';

const MINUTE = 60_000;
const CHANGES_CLIENT = { clientId: 'e2e-queue-changes', clientSecret: 'e2e-queue-dummy-secret-1' };
const LOW_CLIENT = { clientId: 'e2e-queue-low', clientSecret: 'e2e-queue-dummy-secret-2' };
/** Second 0 of every minute, for both workflows. */
const POLL_TIMES = { item: [{ mode: 'custom', cronExpression: '0 * * * * *' }] };
/** Bull's lock on a running job, its renewal, and how often workers look for stalled jobs (ms). */
const BULL = {
	QUEUE_WORKER_LOCK_DURATION: '20000',
	QUEUE_WORKER_LOCK_RENEW_TIME: '4000',
	QUEUE_WORKER_STALLED_INTERVAL: '5000',
};

let root: string;
let postgres: Service | undefined;
let redis: Service | undefined;
let main: N8n;
const workers: N8n[] = [];
let sandbox: Sandbox;
let operator: SandboxClient;
const ids: { changes?: string; low?: string } = {};
/** Every line of every n8n process, by process name. */
const logs: Record<string, string[]> = {};

// ——— what changes in the service, and what n8n ran ———

let createItems: (count: number) => Promise<string[]>;
let dropBelow: () => Promise<string>;

/** allRan() with this file's bound (generous: a 2-core machine beside the other suites). */
const allRan = async (workflowId: string, keyOf: KeyOf, keys: string[]) =>
	await allRanIn(main, workflowId, keyOf, keys, 8 * MINUTE);

const running = async (workflowId: string) =>
	(await main.executions(workflowId)).filter((s) => s.status === 'running');

/** Requests of one client answered since `from` (an index into the sandbox's request log). */
const requestsOf = (clientId: string, from: number) =>
	sandbox.requests.slice(from).filter((r) => r.clientId === clientId);

/** Which processes logged `pattern` (e.g. the worker that started an execution). */
const whoLogged = (pattern: string) =>
	Object.keys(logs).filter((name) => logs[name].some((line) => line.includes(pattern)));

beforeAll(async () => {
	const n8nDir = await ensureN8n();
	sandbox = await startSandbox({
		port: 0,
		rateLimitPerMinute: 1_000_000,
		clients: [
			...DEMO_CLIENTS,
			...[CHANGES_CLIENT, LOW_CLIENT].map((c) => ({ ...c, securityIds: ALL_SECURITY_IDS })),
		],
	});
	operator = new SandboxClient(sandbox, DEMO_CLIENT);
	createItems = itemMaker(operator, 'QUEUE');
	dropBelow = lowStockMaker(sandbox, operator);

	root = await mkdtemp(join(tmpdir(), 'inventory-pro-queue-poll-'));
	postgres = await startPostgres(join(root, 'postgres'));
	redis = await startRedis(root);
	const shared = {
		N8N_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: 'postgres',
		DB_POSTGRESDB_USER: 'postgres',
		DB_POSTGRESDB_PASSWORD: 'unused-trust-auth',
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		...BULL,
	};
	const common = { n8nDir, extraCa: sandbox.ca, packed: await packedOnce() };
	const log = (name: string) => (line: string) => (logs[name] ??= []).push(line);
	// Main first: it runs the database migrations the workers wait for.
	main = await startN8n({ ...common, env: shared, onLine: log('main') });
	await Promise.all(
		[1, 2].map(async (n) => {
			const health = await freePort();
			workers.push(
				await startN8n({
					...common,
					command: 'worker',
					// One job at a time: the two executions of one minute land on the two workers.
					commandArgs: ['--concurrency=1'],
					env: {
						...shared,
						QUEUE_HEALTH_CHECK_ACTIVE: 'true',
						QUEUE_HEALTH_CHECK_PORT: String(health),
						N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
					},
					onLine: log(`worker${n}`),
				}),
			);
		}),
	);

	const credential = async (client: typeof CHANGES_CLIENT) =>
		await main.createCredential(
			'inventoryProApi',
			{ baseUrl: sandbox.baseUrl, ...client, ignoreSslIssues: false },
			client.clientId,
		);
	const wait: WorkflowNode = {
		name: 'Wait',
		type: 'n8n-nodes-base.wait',
		typeVersion: 1.1,
		parameters: { resume: 'timeInterval', amount: 10, unit: 'seconds' },
	};
	const trigger = (type: string, parameters: Record<string, unknown>): WorkflowNode => ({
		name: TRIGGER,
		type: `${PREFIX}${type}`,
		typeVersion: 1,
		parameters: { pollTimes: POLL_TIMES, ...parameters },
		credentials: { inventoryProApi: { id: '', name: '' } },
	});
	ids.changes = (
		await main.createWorkflow(
			chain('queue: changes', trigger('inventoryProPollTrigger', { watch: 'item.listAll' }), wait),
			[await credential(CHANGES_CLIENT)],
		)
	).id;
	ids.low = (
		await main.createWorkflow(
			chain('queue: low stock', trigger('inventoryProLowStockTrigger', {}), { ...wait }),
			[await credential(LOW_CLIENT)],
		)
	).id;
	const before = sandbox.requests.length;
	await main.activate(ids.changes);
	await main.activate(ids.low);
	// The activation polls: the Changes Trigger takes the newest change, the Low Stock Trigger what is low now.
	await until(
		'the activation polls',
		() =>
			requestsOf(CHANGES_CLIENT.clientId, before).some((r) => r.status === 200) &&
			requestsOf(LOW_CLIENT.clientId, before).some((r) => r.status === 200),
		4 * MINUTE,
	);
}, 20 * MINUTE);

afterAll(async () => {
	if (main)
		await copyFile(main.logPath, join(tmpdir(), 'inventory-pro-queue-poll-main.log')).catch(
			() => {},
		);
	// Every process's log beside main's, for a post-mortem (a worker's lines show what its executions did).
	for (const [name, lines] of Object.entries(logs).filter(([name]) => name !== 'main'))
		await writeFile(join(tmpdir(), `inventory-pro-queue-poll-${name}.log`), lines.join('\n')).catch(
			() => {},
		);
	await Promise.allSettled([main?.stop(), ...workers.map((worker) => worker.stop())]);
	await Promise.allSettled([redis?.process.stop(5_000), postgres?.process.stop(10_000)]);
	if (root) await rm(root, { recursive: true, force: true, maxRetries: 3 });
	await sandbox?.close();
}, 2 * MINUTE);

describe('the poll triggers in queue mode', () => {
	const changes: string[] = [];
	const alerts: string[] = [];

	test(
		'(a) two batches of each ran on workers; main stopped gracefully and started: nothing runs again',
		async () => {
			for (let round = 0; round < 2; round++) {
				await midMinute(10);
				const made = await createItems(2);
				const alert = await dropBelow();
				expect(await allRan(ids.changes!, changeKey, made)).toEqual([]);
				expect(await allRan(ids.low!, alertKey, [alert])).toEqual([]);
				changes.push(...made);
				alerts.push(alert);
			}
			const executions = {
				changes: (await main.executions(ids.changes!)).length,
				low: (await main.executions(ids.low!)).length,
			};

			const before = sandbox.requests.length;
			await main.restart();
			// Each polled again a minute after its start-up poll: that one has ended, and what it emitted is listed.
			const again = (clientId: string) => {
				const seen = requestsOf(clientId, before).filter((r) => r.status === 200);
				return seen.some((r) => r.at >= seen[0].at + 30_000);
			};
			await until(
				'a poll after the start-up polls',
				() => again(CHANGES_CLIENT.clientId) && again(LOW_CLIENT.clientId),
				4 * MINUTE,
			);
			expect({
				changes: (await main.executions(ids.changes!)).length,
				low: (await main.executions(ids.low!)).length,
			}).toEqual(executions);
		},
		25 * MINUTE,
	);

	test(
		'(b) both workers SIGKILLed while they run the next batches: the next poll emits them again, main untouched; each runs once',
		async () => {
			const mainPid = main.pid;
			await midMinute(10);
			const made = await createItems(2);
			const alert = await dropBelow();
			const held = await until(
				'both executions running',
				async () => {
					const both = [...(await running(ids.changes!)), ...(await running(ids.low!))];
					return both.length === 2 && both;
				},
				4 * MINUTE,
			);
			const ranOn = held.flatMap((execution) =>
				whoLogged(`Worker started execution ${execution.id} `),
			);
			expect(ranOn.sort()).toEqual(['worker1', 'worker2']);
			await Promise.all(workers.map((worker) => worker.kill()));
			await Promise.all(workers.map((worker) => worker.resume()));

			expect(await allRan(ids.changes!, changeKey, made)).toEqual([]);
			expect(await allRan(ids.low!, alertKey, [alert])).toEqual([]);
			// The killed executions did not finish; main ran on throughout.
			for (const execution of held)
				expect((await main.execution(execution.id)).status).not.toBe('success');
			expect(main.pid).toBe(mainPid);
			// And nothing of the earlier batches came again.
			expect(await allRan(ids.changes!, changeKey, [...changes, ...made])).toEqual([]);
			expect(await allRan(ids.low!, alertKey, [...alerts, alert])).toEqual([]);
		},
		25 * MINUTE,
	);
});
