// The webhook trigger when n8n is killed (issue 37): a real n8n 2.41.1 (regular mode, SQLite), the
// service's own retrying delivery of a burst, SIGKILL to n8n's process group at known moments, a restart on
// the same folder and database, then the service's retries. Every event must run exactly once, except the
// one the README names: killed after its last node's effect and before n8n saved its execution.
//
// The moments are made, not hoped for: the workflow is Trigger → HTTP "start" → HTTP "done", both calls to
// a gate in this test that counts them and holds them until told. An event "ran" when its "done" call
// arrived. Before the kill: events 1–8 ran and were answered; 9–20 and 22–24 are held at "start" (their
// deliveries unanswered, their executions mid-run; under the answer-on-receipt of before they had been
// answered already: the moment between the answer and the run); 21 is held at "done" (its effect happened,
// n8n has not saved). Events 1–8 end while all the others are claimed: their saves must not carry them.
// Then SIGTERM with runs in flight: they finish within n8n's grace, and nothing runs twice.
//
// First, catch-up (issue 37): events a check recovers count as run only when the execution that ran them
// is saved. A second workflow's subscription is deleted out of band, items are created meanwhile, and the
// next check re-creates it and runs the three item.created events from the item list, through a gate of
// their own: n8n is killed while that execution is held at "start", then while the one the first check
// after the start runs is held at "done" (its effect happened, n8n has not saved), then right after the
// third has saved. Each event's effect happens twice (the second run could not be told from one that never
// ran), never more, and nothing comes again after the save.

import {
	ALL_SECURITY_IDS,
	DEMO_CLIENTS,
	ManualClock,
	startSandbox,
	type Sandbox,
} from '../../sandbox';
import type { Page } from '../../sandbox/lists';
import type { LogEntry } from '../../sandbox/webhooks/service';
import type { SubscriptionView as Subscription } from '../../sandbox/webhooks/subscription';
import { SandboxClient } from '../support/sandboxClient';
import {
	ensureN8n,
	loopbackCertificate,
	startN8n,
	type CredentialRef,
	type N8n,
	type WorkflowJson,
} from './n8n';
import { Gate } from './support/gate';
import { sleep, until } from './support/wait';
import { PREFIX } from './support/workflows';

const CLIENT = { clientId: 'e2e-kill', clientSecret: 'e2e-kill-dummy-secret-1' };
const MINUTE = 60_000;
const TRIGGER = 'On stock received';

let sandbox: Sandbox;
let clock: ManualClock;
let n8n: N8n;
let gate: Gate;
let owner: SandboxClient;
let operator: SandboxClient;
let rec = 0;
let lines: string[] = [];
let credential: CredentialRef;

/** One stock receipt of `units` (the event's name in this test): the service delivers it. */
async function receive(units: number): Promise<void> {
	const item = sandbox.store.items.rows.find((i) => !i.discontinued)!;
	const answer = await operator.post('/Inventory/Receive', {
		itemID: item.shortID,
		wID: 1,
		units,
		remark: `kill-${units}`,
	});
	expect(answer.status).toBe(201);
}

async function log(): Promise<LogEntry[]> {
	return (await owner.get<Page<LogEntry>>(`/Webhook/${rec}/log`, { pageSize: 250 })).body.value;
}

/**
 * Lets the service's retries run (its backoff is on the test's clock) until none is pending or in
 * flight, n8n being up.
 */
async function settle(timeoutMs: number): Promise<void> {
	await until(
		'the service delivered everything it owes',
		async () => {
			clock.advance(5_000);
			await sandbox.webhooks.idle();
			return sandbox.webhooks.pendingRetries() === 0;
		},
		timeoutMs,
	);
}

