/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// The four measurements of issue 8. Each returns plain numbers; report.ts turns them into the table.
import { loadavg } from 'os';

import type { IDataObject } from 'n8n-workflow';

import { attribute, type Attribution } from './attribution';
import { bareExport, type Connections } from './bareLoop';
import type { BenchConfig } from './config';
import { growthRun, type GrowthResult } from './growthChild';
import { measure, median, settle, tally } from './measure';
import type { N8nRunner } from './n8n';
import { BENCH_CLIENT, type SandboxStats, type SeenRequest } from './protocol';
import type { SandboxHost } from './sandbox';
import { signatureRate, type SignatureResult } from './signature';
import { HTTP_250, LIST_ENDPOINT, LIST_PATH, OUR_NODE, type Variant } from './variants';

/** Records per service minute the limit allows: 100 requests × 250 records. */
export const ceilingPerMinute = (config: BenchConfig) =>
	config.rateLimitPerMinute * config.pageSize;

/** Field that identifies an item record (unique in the seed). */
const RECORD_KEY = 'shortID';

export interface ExportRow {
	variant: Variant;
	size: number;
	/** Run a second time on the same credential and sandbox: n8n had stored the token (no token request). */
	warm?: boolean;
	/** The sandbox's clock factor for this row (1: real time). */
	scale: number;
	/** 1-minute load average when the row finished. */
	load: number;
	listRequests: number;
	tokenRequests: number;
	rateLimited: number;
	wallMs: number;
	/** Wall time in service minutes (ScaledClock time). */
	serviceMinutes: number;
	delivered: number;
	lost: number;
	duplicated: number;
	recordsPerMinute: number;
	percentOfCeiling: number;
	/** More requests than one rate window holds: the limit decides the pace. */
	limitBinds: boolean;
	/** Where the first 429 came from, read from the sandbox's request log. */
	firstLimited?: LimitedDiagnosis;
	error?: string;
}

/** Service milliseconds, counted from the run's first request. */
export interface LimitedDiagnosis {
	/** 1-based number of the list request answered 429. */
	index: number;
	at: number;
	/** 1-based number of the oldest request in the service's window at that moment, and its arrival. */
	blockingIndex: number;
	blockingAt: number;
	/** When that request left the service's window. */
	freeAt: number;
	/** Arrival of the token request, when there was one before the first list request. */
	tokenAt?: number;
}

/** Finds the first 429 of a run and the request whose place in the window it wanted. */
export function diagnoseLimited(
	log: SeenRequest[],
	windowMs = 60_000,
): LimitedDiagnosis | undefined {
	if (log.length === 0) return undefined;
	const t0 = log[0].at;
	const list = log.filter((entry) => entry.endpointId === LIST_ENDPOINT);
	const first = list.findIndex((entry) => entry.status === 429);
	if (first < 0) return undefined;
	const limited = list[first];
	const blockingIndex = list.findIndex(
		(entry) => entry.status !== 429 && entry.at > limited.at - windowMs,
	);
	if (blockingIndex < 0) return undefined;
	const token = log.find((entry) => entry.endpointId === 'token');
	return {
		index: first + 1,
		at: limited.at - t0,
		blockingIndex: blockingIndex + 1,
		blockingAt: list[blockingIndex].at - t0,
		freeAt: list[blockingIndex].at + windowMs - t0,
		tokenAt: token && token.at <= list[0].at ? token.at - t0 : undefined,
	};
}

function records(
	variant: Variant,
	items: Array<{ json: IDataObject }>,
): Array<Record<string, unknown>> {
	if (!variant.envelopes) return items.map((item) => item.json);
	// The HTTP Request node outputs one item per page envelope: flatten `value`.
	return items.flatMap((item) =>
		Array.isArray(item.json.value) ? (item.json.value as Array<Record<string, unknown>>) : [],
	);
}

const count = (stats: SandboxStats, id: string) => stats.requests[id] ?? 0;

/**
 * Section 1 (and 6): one export of `size` items by `variant` against a fresh, rate-limited sandbox. `warm`
 * runs it once unmeasured first on the same sandbox and credential, so the measured run finds the token n8n
 * stored (the window then already holds the first run's requests: only for exports below one window).
 */
export async function exportRun(
	config: BenchConfig,
	host: SandboxHost,
	runner: N8nRunner,
	variant: Variant,
	size: number,
	warm = false,
): Promise<ExportRow> {
	const sandbox = await host.start({
		scale: config.scale,
		rateLimitPerMinute: config.rateLimitPerMinute,
		latencyMs: config.latencyMs,
		items: size,
	});
	const node = variant.node({
		runner,
		sandbox,
		scale: config.scale,
		rateLimitPerMinute: config.rateLimitPerMinute,
		credentialId: `${variant.key}-${size}-s${config.scale}${warm ? '-warm' : ''}`,
	});
	if (warm) {
		const first = await runner.run(node);
		if (first.error)
			throw new Error(`the unmeasured first run of ${variant.label} failed: ${first.error}`);
	}
	const before = await host.stats();
	const logBefore = (await host.requests()).length;
	await settle();
	const measured = await measure(async () => await runner.run(node), 50);
	const after = await host.stats();
	const log = (await host.requests()).slice(logBefore);
	await host.stop();

	const got = tally(records(variant, measured.value.items), size, RECORD_KEY);
	const serviceMinutes = (measured.wallMs * config.scale) / 60_000;
	const failed = measured.value.error !== undefined;
	const recordsPerMinute = failed ? 0 : got.distinct / serviceMinutes;
	const pages = Math.ceil(size / config.pageSize);
	return {
		variant,
		size,
		warm,
		scale: config.scale,
		load: loadavg()[0],
		listRequests: count(after, LIST_ENDPOINT) - count(before, LIST_ENDPOINT),
		tokenRequests: count(after, 'token') - count(before, 'token'),
		rateLimited: after.rateLimited - before.rateLimited,
		wallMs: measured.wallMs,
		serviceMinutes,
		delivered: failed ? 0 : got.delivered,
		lost: failed ? size : got.lost,
		duplicated: failed ? 0 : got.duplicated,
		recordsPerMinute,
		percentOfCeiling: (100 * recordsPerMinute) / ceilingPerMinute(config),
		// POST /Token does not count toward the limit (sandbox/rateLimit.ts).
		limitBinds: pages > config.rateLimitPerMinute,
		firstLimited: diagnoseLimited(log),
		error: measured.value.error,
	};
}

