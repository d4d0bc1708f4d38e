/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// The webhook trigger's kill suites (kill.webhook.e2e.test.ts on n8n 2.41.1; kill.webhook.compat.test.ts and
// kill.webhook.pool.compat.test.ts on the 1.x the compatibility subset names): a real n8n (regular mode,
// SQLite), the service's own retrying delivery, SIGKILL to n8n's process group at a moment of a delivery's
// life, a restart on the same folder and database. The trigger answers a delivery on receipt; every event
// must run, once, except the one the README names: killed after its last node's effect and before n8n saved
// its execution.
//
// The moments are made, not hoped for: the workflow is Trigger → HTTP "start" → HTTP "done", both calls to
// a gate (gate.ts) that counts them and holds them until told. An event "ran" when its "done" call arrived.
// Before the answer: the service's upload held before its last byte (n8n has the request, cannot answer).
// After the answer, mid-run: held at "start". After the last node, before the save: held at "done". After
// the save: let through. The executions n8n marks crashed at the restart come back at the first check after
// it (acknowledged.ts), rebuilt from the delivery log and the lists, `recovered: true`.
import {
	ALL_SECURITY_IDS,
	DEMO_CLIENTS,
	ManualClock,
	startSandbox,
	type Sandbox,
} from '../../../sandbox';
import type { Page } from '../../../sandbox/lists';
import type { LogEntry } from '../../../sandbox/webhooks/service';
import type { SubscriptionView as Subscription } from '../../../sandbox/webhooks/subscription';
import { SandboxClient } from '../../support/sandboxClient';
import type { IDataObject } from 'n8n-workflow';

import {
	ensureN8n,
	loopbackCertificate,
	N8n,
	N8N_VERSION,
	startN8n,
	type CredentialRef,
	type WorkflowJson,
} from '../n8n';
import { Gate } from './gate';
import { sleep, until } from './wait';
import { PREFIX } from './workflows';

export const MINUTE = 60_000;
export const TRIGGER = 'On stock received';
const CLIENT = { clientId: 'e2e-kill', clientSecret: 'e2e-kill-dummy-secret-1' };

/**
 * The trigger (`event`, checked every minute) → HTTP "start" → HTTP "done", each call to the gate on `port`
 * under the event's `field` (the gate holds a run by that value).
 */
