/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// The webhook trigger when n8n is killed (issues 37, 43): a real n8n 2.41.1 (regular mode, SQLite), the
// service's own retrying delivery, SIGKILL to n8n's process group at each moment of a delivery's life, a
// restart on the same folder and database. The trigger answers a delivery as soon as n8n holds its
// execution; every event must run, once, except the one the README names: killed after its last node's
// effect and before n8n saved its execution.
//
// The moments are made, not hoped for: the workflow is Trigger → HTTP "start" → HTTP "done", both calls to
// a gate in this test that counts them and holds them until told. An event "ran" when its "done" call
// arrived. Before the answer: the service's upload held before its last byte (n8n has the request, cannot
// answer). After the answer, mid-run: held at "start". After the last node, before the save: held at
// "done". After the save: let through. The executions n8n marks crashed at the restart come back at the
// first check after it (acknowledged.ts), rebuilt from the delivery log and the lists, `recovered: true`.
// Then SIGTERM with runs in flight: they finish within n8n's grace, and nothing runs twice.
//
// First, catch-up: events a check recovers run one at a time, each an execution of its own, and count as
// run only when that execution is saved. A second workflow's subscription is deleted out of band, items are
// created meanwhile, and the next check re-creates it and runs the three item.created events: n8n is
// killed while the first is held at "start", then while the first check after the start has it held at
// "done" (its effect happened, n8n has not saved), then right after all three saved.

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
import type { IDataObject } from 'n8n-workflow';

