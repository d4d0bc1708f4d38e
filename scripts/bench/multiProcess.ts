/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// Section 5: several n8n processes (queue-mode workers) export through ONE client at the same time.
// Each process is a child with its own n8n-core, its own credential store (its own token) and its own
// pacer, exactly what separate workers have in common: nothing but the client and the service.
import { fork } from 'child_process';
import { loadavg } from 'os';
import { join } from 'path';

import type { BenchConfig } from './config';
import { tally } from './measure';
import type { StartedSandbox } from './protocol';
import type { SandboxHost } from './sandbox';
import type { ExportRow } from './sections';
import { LIST_ENDPOINT } from './variants';

interface ChildRequest {
	sandbox: StartedSandbox;
	size: number;
	scale: number;
	rateLimitPerMinute: number;
	adaptive: boolean;
}

interface ChildResult {
	startedAt: number;
	endedAt: number;
	distinct: number;
	lost: number;
	duplicated: number;
	error?: string;
}

/** Counted like an export row; `size` is per process (every process exports the whole list). */
export interface MultiRow extends Pick<
	ExportRow,
	| 'size'
	| 'listRequests'
	| 'tokenRequests'
	| 'rateLimited'
	| 'wallMs'
	| 'serviceMinutes'
	| 'lost'
	| 'duplicated'
	| 'percentOfCeiling'
> {
	processes: number;
	adaptive: boolean;
	/** The sandbox's clock factor (1: real time). */
	scale: number;
	/** 1-minute load average when the row finished. */
	load: number;
	failedExports: number;
	/** The burst-aware bound for all the pages of all processes, service ms. */
	tMinMs: number;
	errors: string[];
}

/**
 * The shortest possible export time against a sliding-window limit: `budget` requests may go at once,
 * the next `budget` a window later; within that, `inFlight` requests at a time, each `latencyMs` long.
 * T_min = latency × ceil(P / in-flight) + 60 s × floor((P − 1) / budget).
 */
export function tMin(
	pages: number,
	latencyMs: number,
	inFlight: number,
	budget: number,
	windowMs = 60_000,
): number {
	return latencyMs * Math.ceil(pages / inFlight) + windowMs * Math.floor((pages - 1) / budget);
}

/** `processes` children export `size` records each through one client, started together. */
export async function multiProcessRun(
	config: BenchConfig,
	host: SandboxHost,
	adaptive: boolean,
): Promise<MultiRow> {
	const { multiProcesses: processes, multiSize: size, multiScale: scale } = config;
	const sandbox = await host.start({
		scale,
		rateLimitPerMinute: config.rateLimitPerMinute,
		latencyMs: config.latencyMs,
		items: size,
	});
	const children = Array.from({ length: processes }, () =>
		fork(join(__dirname, 'multiProcess.js'), [], {
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		}),
	);
	try {
		const request: ChildRequest = {
			sandbox,
			size,
			scale,
			rateLimitPerMinute: config.rateLimitPerMinute,
			adaptive,
		};
		// Every child loads n8n-core first and says so; then all start at once.
		await Promise.all(children.map(async (child) => await message(child, request)));
		const results = await Promise.all(
			children.map(async (child) => (await message(child, 'go')) as ChildResult),
		);
		const stats = await host.stats();
		const wallMs =
			Math.max(...results.map((r) => r.endedAt)) - Math.min(...results.map((r) => r.startedAt));
		const serviceMinutes = (wallMs * scale) / 60_000;
		const delivered = results.reduce((sum, r) => sum + r.distinct, 0);
		const pages = processes * Math.ceil(size / config.pageSize);
		return {
			processes,
			adaptive,
			scale,
			load: loadavg()[0],
			size,
			listRequests: stats.requests[LIST_ENDPOINT] ?? 0,
			tokenRequests: stats.requests.token ?? 0,
			rateLimited: stats.rateLimited,
			wallMs,
			serviceMinutes,
			failedExports: results.filter((r) => r.error !== undefined).length,
			lost: results.reduce((sum, r) => sum + r.lost, 0),
			duplicated: results.reduce((sum, r) => sum + r.duplicated, 0),
			percentOfCeiling:
				(100 * delivered) / serviceMinutes / (config.rateLimitPerMinute * config.pageSize),
			tMinMs: tMin(
				pages,
				config.latencyMs,
				processes * config.pagesInFlight,
				config.rateLimitPerMinute,
			),
			errors: results.flatMap((r) => (r.error ? [r.error] : [])),
		};
	} finally {
		for (const child of children) child.kill();
		await host.stop();
	}
}

function message(child: ReturnType<typeof fork>, body: unknown): Promise<unknown> {
	return new Promise((resolve, reject) => {
		child.once('message', resolve);
		child.once('exit', (code) => reject(new Error(`multi-process child exited with ${code}`)));
		child.send(body as object);
	});
}

async function child(request: ChildRequest): Promise<() => Promise<ChildResult>> {
	const { N8nRunner } = await import('./n8n');
	const { OUR_NODE } = await import('./variants');
	if (!request.adaptive) {
		// The comparison: the pacer as it was before it adapted (a 429 neither cuts the budget nor holds the client).
		const { Pacer } = await import('../../nodes/shared/transport/pacer');
		const proto = Pacer.prototype as unknown as { answer: (...args: unknown[]) => void };
		const answer = proto.answer;
		proto.answer = function (this: unknown, ...args: unknown[]) {
			const [state, stamp, bookedAt, ceiling, windowMs, outcome] = args;
			answer.call(
				this,
				state,
				stamp,
				bookedAt,
				ceiling,
				windowMs,
				outcome === 'limited' ? 'failed' : outcome,
				undefined,
			);
		};
	}
	const runner = new N8nRunner();
	const node = OUR_NODE.node({
		runner,
		sandbox: request.sandbox,
		scale: request.scale,
		rateLimitPerMinute: request.rateLimitPerMinute,
		credentialId: 'worker',
	});
	return async () => {
		const startedAt = Date.now();
		const result = await runner.run(node);
		const endedAt = Date.now();
		const got = tally(
			result.items.map((item) => item.json),
			request.size,
			'shortID',
		);
		return {
			startedAt,
			endedAt,
			distinct: got.distinct,
			lost: result.error ? request.size : got.lost,
			duplicated: got.duplicated,
			error: result.error,
		};
	};
}

if (require.main === module) {
	let run: (() => Promise<ChildResult>) | undefined;
	process.on('message', (body: ChildRequest | 'go') => {
		if (body !== 'go') {
			void child(body).then((ready) => {
				run = ready;
				process.send?.('ready');
			});
			return;
		}
		void run!().then((result) => {
			process.send?.(result);
			process.disconnect();
		});
	});
}