export function gatedWorkflow({
	name,
	trigger,
	event,
	field,
	port,
}: {
	name: string;
	trigger: string;
	event: string;
	field: string;
	port: number;
}): WorkflowJson {
	const call = (node: string, step: 'start' | 'done') => ({
		name: node,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'POST',
			url: `=http://127.0.0.1:${port}/${step}/{{ $('${trigger}').item.json.data.${field} }}`,
			options: { timeout: 10 * MINUTE },
		},
	});
	const nodes = [
		{
			name: trigger,
			type: `${PREFIX}inventoryProTrigger`,
			typeVersion: 2,
			// Checked every minute: the first check after a start runs what a kill cut short.
			parameters: { events: [event], options: { checkInterval: 1 } },
			credentials: { inventoryProApi: { id: '', name: '' } },
		},
		call('Start', 'start'),
		call('Done', 'done'),
	];
	nodes.forEach((node, i) => Object.assign(node, { position: [i * 240, 0] }));
	return {
		name,
		nodes,
		connections: {
			[trigger]: { main: [[{ node: 'Start', type: 'main', index: 0 }]] },
			Start: { main: [[{ node: 'Done', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** One sandbox, one n8n, one gate and the workflow above, active; filled in by beforeAll. */
export class KillWebhookRig {
	sandbox!: Sandbox;
	/** The sandbox's clock: the service's retry backoff waits for it. */
	clock!: ManualClock;
	n8n!: N8n;
	gate!: Gate;
	/** The trigger's client (all Security IDs) and a stock operator's. */
	owner!: SandboxClient;
	operator!: SandboxClient;
	credential!: CredentialRef;
	/** The workflow's subscription and the workflow. */
	rec = 0;
	workflowId = '';
	/** Every line n8n printed since the test last emptied it. */
	lines: string[] = [];
	/** Each receipt's delivery-log reference (spec: RecNo:<number>), by its units. */
	private readonly references = new Map<number, string>();

	referenceOf(units: number): string | undefined {
		return this.references.get(units);
	}

	/** One stock receipt of `units` (the event's name in these tests): the service delivers it. */
	async receive(units: number): Promise<void> {
		const item = this.sandbox.store.items.rows.find((i) => !i.discontinued)!;
		const answer = await this.operator.post<IDataObject>('/Inventory/Receive', {
			itemID: item.shortID,
			wID: 1,
			units,
			remark: `kill-${units}`,
		});
		expect(answer.status).toBe(201);
		this.references.set(units, `RecNo:${String(answer.body.recNo)}`);
	}

	/** The subscription's delivery log. */
	async log(): Promise<LogEntry[]> {
		const path = `/Webhook/${this.rec}/log`;
		return (await this.owner.get<Page<LogEntry>>(path, { pageSize: 250 })).body.value;
	}

	/** Lets the service's retries run (their backoff is on the test's clock) until none is pending or in flight. */
	async settle(timeoutMs: number): Promise<void> {
		await until(
			'the service delivered everything it owes',
			async () => {
				this.clock.advance(5_000);
				await this.sandbox.webhooks.idle();
				return this.sandbox.webhooks.pendingRetries() === 0;
			},
			timeoutMs,
		);
	}

	/**
	 * How many checks of subscription `rec` (the workflow's by default) have begun so far: each reads it first
	 * (ensureSubscription, GET /Webhook/<rec>).
	 */
	checks(rec = this.rec): number {
		const path = `/Webhook/${rec}`;
		return this.sandbox.requests.filter(
			(r) =>
				r.endpointId === 'webhook.get' && r.clientId === CLIENT.clientId && r.path.endsWith(path),
		).length;
	}

	/**
	 * How many times subscription `rec`'s delivery log has been read: each check reads it (catch-up), after
	 * reading the subscription; n8n's activation hooks do not. The test's own log() counts too.
	 */
	logReads(rec = this.rec): number {
		return this.sandbox.requests.filter((r) => r.path.endsWith(`/Webhook/${rec}/log`)).length;
	}

	/**
	 * After a start: waits for the first check (its log read; `reads`: logReads(rec) before the start), then
	 * for the next check to begin. Whatever the first check emitted has started by then: a check emits as it
	 * ends, and checks are a minute apart. Counting reads of the subscription alone would not do: activation
	 * reads it too (checkExists).
	 */
	async pastTheFirstCheck(reads: number, rec = this.rec): Promise<void> {
		await until('the first check after the start', () => this.logReads(rec) > reads, 4 * MINUTE);
		const checked = this.checks(rec);
		await until('the next check', () => this.checks(rec) > checked, 3 * MINUTE);
	}

	/** The units of the events checks recovered, from the trigger's items in saved executions. */
	async recoveredUnits(): Promise<number[]> {
		const units: number[] = [];
		for (const summary of await this.n8n.executions(this.workflowId)) {
			if (summary.status !== 'success') continue;
			for (const item of N8n.output(await this.n8n.execution(summary.id), TRIGGER))
				if (item.json.recovered === true) units.push(Number((item.json.data as IDataObject).units));
		}
		return units.sort((a, b) => a - b);
	}
}

/**
 * Starts the rig before the file's tests and starts each test with the service's clock at n8n's (registers
 * beforeAll, beforeEach and afterAll); `env`: n8n's extra settings.
 */
export function killWebhookRig(env: Record<string, string> = {}): KillWebhookRig {
	const rig = new KillWebhookRig();
	beforeAll(async () => {
		const n8nDir = await ensureN8n();
		const certificate = await loopbackCertificate();
		rig.clock = new ManualClock(Date.now());
		rig.sandbox = await startSandbox({
			port: 0,
			clock: rig.clock,
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
		rig.gate = new Gate();
		await rig.gate.listen();
		rig.n8n = await startN8n({
			n8nDir,
			certificate,
			extraCa: rig.sandbox.ca,
			onLine: (line) => rig.lines.push(line),
			env,
		});
		rig.credential = await rig.n8n.createCredential(
			'inventoryProApi',
			{
				baseUrl: rig.sandbox.baseUrl,
				clientId: CLIENT.clientId,
				clientSecret: CLIENT.clientSecret,
				ignoreSslIssues: false,
			},
			'Inventory Pro (kill e2e)',
		);
		rig.owner = new SandboxClient(rig.sandbox, CLIENT);
		rig.operator = new SandboxClient(
			rig.sandbox,
			DEMO_CLIENTS.find((c) => c.clientId === 'scoped'),
		);
		const created = await rig.n8n.createWorkflow(
			gatedWorkflow({
				name: 'e2e: killed mid-burst',
				trigger: TRIGGER,
				event: 'inventory.received',
				field: 'units',
				port: rig.gate.port,
			}),
			[rig.credential],
		);
		rig.workflowId = created.id;
		await rig.n8n.activate(created.id);
		const subs = (await rig.owner.get<Page<Subscription>>('/Webhook', { pageSize: 250 })).body
			.value;
		expect(subs).toHaveLength(1);
		rig.rec = Number(subs[0].rec);
	}, 20 * MINUTE);

	// The service's clock is the test's and stands still between advances; a real service's runs with
	// n8n's. Recovery after a kill reads the log by time (docs/triggers.md: clocks within 2 minutes).
	beforeEach(() => rig.clock.advance(Math.max(0, Date.now() - rig.clock.now())));

	afterAll(async () => {
		await rig.n8n?.stop();
		await rig.gate?.close();
		await rig.sandbox?.close();
	}, MINUTE);
	return rig;
}

/**
 * Killed before the answer (n8n has the request, not all of it): the service logs the attempt failed and
 * delivers it again after the restart; it runs once.
 */
export async function killedBeforeTheAnswer(rig: KillWebhookRig, units: number): Promise<void> {
	const { sandbox, gate, n8n } = rig;
	let cut!: () => void;
	const held = new Promise<void>((resolve) => (cut = resolve));
	let uploading = false;
	sandbox.webhooks.holdUploads(async () => {
		uploading = true;
		await held;
	});
	await rig.receive(units);
	await until('the upload held before its last byte', () => uploading, MINUTE);
	await n8n.kill();
	sandbox.webhooks.holdUploads(undefined);
	cut();
	await sandbox.webhooks.idle();
	const first = (await rig.log()).filter((entry) => entry.reference === rig.referenceOf(units));
	expect(first.map((entry) => entry.success)).toEqual([false]);
	await n8n.resume();
	await rig.settle(5 * MINUTE);
	await until('it ran', () => gate.count('done', units) === 1, 3 * MINUTE);
	await sleep(1000);
	expect([gate.count('start', units), gate.count('done', units)]).toEqual([1, 1]);
}

/** A burst of deliveries and who is where at the kill. */
export interface Burst {
	/** Every event (its units), received one after the other. */
	events: number[];
	/** Run to the end and saved before the kill. */
	saved: number[];
	/** Held at "done" at the kill: its last node's effect happened, n8n had not saved (runs again). */
	afterEffect: number;
	/**
	 * The saved ones end one after the other, each saved before the next ends; otherwise together. n8n 1.x on
	 * its default SQLite (no pool) can write the static data of executions that end together out of order,
	 * and the trigger's memory saved last then lacks some of them (docs/development.md, the compatibility
	 * subset).
	 */
	savedInTurn?: boolean;
}

export const burstTitle = ({ events, saved, afterEffect, savedInTurn }: Burst) =>
	`a burst of ${events.length}: saved ${savedInTurn ? 'in turn' : 'together'} (${saved[0]}–${saved.at(-1)}), mid-run (the others at "start"), after the last node (${afterEffect} at "done"): every event runs; only ${afterEffect} twice; the cut ones come back recovered; each answered at its first attempt`;

/**
 * Every delivery of the burst answered on receipt and held at "start"; then the saved ones run to the end
 * (together, or in turn) and the after-effect one to "done"; SIGKILL, a start. Every event runs, the after-effect one twice, none more
 * (also not at the next checks); the cut ones come back recovered by the first check after the start.
 */
export async function killedInABurst(rig: KillWebhookRig, burst: Burst): Promise<void> {
	const { gate, n8n } = rig;
	const { events, saved, afterEffect } = burst;
	const cut = events.filter((u) => !saved.includes(u));
	const midRun = cut.filter((u) => u !== afterEffect);
	const successes = async () =>
		(await n8n.executions(rig.workflowId)).filter((e) => e.status === 'success').length;
	// Executions saved before the burst (an earlier test's).
	const before = await successes();
	// Every run waits at "start" until the whole burst is in n8n; then the saved ones and the after-effect one
	// go on, that one to wait at "done".
	gate.holds = (step, units) => step === 'start' || units === afterEffect;
	for (const units of events) await rig.receive(units);
	await until(
		`all ${events.length} runs at "start"`,
		() => gate.heldNow('start').length === events.length,
		5 * MINUTE,
	);
	// Answered on receipt: every delivery acknowledged, the service owes nothing.
	const ofBurst = (entries: LogEntry[]) =>
		entries.filter((entry) => events.some((u) => rig.referenceOf(u) === entry.reference));
	expect(ofBurst(await rig.log()).filter((entry) => entry.success)).toHaveLength(events.length);
	if (burst.savedInTurn) {
		for (const [i, units] of saved.entries()) {
			gate.release((_, u) => u === units);
			await until(`${units} saved`, async () => (await successes()) === before + i + 1, 5 * MINUTE);
		}
		gate.release((_, u) => u === afterEffect);
	} else gate.release((_, u) => saved.includes(u) || u === afterEffect);
	await until(
		`${saved.join(', ')} saved, ${afterEffect} at "done"`,
		async () =>
			(await successes()) === before + saved.length && gate.heldNow('done').includes(afterEffect),
		5 * MINUTE,
	);
	expect(gate.heldNow('start')).toEqual(midRun);

	await n8n.kill();
	gate.holds = () => false;
	gate.release();
	rig.lines = [];
	await n8n.resume();
	await until(
		'every event ran',
		() => events.every((u) => gate.count('done', u) >= 1),
		5 * MINUTE,
		async () => {
			const statuses = (await n8n.executions(rig.workflowId)).map((e) => e.status);
			return [
				`not run: ${events.filter((u) => gate.count('done', u) === 0).join(', ')}`,
				`executions: ${statuses.join(', ')}`,
				...rig.lines.filter((line) => /Inventory Pro|error|Error/.test(line)).slice(-40),
			].join('\n');
		},
	);
	// Two checks later nothing more ran: whatever the first of them emitted would have started before the
	// second began (a check emits as it ends; checks are a minute apart).
	const checked = rig.checks();
	await until('two more checks', () => rig.checks() >= checked + 2, 4 * MINUTE);
	expect((await n8n.executions(rig.workflowId)).filter((e) => e.status === 'running')).toEqual([]);

	const ranTwice = events.filter((u) => gate.count('done', u) === 2);
	expect({ neverRan: events.filter((u) => gate.count('done', u) === 0), ranTwice }).toEqual({
		neverRan: [],
		ranTwice: [afterEffect],
	});
	expect(Math.max(...events.map((u) => gate.count('done', u)))).toBe(2);
	expect(await rig.recoveredUnits()).toEqual(cut);
	// What the service saw: each delivery answered once, 2xx, at its first attempt.
	expect(ofBurst(await rig.log()).map((entry) => [entry.attempt, entry.success])).toEqual(
		events.map(() => [1, true]),
	);
	process.stdout.write(
		`kill (webhook, n8n ${N8N_VERSION}): ${events.length} answered on receipt; SIGKILL with ${saved.length} saved, ${midRun.length} mid-run and 1 after its last node; all ran, twice: ${ranTwice.join(', ')}\n`,
	);
}
