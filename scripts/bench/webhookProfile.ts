/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// Where a delivery's time goes in a real n8n 2.40.7 (issue 31, req. 5):
// `node .build/scripts/bench/webhookProfile.js [deliveries] [--full] [--slow MS] [--env NAME=VALUE] [--tarball FILE]`
// `node .build/scripts/bench/webhookProfile.js --compare [deliveries] [--env NAME=VALUE] [--tarball FILE]`
//
// One n8n as the webhook bench starts it, with V8's inspector open on loopback. For each side alone (the
// trigger, then n8n's Webhook node; the memory-full trigger too with --full) it sends `deliveries` signed
// deliveries at 20 in flight under the sampling profiler and waits for their executions, then prints:
// - n8n's whole process CPU per delivery (/proc: main thread, SQLite's threads, the task runner), the
//   figure that decides throughput on a busy machine;
// - the main thread's CPU per delivery by owner of the code (our trigger, n8n's webhook and execution
//   services, the database layer, JSON, TLS, GC …);
// - CPU per delivery spent under named functions (the credential read, static data saves, the trigger's
//   memory bookkeeping, n8n's execution start), counting a sample once however deep the frame is.
import { readdirSync, readFileSync, writeFileSync } from 'fs';
import { loadavg } from 'os';

import { DEFAULT_OPTIONS, WebhookBench, type Side } from './webhook';

interface CallFrame {
	functionName: string;
	url: string;
	lineNumber: number;
}
interface ProfileNode {
	id: number;
	callFrame: CallFrame;
	children?: number[];
}
interface Profile {
	nodes: ProfileNode[];
	samples?: number[];
	timeDeltas?: number[];
}

const log = (message: string) => process.stderr.write(`[profile] ${message}\n`);

/** A minimal Chrome DevTools Protocol client over Node's WebSocket. */
class Inspector {
	private nextId = 1;
	private readonly pending = new Map<number, (result: unknown) => void>();

	private constructor(private readonly socket: WebSocket) {
		socket.addEventListener('message', (event: MessageEvent) => {
			const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
			if (message.id !== undefined) this.pending.get(message.id)?.(message.result);
		});
	}

	/** n8n's main process among those that opened an inspector (the supervisor and the task runner did too). */
	static async connect(n8nLog: string): Promise<Inspector> {
		const ports = [...n8nLog.matchAll(/Debugger listening on ws:\/\/127\.0\.0\.1:(\d+)\//g)].map(
			(m) => m[1],
		);
		for (const port of ports) {
			const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
				webSocketDebuggerUrl: string;
				title: string;
				url: string;
			}>;
			const main = targets.find((t) => /n8n\/bin\/n8n$/.test(t.url));
			log(`inspector on ${port}: ${targets.map((t) => `${t.title} ${t.url}`).join('; ')}`);
			if (main) return await Inspector.open(main.webSocketDebuggerUrl);
		}
		throw new Error(`no inspector of n8n's main process among ports ${ports.join(', ')}`);
	}

	private static async open(url: string): Promise<Inspector> {
		const socket = new WebSocket(url);
		await new Promise((resolve, reject) => {
			socket.addEventListener('open', resolve);
			socket.addEventListener('error', reject);
		});
		return new Inspector(socket);
	}

	async call<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
		const id = this.nextId++;
		const result = new Promise<T>((resolve) =>
			this.pending.set(id, (value) => resolve(value as T)),
		);
		this.socket.send(JSON.stringify({ id, method, params }));
		return await result;
	}

	close(): void {
		this.socket.close();
	}
}

/** Ticks of CPU (user + system) of every process in a process group, from /proc. */
function groupCpuMs(groupId: number): number {
	let ticks = 0;
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			// fields[2] is pgrp; utime and stime are fields 14 and 15 of the whole line (11 and 12 here).
			if (Number(fields[2]) !== groupId) continue;
			ticks += Number(fields[11]) + Number(fields[12]);
		} catch {
			// gone
		}
	}
	return (ticks * 1000) / 100;
}

