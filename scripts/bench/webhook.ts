/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// Bench section: the webhook trigger against n8n's own Webhook node, in one real n8n (N8N_VERSION; issues 25, 31, 37).
//
// Each side is measured ALONE: deliveries go in blocks, one side per block, the sides taking turns (the
// order rotates every round), 20 in flight within a block. A block ends when its last delivery is answered
// AND the executions it started have finished, so work a side leaves for after its answer is charged to it
// and never to the next block. Sending to both at once (the earlier method, kept as `together` for the
// check that proves this one) makes them share n8n's one event loop: each then gets about half of it and
// they come out equal whatever each delivery costs.
//
// Sides: the trigger with its memory of what ran starting empty, the trigger with its memory full (5,000
// events remembered before the first measured block), and n8n's Webhook node; each workflow ends in a NoOp.
import { execFile } from 'child_process';
import { createHmac } from 'crypto';
import { mkdtemp, readFile, rm, writeFile } from 'fs/promises';
import { cpus, loadavg, tmpdir } from 'os';
import { join } from 'path';
import { promisify } from 'util';

import { InventoryProTrigger } from '../../nodes/InventoryProTrigger/InventoryProTrigger.node';
import { deriveSigningSecret } from '../../nodes/InventoryProTrigger/signature';
import { ALL_SECURITY_IDS, startSandbox } from '../../sandbox';
import {
	ensureN8n,
	httpsCall,
	N8N_VERSION,
	loopbackCertificate,
	startN8n,
	type N8n,
	type WorkflowJson,
} from '../../test/e2e/n8n';
import {
	packRepository,
	REPO_ROOT,
	type PackedPackage,
} from '../../test/e2e/support/community-package';

const run = promisify(execFile);

export const WEBHOOK_HEADING = "## Webhook: the trigger against n8n's Webhook node";

const CLIENT = { clientId: 'bench-webhook', clientSecret: 'bench-webhook-dummy-secret-1' };
const TRIGGER = 'Inventory Pro Trigger';
/** The trigger's memory limit (runOnce.ts SEEN_MAX): "full" is this many events remembered. */
export const MEMORY_FULL = 5000;
/** The trigger's one version. */
const TRIGGER_VERSION = Number(new InventoryProTrigger().description.version);

export type Method = 'alternating' | 'together';

export interface WebhookOptions {
	/** Deliveries to each side (measured; warm-up and the memory fill come on top). */
	deliveries: number;
	/** Deliveries per block (alternating method). */
	block: number;
	concurrency: number;
	method: Method;
	/** Measure the trigger with a full memory too (fills it with MEMORY_FULL deliveries first). */
	full: boolean;
	/** A deliberately slowed trigger: this many ms of CPU added to every webhook() call (the method's check). */
	slowMs: number;
	/** Profiling only: JavaScript appended to the installed trigger's compiled files, keyed by file name. */
	patches?: Record<string, string>;
	/** The trigger node's typeVersion in the bench workflows (default: the node's default version). */
	triggerVersion?: number;
	/** A package tarball to install instead of packing this repository (e.g. an earlier build, to compare). */
	tarball?: string;
	/** The trigger sides (default: memory from empty, and memory full when `full`). */
	triggers?: TriggerSpec[];
	/** n8n settings for this run (environment variables); none: n8n's defaults. */
	env?: Record<string, string>;
}

/** One trigger workflow of the bench. */
export interface TriggerSpec {
	key: string;
	label: string;
	typeVersion?: number;
	/** Its workflow's name (profiling: a patch may look at it). */
	workflowName?: string;
}

export const DEFAULT_OPTIONS: WebhookOptions = {
	deliveries: 1000,
	block: 100,
	concurrency: 20,
	method: 'alternating',
	full: true,
	slowMs: 0,
};

/** One block: a side alone. */
export interface Block {
	sent: number;
	accepted: number;
	/** From the first send to the last answer. */
	answeredMs: number;
	/** From the first send until the block's executions had all finished. */
	doneMs: number;
}

