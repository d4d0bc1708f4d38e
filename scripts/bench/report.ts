/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// One markdown table for the whole run, the verdict on each target, and notes on misses.
import { cpus, totalmem, type } from 'os';

import type { BenchConfig } from './config';
import type { GrowthResult } from './growthChild';
import {
	ceilingPerMinute,
	type CpuKey,
	type CpuRow,
	type CpuSection,
	type ExportRow,
} from './sections';
import { tMin, type MultiRow } from './multiProcess';
import type { SignatureResult } from './signature';
import { OUR_NODE, OUR_NODE_ONE_PAGE } from './variants';

export interface BenchResults {
	config: BenchConfig;
	exports: ExportRow[];
	multi: MultiRow[];
	/** Section 6: our node in real time (scale 1), pages in flight against one at a time. */
	realTime: ExportRow[];
	cpu: CpuSection;
	signature: SignatureResult;
	growth: GrowthResult[];
	startedAt: Date;
	totalMs: number;
	/** 1-minute load average when the run started and ended (os.loadavg, as `uptime` shows it). */
	load: { start: number; end: number };
}

export interface Verdict {
	target: string;
	met: boolean;
	detail: string;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const fixed = (n: number, digits = 1) => n.toFixed(digits);
const mb = (bytes: number) => `${fixed(bytes / 1024 / 1024)} MB`;
const seconds = (ms: number) => `${fixed(ms / 1000, 2)} s`;
const mark = (met: boolean) => (met ? 'yes' : '**no**');
const clock = (scale: number) => (scale === 1 ? 'real time' : `scale ${scale}`);

function serviceTime(minutes: number): string {
	const s = minutes * 60;
	return s < 120 ? `${fixed(s, 1)} s` : `${fixed(minutes, 2)} min`;
}

/** T_min of one export of `size` records by our node alone (service ms). */
export function oursTMin(
	config: BenchConfig,
	size: number,
	inFlight = config.pagesInFlight,
): number {
	return tMin(
		Math.ceil(size / config.pageSize),
		config.latencyMs,
		inFlight,
		config.rateLimitPerMinute,
	);
}

/**
 * What a client that spends no time of its own still needs (service ms), which T_min leaves out: the token
 * request when none is stored, page 1 alone (it tells the page count), then the rest `inFlight` at a time;
 * past one window, each further window starts a minute after the request it replaces was answered.
 */
export function clientFloor(
	config: BenchConfig,
	size: number,
	token: boolean,
	inFlight = config.pagesInFlight,
): number {
	const pages = Math.ceil(size / config.pageSize);
	const budget = config.rateLimitPerMinute;
	const firstWindow = Math.min(pages, budget);
	const rounds = (token ? 1 : 0) + 1 + Math.ceil((firstWindow - 1) / inFlight);
	return config.latencyMs * rounds + Math.floor((pages - 1) / budget) * (60_000 + config.latencyMs);
}

/** Section 6's label for a row: cold (token minted in the run) or warm (token stored). */
export const tokenLabel = (row: ExportRow) =>
	row.warm ? 'token stored (warm)' : 'token minted first (cold)';

/** Targets of issues 8 and 14, judged on our node's rows. */
export function verdicts(results: BenchResults): Verdict[] {
	const { config } = results;
	const ours = results.exports.filter((row) => row.variant === OUR_NODE);
	const out: Verdict[] = [];
	for (const row of ours) {
		const pages = Math.ceil(row.size / config.pageSize);
		out.push({
			target: `list requests = ceil(N/250) = ${int(pages)} (N = ${int(row.size)})`,
			met: row.listRequests === pages && !row.error,
			detail: `${int(row.listRequests)} list requests`,
		});
	}
	// T_min is judged in real time (section 6): at scale 10 the client's CPU counts ten times over.
	for (const row of results.realTime.filter((r) => r.variant === OUR_NODE)) {
		const bound = oursTMin(config, row.size);
		const floor = clientFloor(config, row.size, !row.warm);
		out.push({
			target: `≤ 1.15 × T_min (N = ${int(row.size)}, alone, real time, ${tokenLabel(row)}: T_min = ${seconds(bound)})`,
			met: !row.error && row.wallMs <= 1.15 * bound,
			detail: `${seconds(row.wallMs)} = ${fixed(row.wallMs / bound, 2)} × T_min (client floor ${seconds(floor)}: ${fixed(row.wallMs / floor, 2)} ×); load ${fixed(row.load, 2)}`,
		});
	}
	const adaptive = results.multi.find((row) => row.adaptive);
	const fixedBudget = results.multi.find((row) => !row.adaptive);
	if (adaptive) {
		const label = `${adaptive.processes} processes × ${int(adaptive.size)}, one client`;
		out.push({
			target: `≥ 85 % of the ceiling, 0 failed exports, 0 lost or duplicated (${label})`,
			met:
				adaptive.percentOfCeiling >= 85 &&
				adaptive.failedExports === 0 &&
				adaptive.lost === 0 &&
				adaptive.duplicated === 0,
			detail: `${fixed(adaptive.percentOfCeiling)} %, ${adaptive.failedExports} failed, ${int(adaptive.lost)} lost, ${int(adaptive.duplicated)} dup.`,
		});
		if (fixedBudget) {
			out.push({
				target: `fewer 429s than without adaptation (${label})`,
				met: adaptive.rateLimited < fixedBudget.rateLimited,
				detail: `${int(adaptive.rateLimited)} against ${int(fixedBudget.rateLimited)}`,
			});
		}
		out.push({
			target: `≤ 1.15 × T_min (${label}, ${clock(adaptive.scale)}: T_min = ${serviceTime(adaptive.tMinMs / 60_000)})`,
			met: adaptive.serviceMinutes * 60_000 <= 1.15 * adaptive.tMinMs,
			detail:
				`${serviceTime(adaptive.serviceMinutes)} = ${fixed((adaptive.serviceMinutes * 60_000) / adaptive.tMinMs, 2)} × T_min` +
				(fixedBudget
					? ` (without adaptation ${fixed((fixedBudget.serviceMinutes * 60_000) / fixedBudget.tMinMs, 2)} ×)`
					: '') +
				`; load ${fixed(adaptive.load, 2)}`,
		});
	}
	const binding = ours.filter((row) => row.limitBinds);
	for (const row of binding) {
		out.push({
			target: `≥ 95 % of the ceiling when the limit binds (N = ${int(row.size)})`,
			met: row.percentOfCeiling >= 95,
			detail: `${fixed(row.percentOfCeiling)} %`,
		});
	}
	out.push({
		target: '0 self-inflicted 429s',
		met: ours.every((row) => row.rateLimited === 0),
		detail: ours.map((row) => `${int(row.rateLimited)} at N = ${int(row.size)}`).join(', '),
	});
	out.push({
		target: 'no records lost or duplicated',
		met: ours.every((row) => row.lost === 0 && row.duplicated === 0 && !row.error),
		detail: ours
			.map((row) => `${int(row.lost)} lost / ${int(row.duplicated)} dup. at N = ${int(row.size)}`)
			.join(', '),
	});
	const ratio = cpuRatio(results.cpu.rows);
	const likeN8n = cpuRatio(results.cpu.rows, 'new-agent');
	out.push({
		target: 'CPU ≤ 1.2 × a bare loop',
		met: ratio <= 1.2,
		detail:
			`${fixed(ratio, 2)} × the keep-alive loop (medians: ${fixed(medianRatio(results.cpu.rows, 'keep-alive'), 2)} ×); ` +
			`${fixed(likeN8n, 2)} × a loop that opens a new agent per request as n8n-core does ` +
			`(medians: ${fixed(medianRatio(results.cpu.rows, 'new-agent'), 2)} ×)`,
	});
	out.push({
		target: '≥ 100,000 signature verifications/s',
		met: results.signature.perSecond >= 100_000 && results.signature.rejectsTampered,
		detail: `${int(results.signature.perSecond)} /s`,
	});
	const lin = linearity(results.growth);
	out.push({
		target: 'cost grows linearly (cost at the largest size ÷ cost at the middle size ≈ size ratio)',
		met: lin.met,
		detail: lin.detail,
	});
	return out;
}

/** The same from the median rounds: less sensitive to one unusually quiet round of either. */
function medianRatio(rows: CpuRow[], baseline: CpuKey): number {
	const row = rows.find((r) => r.key === 'ours');
	const base = rows.find((r) => r.key === baseline);
	return row && base ? row.medianCpuMs / base.medianCpuMs : Number.NaN;
}

/** CPU of `who` over the bare loop `baseline` (lowest rounds). */
export function cpuRatio(
	rows: CpuRow[],
	baseline: CpuKey = 'keep-alive',
	who: CpuKey = 'ours',
): number {
	const row = rows.find((r) => r.key === who);
	const base = rows.find((r) => r.key === baseline);
	return row && base ? row.cpuMs / base.cpuMs : Number.NaN;
}

/**
 * Compares the two largest sizes: a linear cost grows by the size ratio (within ±30 %). Judged on CPU,
 * wall time and the heap the output keeps; the peak RSS is shown but moves in the heap's growth steps.
 */
export function linearity(rows: GrowthResult[]): { met: boolean; detail: string } {
	const sorted = [...rows].sort((a, b) => a.size - b.size);
	if (sorted.length < 2) return { met: false, detail: 'fewer than two sizes measured' };
	const [a, b] = sorted.slice(-2);
	const expected = b.size / a.size;
	const within = (ratio: number) => ratio >= expected * 0.7 && ratio <= expected * 1.3;
	const cpu = b.cpuMs / a.cpuMs;
	const wall = b.wallMs / a.wallMs;
	const heap = b.retainedHeap / a.retainedHeap;
	return {
		met: within(cpu) && within(wall) && within(heap) && sorted.every((row) => !row.error),
		detail: `size × ${fixed(expected, 1)} → CPU × ${fixed(cpu, 2)}, wall × ${fixed(wall, 2)}, kept heap × ${fixed(heap, 2)}`,
	};
}

function shortError(error: string): string {
	const firstLine = error.split('\n')[0].replace(/\|/g, '/');
	return firstLine.length > 70 ? `${firstLine.slice(0, 67)}…` : firstLine;
}

/** The one table: every measurement of the run, one row each. */
export function table(results: BenchResults): string {
	const { config } = results;
	const ceiling = ceilingPerMinute(config);
	const head = [
		'| Test | Contender | N | List req. | Token req. | 429s | Wall time (service time) | Result | Target | Met |',
		'|---|---|---:|---:|---:|---:|---|---|---|---|',
	];
	const rows: string[] = [];
	for (const row of results.exports) {
		const ours = row.variant === OUR_NODE;
		const pages = Math.ceil(row.size / config.pageSize);
		const outcome = row.error
			? `failed: ${shortError(row.error)}; ${int(row.lost)} of ${int(row.size)} records lost`
			: `${int(row.recordsPerMinute)} rec/min = ${fixed(row.percentOfCeiling)} % of ${int(ceiling)}; ${int(row.lost)} lost, ${int(row.duplicated)} dup.` +
				(ours
					? `; ${fixed((row.serviceMinutes * 60_000) / oursTMin(config, row.size), 2)} × T_min (${serviceTime(oursTMin(config, row.size) / 60_000)}; ` +
						`scaled clock, client CPU × ${config.scale}: judged in section 6)`
					: '') +
				`; load ${fixed(row.load, 2)}`;
		const target = ours
			? `list = ${int(pages)}; 0 × 429${row.limitBinds ? '; ≥ 95 %' : ' (limit not binding)'}`
			: 'comparison';
		const met = ours
			? mark(
					row.listRequests === pages &&
						row.rateLimited === 0 &&
						!row.error &&
						row.lost === 0 &&
						row.duplicated === 0 &&
						(!row.limitBinds || row.percentOfCeiling >= 95),
				)
			: '—';
		rows.push(
			`| 1 Export | ${row.variant.label} | ${int(row.size)} | ${int(row.listRequests)} | ${int(row.tokenRequests)} | ${int(row.rateLimited)} | ${seconds(row.wallMs)} (${serviceTime(row.serviceMinutes)}) | ${outcome} | ${target} | ${met} |`,
		);
	}
	for (const row of results.multi) {
		const took = row.serviceMinutes * 60_000;
		const outcome =
			`${fixed(row.percentOfCeiling)} % of the ceiling (all processes together); ${row.failedExports} of ${row.processes} exports failed; ` +
			`${int(row.lost)} lost, ${int(row.duplicated)} dup.; ${fixed(took / row.tMinMs, 2)} × T_min (${serviceTime(row.tMinMs / 60_000)}); load ${fixed(row.load, 2)}` +
			(row.errors.length ? `; ${shortError(row.errors[0])}` : '');
		rows.push(
			`| 5 Multi-process (${row.processes} processes, one client, ${clock(row.scale)}) | ${OUR_NODE.label}, ${row.adaptive ? 'adaptive budget' : 'without adaptation (comparison)'} | ${row.processes} × ${int(row.size)} | ${int(row.listRequests)} | ${int(row.tokenRequests)} | ${int(row.rateLimited)} | ${row.scale === 1 ? serviceTime(row.serviceMinutes) : `${seconds(row.wallMs)} (${serviceTime(row.serviceMinutes)})`} | ${outcome} | ${row.adaptive ? '≥ 85 %; 0 failed; fewer 429s; ≤ 1.15 × T_min' : 'comparison'} | ${row.adaptive ? mark(row.percentOfCeiling >= 85 && row.failedExports === 0 && row.lost === 0 && row.duplicated === 0) : '—'} |`,
		);
	}
	for (const row of results.realTime) {
		const inFlight = row.variant === OUR_NODE_ONE_PAGE ? 1 : config.pagesInFlight;
		const bound = oursTMin(config, row.size);
		const floor = clientFloor(config, row.size, !row.warm, inFlight);
		const outcome = row.error
			? `failed: ${shortError(row.error)}`
			: `${fixed(row.wallMs / bound, 2)} × T_min at ${config.pagesInFlight} in flight (${seconds(bound)}); ` +
				`${fixed(row.wallMs / floor, 2)} × the client floor at ${inFlight} in flight (${seconds(floor)}); ` +
				`${fixed(row.percentOfCeiling)} % of the ceiling; ${int(row.lost)} lost, ${int(row.duplicated)} dup.; load ${fixed(row.load, 2)}`;
		const judged = inFlight === config.pagesInFlight;
		rows.push(
			`| 6 Real time (scale 1, latency ${config.latencyMs} ms) | ${row.variant.label}, ${tokenLabel(row)} | ${int(row.size)} | ${int(row.listRequests)} | ${int(row.tokenRequests)} | ${int(row.rateLimited)} | ${seconds(row.wallMs)} | ${outcome} | ${judged ? '≤ 1.15 × T_min' : 'comparison'} | ${judged ? mark(!row.error && row.wallMs <= 1.15 * bound) : '—'} |`,
		);
	}
	const ratio = cpuRatio(results.cpu.rows);
	for (const row of results.cpu.rows) {
		const ours = row.key === 'ours';
		const bareLoop = row.key === 'keep-alive' || row.key === 'reconnect' || row.key === 'new-agent';
		const versus = bareLoop
			? `${fixed(cpuRatio(results.cpu.rows, 'keep-alive', row.key), 2)} × the keep-alive loop`
			: `${fixed(cpuRatio(results.cpu.rows, 'keep-alive', row.key), 2)} × the keep-alive loop, ` +
				`${fixed(cpuRatio(results.cpu.rows, 'reconnect', row.key), 2)} × the reconnecting loop, ` +
				`${fixed(cpuRatio(results.cpu.rows, 'new-agent', row.key), 2)} × the new-agent loop`;
		rows.push(
			`| 2 CPU (limit not binding, best of ${row.runs}) | ${row.label} | ${int(row.records)} | ${int(row.listRequests)} | — | — | ${seconds(row.wallMs)} | CPU ${int(row.cpuMs)} ms (median ${int(row.medianCpuMs)}) = ${versus} | ${ours ? '≤ 1.2 × bare loop' : 'comparison'} | ${ours ? mark(ratio <= 1.2) : '—'} |`,
		);
	}
	const profile = results.cpu.ours;
	const shares = profile.shares
		.filter((share) => share.percent >= 1)
		.map((share) => `${share.owner} ${fixed(share.percent)} %`)
		.join('; ');
	rows.push(
		`| 2 CPU profile (one more run, sampling profiler) | ${OUR_NODE.label} | ${int(results.config.cpuSize)} | — | — | — | — | ${int(profile.busyMs)} ms on the main thread: ${shares} | where the CPU goes | — |`,
	);
	const sig = results.signature;
	rows.push(
		`| 3 Signatures | verifySignature (trigger), 2 KB bodies | ${int(sig.checked)} | — | — | — | — | ${int(sig.perSecond)} verifications/s${sig.rejectsTampered ? '' : '; **accepted a tampered body**'} | ≥ 100,000/s | ${mark(sig.perSecond >= 100_000 && sig.rejectsTampered)} |`,
	);
	const lin = linearity(results.growth);
	results.growth.forEach((row, i) => {
		const last = i === results.growth.length - 1;
		const outcome = row.error
			? `failed: ${shortError(row.error)}`
			: `CPU ${int(row.cpuMs)} ms (${fixed((row.cpuMs * 1000) / row.size, 1)} µs/record, GC ${int(row.gcMs)} ms); ` +
				`heap kept ${mb(row.retainedHeap)} (${int(row.retainedHeap / row.size)} B/record); ` +
				`peak RSS ${mb(row.peakRss)} (+${mb(row.rssGrowth)})`;
		rows.push(
			`| 4 Growth (own process, limit not binding, best of ${row.runs}) | ${OUR_NODE.label} | ${int(row.size)} | ${int(Math.ceil(row.size / config.pageSize))} | — | — | ${seconds(row.wallMs)} | ${outcome} | ${last ? `linear: ${lin.detail}` : 'linear'} | ${last ? mark(lin.met) : ''} |`,
		);
	});
	return [...head, ...rows].join('\n');
}

export function machine(): string {
	const cpu = cpus();
	return `${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${fixed(totalmem() / 1024 ** 3)} GB memory, ${type()} ${process.platform}/${process.arch}, Node ${process.version}`;
}
