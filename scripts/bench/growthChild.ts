/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// One export in a fresh process, so its peak memory is its own (section 4, how cost grows).
import { fork } from 'child_process';
import { join } from 'path';
import { PerformanceObserver } from 'perf_hooks';
import { inspect } from 'util';

import { measure, median, settle } from './measure';
import type { RunResult } from './n8n';
import type { StartedSandbox } from './protocol';

export interface GrowthRequest {
	sandbox: StartedSandbox;
	size: number;
	scale: number;
	rateLimitPerMinute: number;
}

export interface GrowthResult {
	size: number;
	records: number;
	runs: number;
	/** Lowest over the runs. */
	wallMs: number;
	cpuMs: number;
	/** Garbage collection pauses per run (median), from perf_hooks. */
	gcMs: number;
	/** Highest resident set seen during the runs, and its rise over the settled process before them. */
	peakRss: number;
	rssGrowth: number;
	/** Heap still in use after a full collection while the workflow holds the output: what N records cost to keep. */
	retainedHeap: number;
	error?: string;
}

/** Runs one export in a child process and returns what it measured. */
export async function growthRun(request: GrowthRequest): Promise<GrowthResult> {
	const child = fork(join(__dirname, 'growthChild.js'), [], {
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	return await new Promise<GrowthResult>((resolve, reject) => {
		child.once('message', (result: GrowthResult) => {
			child.disconnect();
			resolve(result);
		});
		child.once('exit', (code) => reject(new Error(`growth child exited with ${code}`)));
		child.send(request);
	});
}

const RUNS = 3;

async function main(request: GrowthRequest): Promise<GrowthResult> {
	// Loaded here, not at the top, so the parent process does not load n8n twice.
	const { N8nRunner } = await import('./n8n');
	const { OUR_NODE } = await import('./variants');
	let gcMs = 0;
	new PerformanceObserver((list) => {
		for (const entry of list.getEntries()) gcMs += entry.duration;
	}).observe({ entryTypes: ['gc'] });

	const runner = new N8nRunner();
	const ctx = {
		runner,
		sandbox: request.sandbox,
		scale: request.scale,
		rateLimitPerMinute: request.rateLimitPerMinute,
	};
	const run = async () => await runner.run(OUR_NODE.node({ ...ctx, credentialId: 'growth' }));
	// A warm-up run (token, JIT, module caches) keeps one-time costs out of the measured ones.
	const warmError = (await run()).error;
	if (warmError) return { ...empty(request.size), error: warmError };

	// The output of the last run, held as the next node would hold it; the only reference to it, so
	// clearing it before a measurement really frees it.
	const holder: { output?: RunResult } = {};
	const once = async () => {
		const measured = await measure(run);
		holder.output = measured.value;
		const { wallMs, cpuMs, peakRss } = measured;
		return {
			wallMs,
			cpuMs,
			peakRss,
			error: measured.value.error,
			records: measured.value.items.length,
		};
	};

	const before = await settle();
	const samples: Array<{ wallMs: number; cpuMs: number; gcMs: number }> = [];
	let peakRss = before.rss;
	let retainedHeap = 0;
	let records = 0;
	for (let i = 0; i < RUNS; i++) {
		holder.output = undefined;
		const base = await settle();
		gcMs = 0;
		// No local may reference the output: the next iteration's baseline must not include it.
		const { wallMs, cpuMs, peakRss: peak, error, records: count } = await once();
		if (error) return { ...empty(request.size), error };
		samples.push({ wallMs, cpuMs, gcMs });
		peakRss = Math.max(peakRss, peak);
		records = count;
		retainedHeap = (await settle()).heapUsed - base.heapUsed;
	}
	holder.output = undefined;
	return {
		size: request.size,
		records,
		runs: samples.length,
		// Best of the runs: other work on a shared machine only ever adds time.
		wallMs: Math.min(...samples.map((s) => s.wallMs)),
		cpuMs: Math.min(...samples.map((s) => s.cpuMs)),
		gcMs: median(samples.map((s) => s.gcMs)),
		peakRss,
		rssGrowth: peakRss - before.rss,
		retainedHeap,
	};
}

function empty(size: number): GrowthResult {
	return {
		size,
		records: 0,
		runs: 0,
		wallMs: 0,
		cpuMs: 0,
		gcMs: 0,
		peakRss: 0,
		rssGrowth: 0,
		retainedHeap: 0,
	};
}

if (require.main === module) {
	process.once('message', (request: GrowthRequest) => {
		main(request).then(
			(result) => process.send?.(result),
			(error: unknown) => {
				process.stderr.write(`${inspect(error)}\n`);
				process.exit(1);
			},
		);
	});
}