export interface WebhookRow {
	key: string;
	label: string;
	accepted: number;
	sent: number;
	/** Accepted per second, counting each block until its executions finished (what the judgement uses). */
	perSecond: number;
	/** Accepted per second until the last answer (the executions' tail left out). */
	answeredPerSecond: number;
	/** Per-block accepted/s: median, lowest, highest. */
	blockRates: { median: number; min: number; max: number };
	p50: number;
	p99: number;
	blocks: Block[];
}

export interface WebhookResults {
	options: WebhookOptions;
	rows: WebhookRow[];
	/** Load average (1 min) when the measured part started and ended, and the cores. */
	load: { start: number; end: number; cores: number };
	seconds: number;
}

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
export const percentile = (sorted: number[], p: number): number =>
	sorted.length === 0
		? NaN
		: sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const median = (values: number[]) =>
	percentile(
		[...values].sort((a, b) => a - b),
		50,
	);

function workflow(name: string, first: Record<string, unknown>): WorkflowJson {
	const firstName = String(first.name);
	return {
		name,
		nodes: [
			{ ...first, position: [0, 0] } as never,
			{
				name: 'No Operation',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				parameters: {},
				position: [220, 0],
			},
		],
		connections: {
			[firstName]: { main: [[{ node: 'No Operation', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/**
 * The packed package, with `slowMs` of busy CPU put in front of the trigger's webhook() when asked: the
 * variant that proves the method tells unequal costs apart. Only the installed copy is changed.
 */
async function packageFor(settings: WebhookOptions, folder: string): Promise<PackedPackage> {
	const { slowMs } = settings;
	const patches = { ...settings.patches };
	const packed = settings.tarball
		? {
				name: 'n8n-nodes-inventory-pro',
				version: (
					JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }
				).version,
				tarball: settings.tarball,
			}
		: await packRepository(folder);
	if (slowMs > 0)
		patches['InventoryProTrigger.node.js'] = `${patches['InventoryProTrigger.node.js'] ?? ''}
;(() => {
	const proto = exports.InventoryProTrigger.prototype;
	const webhook = proto.webhook;
	proto.webhook = async function () {
		const until = Date.now() + ${slowMs};
		while (Date.now() < until) {}
		return await webhook.call(this);
	};
})();
`;
	if (Object.keys(patches).length === 0) return packed;
	const unpacked = join(folder, 'changed');
	await run('mkdir', ['-p', unpacked]);
	await run('tar', ['-xzf', packed.tarball, '-C', unpacked]);
	for (const [name, patch] of Object.entries(patches)) {
		// A name with a folder is under dist/nodes (shared/…), else the trigger's own file.
		const under = name.includes('/') ? name : join('InventoryProTrigger', name);
		const file = join(unpacked, 'package', 'dist', 'nodes', under);
		await writeFile(file, `${await readFile(file, 'utf8')}\n${patch}`);
	}
	const tarball = join(folder, 'changed.tgz');
	await run('tar', ['-czf', tarball, '-C', unpacked, 'package']);
	return { ...packed, tarball };
}

export interface Side {
	key: string;
	label: string;
	url: string;
	workflowId: string;
	/** Serial numbers for new events: each side's own range, so every delivery is a new event. */
	next: number;
	/** Executions finished so far (the drain waits for this to grow by a block's accepted count). */
	finished: number;
	times: number[];
	statuses: number[];
	blocks: Block[];
}

/** Executions of a workflow that finished, as n8n counts them. */
async function finishedCount(n8n: N8n, workflowId: string): Promise<number> {
	const filter = encodeURIComponent(
		JSON.stringify({ workflowId, status: ['success', 'error', 'crashed', 'canceled'] }),
	);
	const page = await n8n.session.call<{ count: number }>(
		'GET',
		`/rest/executions?filter=${filter}&limit=1`,
	);
	return page.count;
}

/** One n8n with the sides' workflows active, and the ways to send to them. */
export class WebhookBench {
	private constructor(
		readonly n8n: N8n,
		readonly sides: Side[],
		private readonly secrets: Map<string, string>,
		private readonly settings: WebhookOptions,
		private readonly stopAll: () => Promise<void>,
	) {}

	static async start(
		settings: WebhookOptions,
		env: Record<string, string> = {},
	): Promise<WebhookBench> {
		const n8nDir = await ensureN8n((line) => log(line));
		const certificate = await loopbackCertificate();
		const folder = await mkdtemp(join(tmpdir(), 'bench-webhook-'));
		const sandbox = await startSandbox({
			port: 0,
			webhookCa: [certificate.cert],
			rateLimitPerMinute: 1_000_000,
			clients: [{ ...CLIENT, securityIds: ALL_SECURITY_IDS }],
		});
		let n8n: N8n | undefined;
		const stopAll = async () => {
			await n8n?.stop();
			await sandbox.close();
			await rm(folder, { recursive: true, force: true });
		};
		let ready = false;
		try {
			n8n = await startN8n({
				n8nDir,
				certificate,
				extraCa: sandbox.ca,
				packed: await packageFor(settings, folder),
				env: { N8N_LOG_LEVEL: 'warn', ...env },
			});
			const started = n8n;
			const credential = await started.createCredential('inventoryProApi', {
				baseUrl: sandbox.baseUrl,
				...CLIENT,
				ignoreSslIssues: false,
			});
			const secrets = new Map<string, string>();
			const side = (
				key: string,
				label: string,
				url: string,
				workflowId: string,
				base: number,
			): Side => ({
				key,
				label,
				url,
				workflowId,
				next: base,
				finished: 0,
				times: [],
				statuses: [],
				blocks: [],
			});
			const triggerSide = async (spec: TriggerSpec, base: number): Promise<Side> => {
				const created = await started.createWorkflow(
					workflow(spec.workflowName ?? `bench: ${spec.label}`, {
						name: TRIGGER,
						type: 'n8n-nodes-inventory-pro.inventoryProTrigger',
						typeVersion: spec.typeVersion ?? settings.triggerVersion ?? TRIGGER_VERSION,
						parameters: { events: ['inventory.received'], options: { checkInterval: 60 } },
						credentials: { inventoryProApi: { id: credential.id, name: credential.name } },
					}),
					[credential],
				);
				await started.activate(created.id);
				const url = await started.productionWebhookUrl(created, TRIGGER);
				const webhookId = new URL(url).pathname.split('/')[2];
				secrets.set(url, deriveSigningSecret(CLIENT.clientSecret, created.id, webhookId));
				return side(spec.key, spec.label, url, created.id, base);
			};
			const specs: TriggerSpec[] = settings.triggers ?? [
				{
					key: 'trigger',
					label:
						settings.slowMs > 0
							? `Inventory Pro Trigger, slowed by ${settings.slowMs} ms CPU per delivery`
							: 'Inventory Pro Trigger, memory from empty',
				},
				...(settings.full ? [{ key: 'full', label: 'Inventory Pro Trigger, memory full' }] : []),
			];
			const sides: Side[] = [];
			for (const [index, spec] of specs.entries())
				sides.push(await triggerSide(spec, 1_000_000 * (index + 1)));
			const plain = await started.createWorkflow(
				workflow('bench: webhook node', {
					name: 'Webhook',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					webhookId: 'b3c2a1d0-0000-4000-8000-00000000be4c',
					parameters: { httpMethod: 'POST', path: 'bench-plain', responseMode: 'onReceived' },
				}),
			);
			await started.activate(plain.id);
			sides.push(
				side(
					'webhook',
					"n8n's Webhook node",
					`${started.baseUrl}webhook/bench-plain`,
					plain.id,
					9_000_000,
				),
			);
			// n8n skips the expression sandbox for a request only when the start node is its own Webhook
			// node with static parameters (live-webhooks.js webhookPhaseNeedsIsolate); any other webhook
			// node, a community trigger included, gets one. One expression puts the Webhook node there too.
			const withExpression = await started.createWorkflow(
				workflow('bench: webhook node with one expression', {
					name: 'Webhook',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					webhookId: 'b3c2a1d0-0000-4000-8000-00000000be4d',
					parameters: {
						httpMethod: 'POST',
						path: 'bench-expression',
						responseMode: 'onReceived',
						options: { ignoreBots: '={{ false }}' },
					},
				}),
			);
			await started.activate(withExpression.id);
			sides.push(
				side(
					EXPRESSION_KEY,
					"n8n's Webhook node with one expression (Ignore Bots: {{ false }})",
					`${started.baseUrl}webhook/bench-expression`,
					withExpression.id,
					8_000_000,
				),
			);
			ready = true;
			return new WebhookBench(started, sides, secrets, settings, stopAll);
		} finally {
			if (!ready) await stopAll();
		}
	}

	side(key: string): Side | undefined {
		return this.sides.find((s) => s.key === key);
	}

	private async send(target: Side): Promise<{ ms: number; status: number }> {
		const n = target.next++;
		const raw = Buffer.from(
			JSON.stringify({
				event: 'inventory.received',
				data: {
					recNo: n,
					partNo: 1001,
					wID: 1,
					units: n % 1000,
					modified: new Date(Date.UTC(2031, 0, 1) + n).toISOString(),
				},
			}),
		);
		// The Webhook node checks no signature; it gets signed bytes and the same headers all the same.
		const secret = this.secrets.get(target.url) ?? [...this.secrets.values()][0] ?? '';
		const headers = {
			'content-type': 'application/json',
			'x-webhook-event': 'inventory.received',
			'x-webhook-signature': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`,
		};
		const started = performance.now();
		const answer = await httpsCall('POST', target.url, this.n8n.ca, {
			raw,
			headers,
			timeoutMs: 120_000,
		});
		return { ms: performance.now() - started, status: answer.status };
	}

	/** `count` deliveries to one side, `concurrency` in flight; resolves with how many were accepted. */
	async burst(target: Side, count: number, record: boolean): Promise<number> {
		let left = count;
		let accepted = 0;
		const sender = async () => {
			while (left > 0) {
				left--;
				const { ms, status } = await this.send(target);
				if (status === 200) accepted++;
				if (record) {
					target.times.push(ms);
					target.statuses.push(status);
				}
			}
		};
		await Promise.all(Array.from({ length: this.settings.concurrency }, sender));
		return accepted;
	}

	/** Waits until the side's executions caught up with what it accepted. */
	async drain(target: Side, accepted: number): Promise<void> {
		const want = target.finished + accepted;
		const deadline = Date.now() + 300_000;
		let seen = await finishedCount(this.n8n, target.workflowId);
		while (seen < want) {
			if (Date.now() > deadline)
				throw new Error(`${target.label}: ${seen} of ${want} executions finished`);
			await new Promise((resolve) => setTimeout(resolve, 50));
			seen = await finishedCount(this.n8n, target.workflowId);
		}
		target.finished = seen;
	}

	/** One measured block: the side alone, until its answers are in and its executions finished. */
	async block(target: Side, count: number): Promise<void> {
		const from = performance.now();
		const accepted = await this.burst(target, count, true);
		const answeredMs = performance.now() - from;
		await this.drain(target, accepted);
		target.blocks.push({ sent: count, accepted, answeredMs, doneMs: performance.now() - from });
	}

	/** Unmeasured: a few deliveries to every side, then the full side's memory filled. */
	async prepare(): Promise<void> {
		log('webhook: warm-up (40 to each side, not measured)');
		for (const target of this.sides) await this.drain(target, await this.burst(target, 40, false));
		const full = this.side('full');
		if (full) {
			log(`webhook: filling the second trigger's memory (${MEMORY_FULL} deliveries, not measured)`);
			await this.drain(full, await this.burst(full, MEMORY_FULL, false));
		}
	}

	async close(): Promise<void> {
		await this.stopAll();
	}
}

export async function webhookSection(
	options: Partial<WebhookOptions> = {},
): Promise<WebhookResults> {
	const settings = { ...DEFAULT_OPTIONS, ...options };
	const began = Date.now();
	const bench = await WebhookBench.start(settings, settings.env);
	try {
		await bench.prepare();
		const { sides } = bench;
		const loadAtStart = loadavg()[0];
		if (settings.method === 'together') {
			log(
				`webhook: ${settings.deliveries} deliveries to each side, ${settings.concurrency} in flight to each, all sides at once`,
			);
			const from = performance.now();
			await Promise.all(
				sides.map(async (target) => {
					const accepted = await bench.burst(target, settings.deliveries, true);
					const answeredMs = performance.now() - from;
					await bench.drain(target, accepted);
					target.blocks.push({
						sent: settings.deliveries,
						accepted,
						answeredMs,
						doneMs: performance.now() - from,
					});
				}),
			);
		} else {
			const rounds = Math.ceil(settings.deliveries / settings.block);
			log(
				`webhook: ${rounds} rounds of one block of ${settings.block} per side, each side alone, ${settings.concurrency} in flight`,
			);
			for (let round = 0; round < rounds; round++) {
				const count = Math.min(settings.block, settings.deliveries - round * settings.block);
				for (let i = 0; i < sides.length; i++)
					await bench.block(sides[(round + i) % sides.length], count);
				if ((round + 1) % 2 === 0 || round === rounds - 1)
					log(
						`   round ${round + 1}/${rounds}: ${sides
							.map((s) => {
								const b = s.blocks.at(-1)!;
								return `${s.key} ${((1000 * b.accepted) / b.doneMs).toFixed(1)}/s`;
							})
							.join(', ')}`,
					);
			}
		}
		const rows = sides.map(summarise);
		for (const row of rows)
			log(
				`   ${row.label}: ${row.accepted}/${row.sent}, ${row.perSecond.toFixed(1)}/s (answers ${row.answeredPerSecond.toFixed(1)}/s; blocks ${row.blockRates.min.toFixed(1)}–${row.blockRates.max.toFixed(1)}), p50 ${row.p50.toFixed(0)} ms, p99 ${row.p99.toFixed(0)} ms`,
			);
		return {
			options: settings,
			rows,
			load: { start: loadAtStart, end: loadavg()[0], cores: cpus().length },
			seconds: (Date.now() - began) / 1000,
		};
	} finally {
		await bench.close();
	}
}

function summarise(side: Side): WebhookRow {
	const sorted = [...side.times].sort((a, b) => a - b);
	const accepted = side.blocks.reduce((sum, b) => sum + b.accepted, 0);
	const doneMs = side.blocks.reduce((sum, b) => sum + b.doneMs, 0);
	const answeredMs = side.blocks.reduce((sum, b) => sum + b.answeredMs, 0);
	const rates = side.blocks.map((b) => (1000 * b.accepted) / b.doneMs);
	return {
		key: side.key,
		label: side.label,
		accepted,
		sent: side.statuses.length,
		perSecond: (1000 * accepted) / doneMs,
		answeredPerSecond: (1000 * accepted) / answeredMs,
		blockRates: { median: median(rates), min: Math.min(...rates), max: Math.max(...rates) },
		p50: percentile(sorted, 50),
		p99: percentile(sorted, 99),
		blocks: side.blocks,
	};
}

/** The Webhook node side that pays n8n's per-request expression sandbox, as every other webhook node does. */
const EXPRESSION_KEY = 'webhookExpression';

/**
 * Each trigger row against the Webhook node: accepted/s and p99 ratios, judged against issue 43's targets;
 * and the same ratios against the Webhook node with one expression (`alike`).
 */
export function ratios(results: WebhookResults): Array<{
	row: WebhookRow;
	rate: number;
	blockRate: number;
	p99: number;
	met: boolean;
	alike?: { rate: number; p99: number; met: boolean };
}> {
	const plain = results.rows.find((row) => row.key === 'webhook')!;
	const expression = results.rows.find((row) => row.key === EXPRESSION_KEY);
	const against = (row: WebhookRow, base: WebhookRow) => {
		const rate = row.perSecond / base.perSecond;
		const p99 = row.p99 / base.p99;
		return { rate, p99, met: rate >= 1.0 && p99 <= 1.2 };
	};
	return results.rows
		.filter((row) => row !== plain && row !== expression)
		.map((row) => ({
			row,
			...against(row, plain),
			blockRate: row.blockRates.median / plain.blockRates.median,
			alike: expression === undefined ? undefined : against(row, expression),
		}));
}

/**
 * What `npm run bench` measures: with n8n's defaults, with lazy expression sandboxes, and with n8n's legacy
 * expression engine (no V8 isolates). With the defaults n8n gives every request to a webhook node other than
 * its own Webhook node with static parameters an expression sandbox of its own (live-webhooks.js
 * webhookPhaseNeedsIsolate), which the Webhook node with one expression pays too; the other two runs show
 * the trigger without it.
 */
export const BENCH_RUNS: Array<Partial<WebhookOptions>> = [
	{ full: true },
	// n8n 2.x's own setting: a request takes an expression sandbox only when an expression needs one.
	{ full: true, env: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' } },
	{ full: true, env: { N8N_EXPRESSION_ENGINE: 'legacy' } },
];

export async function webhookRuns(
	runs: Array<Partial<WebhookOptions>> = BENCH_RUNS,
): Promise<WebhookResults[]> {
	const all: WebhookResults[] = [];
	for (const run of runs) all.push(await webhookSection(run));
	return all;
}

/** What a run's n8n settings were, in words. */
export function settingsOf(options: WebhookOptions): string {
	const env = Object.entries(options.env ?? {});
	return env.length === 0
		? "n8n's default settings"
		: `n8n with ${env.map(([name, value]) => `\`${name}=${value}\``).join(', ')}`;
}

/** One run's table and ratios. */
function runMarkdown(results: WebhookResults): string[] {
	const ms = (value: number) => `${value.toFixed(0)} ms`;
	return [
		`### ${settingsOf(results.options)}`,
		'',
		`${results.options.deliveries} deliveries to each side, ${results.options.method === 'alternating' ? `each side alone in blocks of ${results.options.block}` : 'all sides at once'}, ${results.options.concurrency} in flight. Load average (1 min) ${results.load.start.toFixed(1)} at the start, ${results.load.end.toFixed(1)} at the end, on ${results.load.cores} cores; ${(results.seconds / 60).toFixed(1)} min in all.`,
		'',
		'| | accepted | accepted/s | per block: median (lowest–highest) | answers/s | p50 | p99 |',
		'|---|---|---|---|---|---|---|',
		...results.rows.map(
			(row) =>
				`| ${row.label} | ${row.accepted} of ${row.sent} | ${row.perSecond.toFixed(1)} | ${row.blockRates.median.toFixed(1)} (${row.blockRates.min.toFixed(1)}–${row.blockRates.max.toFixed(1)}) | ${row.answeredPerSecond.toFixed(1)} | ${ms(row.p50)} | ${ms(row.p99)} |`,
		),
		'',
		...ratios(results).map(
			(r) =>
				`- ${r.row.label}: accepted/s ${r.rate.toFixed(2)} × the Webhook node's (medians of the blocks: ${r.blockRate.toFixed(2)} ×; target ≥ 1.0 ×), p99 ${r.p99.toFixed(2)} × (target ≤ 1.2 ×): ${r.met ? 'met' : '**missed**'}.${r.alike === undefined ? '' : ` Against the Webhook node with one expression: accepted/s ${r.alike.rate.toFixed(2)} ×, p99 ${r.alike.p99.toFixed(2)} × (${r.alike.met ? 'within' : 'outside'} the same targets).`}`,
		),
		'',
	];
}

/** The section's markdown: how it was measured, then each run's table and the ratios issue 43 sets targets for. */
export function webhookMarkdown(runs: WebhookResults[]): string {
	return [
		WEBHOOK_HEADING,
		'',
		`One real n8n ${N8N_VERSION} (one main process, SQLite), every workflow active in it and ending in a NoOp; signed deliveries,`,
		'every one a new event, over HTTPS on loopback with a new connection each. Each side is measured alone: blocks of',
		'deliveries, one side per block, the sides taking turns (the order rotates every round); a block lasts until its last',
		'answer and until the executions it started have finished, and accepted/s counts that whole time ("answers/s" stops',
		`at the last answer). The trigger is at its one version, ${TRIGGER_VERSION}, and answers on receipt, as n8n's Webhook`,
		'node does (issue 43), so both p99s measure the same moment. The memory-full trigger remembered 5,000 events',
		`before its first measured block. \`N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true\` is an n8n ${N8N_VERSION} setting`,
		'(default false) with which a request takes an expression sandbox only when an expression needs one. Written by',
		'`npm run bench` (this section alone: `node .build/scripts/bench/webhookOnly.js --write`).',
		'',
		...runs.flatMap(runMarkdown),
	].join('\n');
}
