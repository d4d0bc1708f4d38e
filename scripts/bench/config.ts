/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// Benchmark settings; environment variables override them (BENCH_SCALE=20 npm run bench).

export interface BenchConfig {
	/** ScaledClock factor: one service minute lasts 60/scale real seconds. */
	scale: number;
	/** Per-request latency of the sandbox, service milliseconds. */
	latencyMs: number;
	/** The service's limit (spec, Limits), requests per service minute. */
	rateLimitPerMinute: number;
	/** Section 1: exports compared side by side. */
	exportSizes: number[];
	/** Section 2: export size and repetitions of the CPU comparison. */
	cpuSize: number;
	cpuRepeats: number;
	/** Section 4: export sizes of the growth curve. */
	growthSizes: number[];
	pageSize: number;
	/** The credential's Pages in Flight (its default). */
	pagesInFlight: number;
	/** Section 5: processes sharing one client, and the records each exports. */
	multiProcesses: number;
	multiSize: number;
	/** Section 5's clock: 1 = real time (about 4 min per row), so client CPU is not multiplied into service time. */
	multiScale: number;
	/** Section 6: export sizes in real time (scale 1); the smallest also warm (token stored) and with 1 page in flight. */
	realTimeSizes: number[];
}

function number(name: string, fallback: number): number {
	const raw = process.env[name];
	if (raw === undefined || raw === '') return fallback;
	const value = Number(raw);
	if (!Number.isFinite(value) || value <= 0)
		throw new Error(`${name} must be a positive number, got "${raw}"`);
	return value;
}

function numbers(name: string, fallback: number[]): number[] {
	const raw = process.env[name];
	if (raw === undefined || raw === '') return fallback;
	return raw.split(',').map((part) => {
		const value = Number(part.trim());
		if (!Number.isInteger(value) || value <= 0)
			throw new Error(`${name} must list positive integers, got "${raw}"`);
		return value;
	});
}

export function loadConfig(): BenchConfig {
	return {
		scale: number('BENCH_SCALE', 10),
		latencyMs: number('BENCH_LATENCY_MS', 100),
		rateLimitPerMinute: 100,
		exportSizes: numbers('BENCH_SIZES', [10_000, 50_000]),
		cpuSize: number('BENCH_CPU_SIZE', 50_000),
		cpuRepeats: number('BENCH_CPU_REPEATS', 7),
		growthSizes: numbers('BENCH_GROWTH_SIZES', [1_000, 10_000, 50_000]),
		pageSize: 250,
		pagesInFlight: 4,
		multiProcesses: number('BENCH_MULTI_PROCESSES', 4),
		multiSize: number('BENCH_MULTI_SIZE', 25_000),
		multiScale: number('BENCH_MULTI_SCALE', 1),
		realTimeSizes: numbers('BENCH_REAL_TIME_SIZES', [10_000, 50_000]),
	};
}