/** The contenders of section 2: three bare loops (baselines) and the two n8n nodes. */
export type CpuKey = Connections | 'ours' | 'http';

export interface CpuRow {
	key: CpuKey;
	label: string;
	/** Lowest of the rounds; medianCpuMs shows the spread. */
	cpuMs: number;
	medianCpuMs: number;
	wallMs: number;
	listRequests: number;
	records: number;
	runs: number;
}

export interface CpuSection {
	rows: CpuRow[];
	/** One more run of our node under the sampling profiler: whose code the CPU went to. */
	ours: Attribution;
}

const BARE_LABELS: Record<Connections, string> = {
	'keep-alive': 'bare https loop, keep-alive',
	reconnect: 'bare https loop, new connection per request (TLS session resumed)',
	'new-agent': 'bare https loop, new agent per request (as n8n-core sends)',
};

/** Section 2: CPU time of our node, the HTTP Request node and bare loops over the same pages, limit not binding. */
export async function cpuComparison(
	config: BenchConfig,
	host: SandboxHost,
	runner: N8nRunner,
): Promise<CpuSection> {
	const sandbox = await host.start({
		scale: config.scale,
		// Far above anything a loop can send: the comparison is about client work, not waiting.
		rateLimitPerMinute: 1_000_000,
		latencyMs: config.latencyMs,
		items: config.cpuSize,
	});
	const ctx = { runner, sandbox, scale: config.scale, rateLimitPerMinute: 1_000_000 };
	const bare = (connections: Connections) => ({
		key: connections,
		label: BARE_LABELS[connections],
		run: async () =>
			(
				await bareExport({
					...sandbox,
					...BENCH_CLIENT,
					path: LIST_PATH,
					pageSize: config.pageSize,
					connections,
				})
			).records.length,
	});
	const runOurs = async () => {
		const result = await runner.run(OUR_NODE.node({ ...ctx, credentialId: 'cpu-ours' }));
		if (result.error) throw new Error(`our node failed in the CPU comparison: ${result.error}`);
		return result.items.length;
	};
	const contenders: Array<{ key: CpuKey; label: string; run: () => Promise<number> }> = [
		bare('keep-alive'),
		{ key: 'ours', label: OUR_NODE.label, run: runOurs },
		bare('reconnect'),
		bare('new-agent'),
		{
			key: 'http',
			label: HTTP_250.label,
			run: async () => {
				const result = await runner.run(HTTP_250.node({ ...ctx, credentialId: 'cpu-http' }));
				if (result.error)
					throw new Error(`HTTP Request failed in the CPU comparison: ${result.error}`);
				return records(HTTP_250, result.items).length;
			},
		},
	];
	// One untimed round warms JIT, TLS session caches and tokens for everyone.
	for (const contender of contenders) await contender.run();
	const samples = contenders.map(
		() => [] as Array<{ cpuMs: number; wallMs: number; records: number; requests: number }>,
	);
	for (let round = 0; round < config.cpuRepeats; round++) {
		for (const [i, contender] of contenders.entries()) {
			const before = count(await host.stats(), LIST_ENDPOINT);
			await settle();
			const measured = await measure(contender.run, 1000);
			const after = count(await host.stats(), LIST_ENDPOINT);
			samples[i].push({
				cpuMs: measured.cpuMs,
				wallMs: measured.wallMs,
				records: measured.value,
				requests: after - before,
			});
		}
	}
	await settle();
	const ours = await attribute(runOurs);
	await host.stop();
	const rows = contenders.map((contender, i) => ({
		key: contender.key,
		label: contender.label,
		// The least disturbed round: other processes on a shared machine only ever add CPU time.
		cpuMs: Math.min(...samples[i].map((s) => s.cpuMs)),
		medianCpuMs: median(samples[i].map((s) => s.cpuMs)),
		wallMs: median(samples[i].map((s) => s.wallMs)),
		listRequests: median(samples[i].map((s) => s.requests)),
		records: median(samples[i].map((s) => s.records)),
		runs: samples[i].length,
	}));
	return { rows, ours };
}

/** Section 3. */
export function signatureSection(): SignatureResult {
	return signatureRate();
}

/** Section 4: our export at growing sizes, each in its own process for a clean memory peak, limit not binding. */
export async function growth(config: BenchConfig, host: SandboxHost): Promise<GrowthResult[]> {
	const results: GrowthResult[] = [];
	for (const size of config.growthSizes) {
		const sandbox = await host.start({
			scale: config.scale,
			rateLimitPerMinute: 1_000_000,
			latencyMs: config.latencyMs,
			items: size,
		});
		results.push(
			await growthRun({ sandbox, size, scale: config.scale, rateLimitPerMinute: 1_000_000 }),
		);
		await host.stop();
	}
	return results;
}
