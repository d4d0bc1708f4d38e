/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// Small measuring tools: wall time, CPU time, and peak memory sampled while a run is under way.
import { setFlagsFromString } from 'v8';
import { runInNewContext } from 'vm';

// A full collection on demand without starting node with --expose-gc (npm run bench is plain `node`).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * Lets n8n-core drop what it holds of the previous run (it does so on a later tick), then collects, so
 * one run's garbage is not collected, and counted, during the next run's measurement.
 */
export async function settle(): Promise<NodeJS.MemoryUsage> {
	await new Promise((resolve) => setTimeout(resolve, 200));
	gc();
	const usage = process.memoryUsage();
	// perf_hooks reports the forced collection on a later tick: let it arrive before anything counts again.
	await new Promise((resolve) => setTimeout(resolve, 20));
	return usage;
}

export interface Measured<T> {
	value: T;
	wallMs: number;
	/** User + system CPU of this process, milliseconds. */
	cpuMs: number;
	peakRss: number;
	peakHeap: number;
	baseRss: number;
	baseHeap: number;
}

export async function measure<T>(fn: () => Promise<T>, sampleEveryMs = 5): Promise<Measured<T>> {
	const base = process.memoryUsage();
	let peakRss = base.rss;
	let peakHeap = base.heapUsed;
	const sample = () => {
		const now = process.memoryUsage();
		if (now.rss > peakRss) peakRss = now.rss;
		if (now.heapUsed > peakHeap) peakHeap = now.heapUsed;
	};
	const timer = setInterval(sample, sampleEveryMs);
	const cpu = process.cpuUsage();
	const start = process.hrtime.bigint();
	try {
		const value = await fn();
		const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
		const used = process.cpuUsage(cpu);
		sample();
		return {
			value,
			wallMs,
			cpuMs: (used.user + used.system) / 1000,
			peakRss,
			peakHeap,
			baseRss: base.rss,
			baseHeap: base.heapUsed,
		};
	} finally {
		clearInterval(timer);
	}
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Records seen once, and how many arrived more than once or not at all. */
export function tally(records: Array<Record<string, unknown>>, expected: number, key: string) {
	const seen = new Set<unknown>();
	for (const record of records) seen.add(record[key]);
	return {
		delivered: records.length,
		distinct: seen.size,
		duplicated: records.length - seen.size,
		lost: Math.max(0, expected - seen.size),
	};
}