import {
	ensureN8n,
	loopbackCertificate,
	N8n,
	startN8n,
	type CredentialRef,
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
let burstWorkflowId = '';
let lines: string[] = [];
let credential: CredentialRef;

/** One stock receipt of `units` (the event's name in this test): the service delivers it. */
/** Each receipt's delivery-log reference (spec: RecNo:<number>), by its units. */
const references = new Map<number, string>();
const referenceOf = (units: number) => references.get(units);

async function receive(units: number): Promise<void> {
	const item = sandbox.store.items.rows.find((i) => !i.discontinued)!;
	const answer = await operator.post<IDataObject>('/Inventory/Receive', {
		itemID: item.shortID,
		wID: 1,
		units,
		remark: `kill-${units}`,
	});
	expect(answer.status).toBe(201);
	references.set(units, `RecNo:${String(answer.body.recNo)}`);
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
			// Checked every minute: the first check after a start runs what a kill cut short.
			parameters: { events: ['inventory.received'], options: { checkInterval: 1 } },
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
	burstWorkflowId = created.id;
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
				const [firstPart] = parts;
				// One at a time: the first is held at "start", the other two wait their turn.
				itemGate.holds = (step, part) => step === 'start' && part === firstPart;
				await until(
					'the check ran the first, held at "start"',
					() => itemGate.heldNow('start').join() === String(firstPart),
					4 * MINUTE,
				);
				expect(parts.slice(1).map((part) => itemGate.count('start', part))).toEqual([0, 0]);
				await n8n.kill();
				itemGate.holds = (step, part) => step === 'done' && part === firstPart;
				itemGate.release();
				await n8n.resume();
				await until(
					'the first check after the start ran the first again, held at "done"',
					() => itemGate.heldNow('done').join() === String(firstPart),
					4 * MINUTE,
				);
				await n8n.kill();
				itemGate.holds = () => false;
				itemGate.release();
				await n8n.resume();
				await until(
					'the first check after the next start ran the three to the end and n8n saved them',
					async () =>
						(await n8n.executions(created.id)).filter((run) => run.status === 'success').length ===
						3,
					4 * MINUTE,
				);
				// The first: started three times, its effect twice (killed after it, before the save); the
				// other two once.
				expect(
					parts.map((part) => [itemGate.count('start', part), itemGate.count('done', part)]),
				).toEqual([
					[3, 2],
					[1, 1],
					[1, 1],
				]);

				// Killed right after those saves: the first check after the start runs nothing again.
				const [recreated] = await ours();
				const logReads = () =>
					sandbox.requests.filter((r) => r.path.endsWith(`/Webhook/${recreated.rec}/log`)).length;
				await n8n.kill();
				const before = logReads();
				await n8n.resume();
				await until('the first check after the start', () => logReads() > before, 4 * MINUTE);
				// An emit follows that read at once; give its execution a few seconds to reach the itemGate.
				for (let i = 0; i < 20; i++) await sleep(250);
				expect(parts.map((part) => itemGate.count('start', part))).toEqual([3, 1, 1]);
				const runs = await n8n.executions(created.id);
				// Two crashed (the first, twice), three saved.
				expect(runs).toHaveLength(5);
				expect(runs.filter((run) => run.status === 'success')).toHaveLength(3);
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

/** How each event ran, from its trigger items: recovered by a check, or delivered. */
async function recoveredUnits(workflowId: string): Promise<number[]> {
	const units: number[] = [];
	for (const summary of await n8n.executions(workflowId)) {
		if (summary.status !== 'success') continue;
		for (const item of N8n.output(await n8n.execution(summary.id), TRIGGER))
			if (item.json.recovered === true) units.push(Number((item.json.data as IDataObject).units));
	}
	return units.sort((a, b) => a - b);
}

describe('SIGKILL at each moment of a delivery, then a restart on the same database', () => {
	// The service's clock is the test's and stands still between advances; a real service's runs with
	// n8n's. Recovery after a kill reads the log by time (docs/triggers.md: clocks within 2 minutes).
	beforeEach(() => clock.advance(Math.max(0, Date.now() - clock.now())));

	test(
		'before the answer (n8n has the request, not all of it): the service retries it; it runs once',
		async () => {
			let cut!: () => void;
			const held = new Promise<void>((resolve) => (cut = resolve));
			let uploading = false;
			sandbox.webhooks.holdUploads(async () => {
				uploading = true;
				await held;
			});
			const units = 41;
			await receive(units);
			await until('the upload held before its last byte', () => uploading, MINUTE);
			await n8n.kill();
			sandbox.webhooks.holdUploads(undefined);
			cut();
			await sandbox.webhooks.idle();
			const first = (await log()).filter((entry) => entry.reference === referenceOf(units));
			expect(first.map((entry) => entry.success)).toEqual([false]);
			await n8n.resume();
			await settle(5 * MINUTE);
			await until('it ran', () => gate.count('done', units) === 1, 3 * MINUTE);
			await sleep(1000);
			expect([gate.count('start', units), gate.count('done', units)]).toEqual([1, 1]);
		},
		15 * MINUTE,
	);

	test(
		'a burst: saved (1–8), mid-run (9–24 at "start"), after the last node (21 at "done"): every event runs; only 21 twice; the cut ones come back recovered',
		async () => {
			const workflowId = burstWorkflowId;
			// Every run waits at "start" until the whole burst is in n8n; then 1–8 and 21 go on, 21 to wait at "done".
			gate.holds = (step, units) => step === 'start' || units === AFTER_EFFECT;
			for (const units of BURST) await receive(units);
			await until('all 24 runs at "start"', () => gate.heldNow('start').length === 24, 5 * MINUTE);
			// Answered on receipt: every delivery acknowledged, the service owes nothing.
			const ofBurst = (entries: LogEntry[]) =>
				entries.filter((entry) => BURST.some((u) => referenceOf(u) === entry.reference));
			expect(ofBurst(await log()).filter((entry) => entry.success)).toHaveLength(BURST.length);
			gate.release((_, units) => RAN_BEFORE.includes(units) || units === AFTER_EFFECT);
			await until(
				'1–8 saved, 21 at "done"',
				async () =>
					(await n8n.executions(workflowId)).filter((e) => e.status === 'success').length >=
						RAN_BEFORE.length && gate.heldNow('done').includes(AFTER_EFFECT),
				5 * MINUTE,
			);
			expect(gate.heldNow('start')).toEqual(BURST.filter((u) => u > 8 && u !== AFTER_EFFECT));

			await n8n.kill();
			gate.holds = () => false;
			gate.release();
			lines = [];
			await n8n.resume();
			await until(
				'every event ran',
				() => BURST.every((u) => gate.count('done', u) >= 1),
				5 * MINUTE,
				async () => {
					const statuses = (await n8n.executions(workflowId)).map((e) => e.status);
					return [
						`not run: ${BURST.filter((u) => gate.count('done', u) === 0).join(', ')}`,
						`executions: ${statuses.join(', ')}`,
						...lines.filter((line) => /Inventory Pro|error|Error/.test(line)).slice(-40),
					].join('\n');
				},
			);
			// A check later: nothing more.
			await sleep(MINUTE + 10_000);

			const ranTwice = BURST.filter((u) => gate.count('done', u) === 2);
			expect({ neverRan: BURST.filter((u) => gate.count('done', u) === 0), ranTwice }).toEqual({
				neverRan: [],
				ranTwice: [AFTER_EFFECT],
			});
			expect(Math.max(...BURST.map((u) => gate.count('done', u)))).toBe(2);
			expect(await recoveredUnits(workflowId)).toEqual(BURST.filter((u) => u > 8));
			// What the service saw: each delivery answered once, 2xx, at its first attempt.
			expect(ofBurst(await log()).map((entry) => [entry.attempt, entry.success])).toEqual(
				BURST.map(() => [1, true]),
			);
			process.stdout.write(
				`kill e2e (webhook): ${BURST.length} answered on receipt; SIGKILL with 8 saved, ${BURST.length - 9} mid-run and 1 after its last node; all ran, twice: ${ranTwice.join(', ')}\n`,
			);
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
			// The first check after the start (within two minutes) finds nothing to run again.
			await sleep(2 * MINUTE);
			expect(more.map((u) => gate.count('done', u))).toEqual([1, 1, 1]);
			expect(
				BURST.filter((u) => u !== AFTER_EFFECT).every((u) => gate.count('done', u) === 1),
			).toBe(true);
		},
		25 * MINUTE,
	);
});