function workflow(): WorkflowJson {
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
			// The check (catch-up) stays out of this test: its first tick is an hour away.
			parameters: { events: ['inventory.received'], options: { checkInterval: 60 } },
			credentials: { inventoryProApi: { id: '', name: '' } },
		},
		call('Start', 'start'),
		call('Done', 'done'),
	];
	nodes.forEach((node, i) => Object.assign(node, { position: [i * 240, 0] }));
	return {
		name: 'e2e: killed mid-burst',
		nodes,
		connections: {
			[TRIGGER]: { main: [[{ node: 'Start', type: 'main', index: 0 }]] },
			Start: { main: [[{ node: 'Done', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

beforeAll(async () => {
	const n8nDir = await ensureN8n();
	const certificate = await loopbackCertificate();
	clock = new ManualClock(Date.now());
	sandbox = await startSandbox({
		port: 0,
		clock,
		webhookCa: [certificate.cert],
		clients: [...DEMO_CLIENTS, { ...CLIENT, securityIds: ALL_SECURITY_IDS }],
		// Retries enough to outlast a restart (they wait for the test's clock); a held run is no timeout.
		webhooks: {
			maxAttempts: 12,
			backoffBaseMs: 1000,
			disableAfterFailures: 10_000,
			timeoutMs: 10 * MINUTE,
		},
	});
	gate = new Gate();
	await gate.listen();
	n8n = await startN8n({
		n8nDir,
		certificate,
		extraCa: sandbox.ca,
		onLine: (line) => lines.push(line),
	});
	credential = await n8n.createCredential(
		'inventoryProApi',
		{
			baseUrl: sandbox.baseUrl,
			clientId: CLIENT.clientId,
			clientSecret: CLIENT.clientSecret,
			ignoreSslIssues: false,
		},
		'Inventory Pro (kill e2e)',
	);
	owner = new SandboxClient(sandbox, CLIENT);
	operator = new SandboxClient(
		sandbox,
		DEMO_CLIENTS.find((c) => c.clientId === 'scoped'),
	);
	const created = await n8n.createWorkflow(workflow(), [credential]);
	await n8n.activate(created.id);
	const subs = (await owner.get<Page<Subscription>>('/Webhook', { pageSize: 250 })).body.value;
	expect(subs).toHaveLength(1);
	rec = Number(subs[0].rec);
}, 20 * MINUTE);

afterAll(async () => {
	await n8n?.stop();
	await gate?.close();
	await sandbox?.close();
}, MINUTE);

const CAUGHT_UP = 'On item created';

/** Trigger (item.created, checked every minute) → HTTP "start" → HTTP "done", to a gate by the item's partNo. */
function catchUpWorkflow(port: number): WorkflowJson {
	const call = (name: string, step: 'start' | 'done') => ({
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'POST',
			url: `=http://127.0.0.1:${port}/${step}/{{ $('${CAUGHT_UP}').item.json.data.partNo }}`,
			options: { timeout: 10 * MINUTE },
		},
	});
	const nodes = [
		{
			name: CAUGHT_UP,
			type: `${PREFIX}inventoryProTrigger`,
			typeVersion: 2,
			parameters: { events: ['item.created'], options: { checkInterval: 1 } },
			credentials: { inventoryProApi: { id: '', name: '' } },
		},
		call('Start', 'start'),
		call('Done', 'done'),
	];
	nodes.forEach((node, i) => Object.assign(node, { position: [i * 240, 0] }));
	return {
		name: 'e2e: catch-up killed',
		nodes,
		connections: {
			[CAUGHT_UP]: { main: [[{ node: 'Start', type: 'main', index: 0 }]] },
			Start: { main: [[{ node: 'Done', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

// First in the file: the gap a check catches up is n8n's time, the records' Modified the service's, and
// the burst below moves the service's clock ahead of n8n's.
describe('SIGKILL while the execution a check started runs (catch-up)', () => {
	test(
		'killed during it, then after its last node before the save: each recovered event runs, twice at most, never again after its save',
		async () => {
			const itemGate = new Gate();
			await itemGate.listen();
			try {
				clock.advance(Math.max(0, Date.now() - clock.now()));
				const created = await n8n.createWorkflow(catchUpWorkflow(itemGate.port), [credential]);
				await n8n.activate(created.id);
				const ours = async () =>
					(await owner.get<Page<Subscription>>('/Webhook', { pageSize: 250 })).body.value.filter(
						(subscription) => Number(subscription.rec) !== rec,
					);
				const [first] = await ours();
				// Deleted out of band: the items created now reach no one until a check re-creates it.
				expect((await owner.delete(`/Webhook/${first.rec}`)).status).toBe(200);
				const parts: number[] = [];
				for (const n of [1, 2, 3]) {
					const answer = await owner.post<{ partNo: number }>('/Item', {
						itemID: `CATCH-UP-${n}`,
						description: 'kill test',
					});
					expect(answer.status).toBe(201);
					parts.push(Number(answer.body.partNo));
				}
				const heldAt = (step: 'start' | 'done') => itemGate.heldNow(step).join() === parts.join();

				itemGate.holds = (step) => step === 'start';
				await until('the check ran the three, held at "start"', () => heldAt('start'), 4 * MINUTE);
				await n8n.kill();
				itemGate.holds = (step) => step === 'done';
				itemGate.release();
				await n8n.resume();
				await until(
					'the first check after the start ran them again, held at "done"',
					() => heldAt('done'),
					4 * MINUTE,
				);
				await n8n.kill();
				itemGate.holds = () => false;
				itemGate.release();
				await n8n.resume();
				await until(
					'the first check after the next start ran them to the end and n8n saved it',
					async () => (await n8n.executions(created.id)).some((run) => run.status === 'success'),
					4 * MINUTE,
				);
				expect(
					parts.map((part) => [itemGate.count('start', part), itemGate.count('done', part)]),
				).toEqual(parts.map(() => [3, 2]));

				// Killed right after that save: the first check after the start runs nothing again.
				const [recreated] = await ours();
				const logReads = () =>
					sandbox.requests.filter((r) => r.path.endsWith(`/Webhook/${recreated.rec}/log`)).length;
				await n8n.kill();
				const before = logReads();
				await n8n.resume();
				await until('the first check after the start', () => logReads() > before, 4 * MINUTE);
				// An emit follows that read at once; give its execution a few seconds to reach the itemGate.
				for (let i = 0; i < 20; i++) await sleep(250);
				expect(parts.map((part) => itemGate.count('start', part))).toEqual([3, 3, 3]);
				const runs = await n8n.executions(created.id);
				expect(runs).toHaveLength(3);
				expect(runs.filter((run) => run.status === 'success')).toHaveLength(1);
				await n8n.deactivate(created.id);
			} finally {
				await itemGate.close();
			}
		},
		25 * MINUTE,
	);
});

const BURST = Array.from({ length: 24 }, (_, i) => i + 1);
const RAN_BEFORE = BURST.filter((u) => u <= 8);
/** Killed after its last node's effect, before n8n saved: runs again (README, limits). */
const AFTER_EFFECT = 21;

describe('SIGKILL mid-burst, then a restart on the same database', () => {
	test(
		'every event runs once; only the one killed after its effect and before its save runs twice',
		async () => {
			// Every run waits at "start" until the whole burst is in n8n; then 1–8 and 21 go on, 21 to wait at "done".
			gate.holds = (step, units) => step === 'start' || units === AFTER_EFFECT;
			for (const units of BURST) await receive(units);
			await until('all 24 runs at "start"', () => gate.heldNow('start').length === 24, 5 * MINUTE);
			gate.release((_, units) => RAN_BEFORE.includes(units) || units === AFTER_EFFECT);
			await until(
				'1–8 answered 2xx, 21 at "done"',
				async () => {
					const answered = new Set(
						(await log()).filter((entry) => entry.success).map((entry) => entry.reference),
					);
					return answered.size >= RAN_BEFORE.length && gate.heldNow('done').includes(AFTER_EFFECT);
				},
				5 * MINUTE,
			);
			const heldAtStart = gate.heldNow('start');
			expect(heldAtStart).toEqual(BURST.filter((u) => u > 8 && u !== AFTER_EFFECT));
			// No delivery but 1–8 was answered (no 2xx before the run): the service still owes every other one.
			expect((await log()).filter((entry) => entry.success)).toHaveLength(RAN_BEFORE.length);

			await n8n.kill();
			gate.holds = () => false;
			gate.release();
			lines = [];
			await n8n.resume();
			await settle(10 * MINUTE);

			const ranTwice = BURST.filter((u) => gate.count('done', u) === 2);
			const counts = BURST.map((u) => gate.count('done', u));
			expect({ neverRan: BURST.filter((u) => gate.count('done', u) === 0), ranTwice }).toEqual({
				neverRan: [],
				ranTwice: [AFTER_EFFECT],
			});
			expect(Math.max(...counts)).toBe(2);
			// What the service saw: each event's last attempt (the log's highest rec) was answered 2xx.
			const last = new Map<string, LogEntry>();
			for (const entry of await log())
				if ((last.get(entry.reference)?.rec ?? -1) < entry.rec) last.set(entry.reference, entry);
			expect([...last.values()].filter((entry) => !entry.success)).toEqual([]);
			expect(last.size).toBe(BURST.length);
		},
		25 * MINUTE,
	);

	test(
		'SIGTERM with runs in flight: they finish within the grace, nothing runs twice',
		async () => {
			const more = [31, 32, 33];
			gate.holds = (step) => step === 'start';
			for (const units of more) await receive(units);
			await until('3 runs at "start"', () => gate.heldNow('start').length === 3, 5 * MINUTE);
			const halted = n8n.halt();
			// n8n is shutting down (it stops taking requests first): the held runs may finish now.
			await until(
				'n8n shutting down',
				() => lines.some((line) => /shutting down|Received SIGTERM|Stopping/i.test(line)),
				MINUTE,
			);
			gate.release();
			await halted;
			await n8n.resume();
			await settle(10 * MINUTE);
			expect(more.map((u) => gate.count('done', u))).toEqual([1, 1, 1]);
			expect(
				BURST.filter((u) => u !== AFTER_EFFECT).every((u) => gate.count('done', u) === 1),
			).toBe(true);
		},
		25 * MINUTE,
	);
});