const OURS = /n8n-nodes-inventory-pro\/dist\//;
/** The owner of a frame's code, by where it lives. */
function ownerOf(frame: CallFrame): string | undefined {
	const { url, functionName } = frame;
	if (!url) {
		if (functionName === 'stringify' || functionName === 'parse') return 'JSON (stringify, parse)';
		return undefined;
	}
	if (OURS.test(url)) return 'our trigger (nodes/InventoryProTrigger, nodes/shared)';
	if (
		/node_modules\/(typeorm|sqlite3|@n8n\/typeorm|@sentry\/|pg)\//.test(url) ||
		url.includes('/@n8n/db/')
	)
		return 'database layer (typeorm, sqlite3, @n8n/db)';
	if (/node_modules\/n8n\/dist\/webhooks\//.test(url))
		return "n8n's webhook handling (n8n/dist/webhooks)";
	if (
		/node_modules\/n8n\/dist\/(executions|execution-lifecycle|workflow-runner|active-executions|concurrency)/.test(
			url,
		)
	)
		return "n8n's execution start and bookkeeping (n8n/dist/executions …)";
	if (/node_modules\/n8n\/dist\//.test(url)) return 'n8n, other (n8n/dist)';
	if (/node_modules\/n8n-core\//.test(url)) return 'n8n-core (contexts, WorkflowExecute)';
	if (/node_modules\/n8n-workflow\//.test(url)) return 'n8n-workflow (Workflow, expressions)';
	if (
		/node_modules\/(express|body-parser|raw-body|router|finalhandler|send|on-finished|iconv-lite|cookie|helmet|compression|type-is|qs)\//.test(
			url,
		)
	)
		return 'express and body parsing';
	if (/node_modules\/@n8n\//.test(url)) return 'n8n, other (@n8n/*)';
	if (/node:(internal\/)?_?tls|node:internal\/tls|node:internal\/crypto/.test(url))
		return 'TLS and crypto';
	if (url.startsWith('node:')) return 'Node HTTP, sockets, streams, timers';
	if (url.includes('node_modules')) return 'other packages';
	return undefined;
}

/** Functions whose time (with everything they call) is summed, counting each sample once. */
const UNDER: Array<{ label: string; match: (frame: CallFrame) => boolean }> = [
	{
		label: 'our webhook() (everything it runs synchronously)',
		match: (f) => f.functionName === 'webhook' && OURS.test(f.url),
	},
	{
		label: 'credential read (getCredentials → decrypt)',
		match: (f) => /getCredentials|_getRunlessCredentials|getDecrypted/.test(f.functionName),
	},
	{
		label: 'static data saves (saveStaticData*)',
		match: (f) => /saveStaticData/.test(f.functionName),
	},
	{
		label: 'our memory of what ran (ranLedger.ts: mark, merge, text)',
		match: (f) => /\/ranLedger\.js$/.test(f.url) && OURS.test(f.url),
	},
	{
		label: 'signature check (signature.ts)',
		match: (f) => /\/signature\.js$/.test(f.url) && OURS.test(f.url),
	},
	{
		label: "n8n's execution start (WorkflowRunner.run / runWorkflow, ExecutionPersistence.create)",
		match: (f) =>
			(f.functionName === 'run' && f.url.includes('workflow-runner')) ||
			(/runMainProcess|runWorkflow|^create$/.test(f.functionName) &&
				/workflow-runner|execution-persistence|workflow-execution.service/.test(f.url)),
	},
	{
		label: 'WorkflowExecute (running the nodes)',
		match: (f) => f.url.includes('workflow-execute.js'),
	},
	{
		label: "n8n's webhook request handling (executeWebhook …)",
		match: (f) => /executeWebhook|handleRequest|findWebhook/.test(f.functionName),
	},
	{ label: 'garbage collection', match: (f) => f.functionName === '(garbage collector)' },
];

function summarise(profile: Profile, deliveries: number) {
	const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
	const parent = new Map<number, number>();
	for (const node of profile.nodes)
		for (const child of node.children ?? []) parent.set(child, node.id);
	const ownerCache = new Map<number, string>();
	const owner = (id: number): string => {
		const known = ownerCache.get(id);
		if (known) return known;
		const node = nodes.get(id)!;
		let result: string;
		if (node.callFrame.functionName === '(garbage collector)') result = 'garbage collection';
		else {
			const up = parent.get(id);
			result = ownerOf(node.callFrame) ?? (up === undefined ? 'other' : owner(up));
		}
		ownerCache.set(id, result);
		return result;
	};
	const byOwner = new Map<string, number>();
	const under = new Map<string, number>();
	const bySelf = new Map<string, number>();
	let busy = 0;
	const samples = profile.samples ?? [];
	const deltas = profile.timeDeltas ?? [];
	for (let i = 0; i < samples.length; i++) {
		const node = nodes.get(samples[i])!;
		const name = node.callFrame.functionName;
		if (name === '(idle)' || name === '(program)' || name === '(root)') continue;
		const us = deltas[i] ?? 0;
		busy += us;
		const who = owner(samples[i]);
		byOwner.set(who, (byOwner.get(who) ?? 0) + us);
		const self = `${name || '(anonymous)'} ${node.callFrame.url.replace(/.*node_modules\//, '')}:${node.callFrame.lineNumber + 1}`;
		bySelf.set(self, (bySelf.get(self) ?? 0) + us);
		const hit = new Set<string>();
		for (let id: number | undefined = samples[i]; id !== undefined; id = parent.get(id)) {
			const frame = nodes.get(id)!.callFrame;
			for (const rule of UNDER) if (!hit.has(rule.label) && rule.match(frame)) hit.add(rule.label);
		}
		for (const label of hit) under.set(label, (under.get(label) ?? 0) + us);
	}
	const per = (us: number) => us / 1000 / deliveries;
	return {
		busyPerDelivery: per(busy),
		owners: [...byOwner]
			.sort((a, b) => b[1] - a[1])
			.map(([k, us]) => [k, per(us), (100 * us) / busy] as const),
		under: UNDER.map((rule) => [rule.label, per(under.get(rule.label) ?? 0)] as const),
		top: [...bySelf]
			.sort((a, b) => b[1] - a[1])
			.slice(0, 25)
			.map(([k, us]) => [k, per(us)] as const),
	};
}

/** --env NAME=VALUE (repeatable): n8n settings for the run, e.g. N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true. */
function envOf(args: string[]): Record<string, string> {
	const env: Record<string, string> = {};
	args.forEach((arg, index) => {
		if (arg !== '--env') return;
		const [name, ...value] = args[index + 1].split('=');
		env[name] = value.join('=');
	});
	return env;
}

/**
 * `--compare`: one n8n, the same build of the trigger two ways beside the Webhook node, in alternating
 * blocks, CPU per delivery from /proc for each block: as built, and without writing static data (a patch,
 * on the workflow named so). The difference is what the static data writes cost, under the same load.
 */
async function compare(args: string[]): Promise<void> {
	const deliveries = Number(args.find((a) => /^\d+$/.test(a)) ?? 400);
	const block = 50;
	const tarballAt = args.indexOf('--tarball');
	const tarball = tarballAt >= 0 ? args[tarballAt + 1] : undefined;
	const patches: Record<string, string> = {
		'shared/ranLedger.js': `
;(() => {
	const { markItems, withoutCarried } = exports;
	exports.markItems = function (context, items, ids, options) {
		if (/no static writes/.test(context.getWorkflow().name ?? '')) return withoutCarried(items);
		return markItems(context, items, ids, options);
	};
})();
`,
	};
	const env = envOf(args);
	const bench = await WebhookBench.start(
		{
			...DEFAULT_OPTIONS,
			full: false,
			patches,
			tarball,
			triggers: [
				{ key: 'trigger', label: 'trigger' },
				{
					key: 'nowrite',
					label: 'trigger, no static data writes',
					workflowName: 'bench: no static writes',
				},
			],
		},
		env,
	);
	try {
		await bench.prepare();
		const cpu = new Map<string, number[]>();
		const rate = new Map<string, number[]>();
		const rounds = Math.ceil(deliveries / block);
		for (let round = 0; round < rounds; round++) {
			for (let i = 0; i < bench.sides.length; i++) {
				const side = bench.sides[(round + i) % bench.sides.length];
				const before = groupCpuMs(bench.n8n.pid);
				await bench.block(side, block);
				const last = side.blocks.at(-1)!;
				cpu.set(side.key, [
					...(cpu.get(side.key) ?? []),
					(groupCpuMs(bench.n8n.pid) - before) / block,
				]);
				rate.set(side.key, [...(rate.get(side.key) ?? []), (1000 * last.accepted) / last.doneMs]);
			}
			log(`round ${round + 1}/${rounds}, load ${loadavg()[0].toFixed(1)}`);
		}
		const median = (values: number[]) =>
			[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
		const plain = median(cpu.get('webhook')!);
		process.stdout.write(
			'\n| side | CPU ms per delivery, median (lowest–highest) | × Webhook node | accepted/s, median |\n|---|---|---|---|\n',
		);
		for (const side of bench.sides) {
			const values = cpu.get(side.key)!;
			process.stdout.write(
				`| ${side.label} | ${median(values).toFixed(1)} (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}) | ${(median(values) / plain).toFixed(2)} | ${median(rate.get(side.key)!).toFixed(1)} |\n`,
			);
		}
	} finally {
		await bench.close();
	}
}

async function main(): Promise<void> {
	const args = process.argv.slice(2);
	if (args.includes('--compare')) return await compare(args);
	const deliveries = Number(args.find((a) => /^\d+$/.test(a)) ?? 500);
	const full = args.includes('--full');
	const slowAt = args.indexOf('--slow');
	const slowMs = slowAt >= 0 ? Number(args[slowAt + 1]) : 0;
	const ablateAt = args.indexOf('--ablate');
	const ablate = ablateAt >= 0 ? args[ablateAt + 1].split(',') : [];
	const patches: Record<string, string> = {};
	// An ablation, to confirm what the profile says: the trigger without its static data writes.
	if (ablate.includes('static'))
		patches['shared/ranLedger.js'] = `
;(() => {
	const { withoutCarried } = exports;
	exports.markItems = function (context, items) {
		return withoutCarried(items);
	};
})();
`;
	const tarballAt = args.indexOf('--tarball');
	const tarball = tarballAt >= 0 ? args[tarballAt + 1] : undefined;
	const bench = await WebhookBench.start(
		{ ...DEFAULT_OPTIONS, full, slowMs, patches, tarball },
		{ ...envOf(args), NODE_OPTIONS: '--inspect=127.0.0.1:0' },
	);
	const inspector = await Inspector.connect(readFileSync(bench.n8n.logPath, 'utf8'));
	try {
		await bench.prepare();
		await inspector.call('Profiler.enable');
		await inspector.call('Profiler.setSamplingInterval', { interval: 250 });
		const measure = async (side: Side) => {
			const cpuBefore = groupCpuMs(bench.n8n.pid);
			const from = performance.now();
			await inspector.call('Profiler.start');
			await bench.block(side, deliveries);
			const { profile } = await inspector.call<{ profile: Profile }>('Profiler.stop');
			const wallMs = performance.now() - from;
			const cpuMs = groupCpuMs(bench.n8n.pid) - cpuBefore;
			// PROFILE_DUMP=/path/prefix keeps each side's profile (open it in Chrome's DevTools).
			if (process.env.PROFILE_DUMP)
				writeFileSync(
					`${process.env.PROFILE_DUMP}-${side.key}.cpuprofile`,
					JSON.stringify(profile),
				);
			const summary = summarise(profile, deliveries);
			const lines = [
				'',
				`### ${side.label}: ${deliveries} deliveries, ${(wallMs / 1000).toFixed(1)} s, ${((1000 * deliveries) / wallMs).toFixed(1)}/s, load ${loadavg()[0].toFixed(1)}`,
				`n8n's processes, all threads: ${(cpuMs / deliveries).toFixed(1)} ms CPU per delivery; main thread busy (profiler): ${summary.busyPerDelivery.toFixed(1)} ms`,
				'',
				'| main thread, by owner of the code | ms per delivery | share |',
				'|---|---:|---:|',
				...summary.owners.map(
					([who, ms, pct]) => `| ${who} | ${ms.toFixed(2)} | ${pct.toFixed(1)} % |`,
				),
				'',
				'| main thread, under | ms per delivery |',
				'|---|---:|',
				...summary.under.map(([label, ms]) => `| ${label} | ${ms.toFixed(2)} |`),
				'',
				'| heaviest functions (self time) | ms per delivery |',
				'|---|---:|',
				...summary.top.map(([fn, ms]) => `| \`${fn}\` | ${ms.toFixed(3)} |`),
			];
			process.stdout.write(`${lines.join('\n')}\n`);
		};
		for (const side of bench.sides) {
			log(`profiling ${side.label}`);
			await measure(side);
		}
	} finally {
		inspector.close();
		await bench.close();
	}
}

main().catch((error: unknown) => {
	process.stderr.write(
		`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
	);
	process.exitCode = 1;
});
