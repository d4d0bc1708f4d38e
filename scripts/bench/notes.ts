// The prose under the table: how to read it, what happened to the HTTP Request node, and for every
// missed target why and what would close it. Built from the run's numbers, so it never goes stale.
import {
	clientFloor,
	cpuRatio,
	linearity,
	oursTMin,
	tokenLabel,
	type BenchResults,
} from './report';
import type { CpuKey, ExportRow } from './sections';
import { OUR_NODE } from './variants';

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (n: number) => `${n.toFixed(1)} %`;

function httpNote(row: ExportRow, ours: ExportRow | undefined, pageSize: number): string {
	const label = `${row.variant.label}, N = ${int(row.size)}`;
	const oursPages = Math.ceil(row.size / pageSize);
	if (row.error) {
		const again = row.rateLimited - 1;
		const retries =
			row.variant.key.includes('retry') && again > 0
				? ` Retry On Fail ran the node again from page 1 ${again === 1 ? 'once' : again === 2 ? 'twice' : `${int(again)} times`}, ` +
					'and each try was refused at its first request: the window was still full.'
				: '';
		return (
			`- **${label}**: ${int(row.listRequests)} list requests (ours needs ${int(oursPages)}), ` +
			`${int(row.rateLimited)} × 429, then the node stopped with an error: none of the ${int(row.size)} records ` +
			`reached the workflow.${retries}`
		);
	}
	const speed = ours && !ours.error ? ` (ours: ${pct(ours.percentOfCeiling)})` : '';
	return (
		`- **${label}**: completed, ${int(row.listRequests)} list requests, ${int(row.rateLimited)} × 429, ` +
		`${pct(row.percentOfCeiling)} of the ceiling${speed}.` +
		(row.variant.key.includes('interval')
			? " The fixed interval comes on top of each request's own time, so it paces below the limit, and the " +
				'right interval has to be worked out by hand for each service.'
			: '')
	);
}

/** Ours against the best HTTP Request configuration at each size, in plain words. */
function summary(results: BenchResults): string[] {
	const lines: string[] = ['## Summary', ''];
	const sizes = [...new Set(results.exports.map((row) => row.size))];
	for (const size of sizes) {
		const rows = results.exports.filter((row) => row.size === size);
		const ours = rows.find((row) => row.variant === OUR_NODE);
		const http = rows.filter((row) => row.variant !== OUR_NODE);
		if (!ours) continue;
		const completed = http.filter((row) => !row.error);
		const failed = http.filter((row) => row.error);
		const best = completed.sort((a, b) => a.wallMs - b.wallMs)[0];
		const oursText = ours.error
			? `ours failed (${ours.error.split('\n')[0]})`
			: `ours delivered all ${int(size)} records (${int(ours.lost)} lost, ${int(ours.duplicated)} duplicated) in ` +
				`${(ours.serviceMinutes * 60).toFixed(1)} s of service time, ${pct(ours.percentOfCeiling)} of the ceiling, ` +
				`with ${int(ours.listRequests)} list requests and ${int(ours.rateLimited)} × 429`;
		const failedText =
			failed.length > 0
				? `${failed.length} of ${http.length} HTTP Request configurations failed on a 429 and delivered nothing`
				: `all ${http.length} HTTP Request configurations completed`;
		const bestText = best
			? `; the fastest that completed (${best.variant.label}) took ${(best.serviceMinutes * 60).toFixed(1)} s, ` +
				`${pct(best.percentOfCeiling)} of the ceiling${!ours.error ? `, ${(best.wallMs / ours.wallMs).toFixed(2)} × our time` : ''}`
			: '';
		lines.push(`- N = ${int(size)}: ${oursText}. ${failedText}${bestText}.`);
	}
	return lines;
}

export function notes(results: BenchResults): string[] {
	const { config } = results;
	const lines: string[] = [
		...summary(results),
		'',
		'## How to read it',
		'',
		`- Time is scaled: the sandbox runs on a \`ScaledClock\` ${config.scale} × faster than real time, so its 60 s ` +
			`rate window lasts ${(60 / config.scale).toFixed(1)} real seconds. "Service time" and records per minute are ` +
			"in the service's minutes; wall time is real. What n8n waits in real milliseconds is scaled the same way: " +
			`our credential keeps Requests per Minute at ${config.rateLimitPerMinute} (what a user enters) with its ` +
			`pacing window (the transport's test seam) set to ${(60_000 / config.scale).toFixed(0)} ms; the HTTP ` +
			'Request node\'s "Interval Between Requests" and "Wait Between Tries" are divided by the scale.',
		'- Client CPU work does not scale down with the clock, so at this scale it weighs more in service time than in ' +
			`a real run: the throughput percentages are a lower bound. That is why the T_min targets are judged in real ` +
			`time: section 6 runs at scale 1 (a service minute is a real minute) and section 5 at scale ${config.multiScale}` +
			(config.multiScale === 1 ? ' (real time too; about 4 minutes a row).' : '.'),
		'- Export rows start from a fresh sandbox and a fresh credential (no token, empty rate window). Records are ' +
			'counted by their unique `shortID`; "lost" are records of the N seeded that never reached the workflow.',
		`- CPU rows show the lowest of ${config.cpuRepeats} interleaved rounds, the median in brackets: the machine is ` +
			'shared, and other work only ever adds CPU time. The sandbox runs in its own process, so the figures are ' +
			"the client's alone.",
		"- The three bare loops read the same pages with Node's https and nothing of n8n: over one keep-alive " +
			'connection; with a new connection per request from one agent (which resumes its cached TLS session); and ' +
			'with a new agent per request that skips certificate checks, which is how n8n-core sends for a credential ' +
			'with "Ignore SSL Issues" (a new TLS context and a full handshake per page). The profile row charges each ' +
			'CPU sample of one more run of our node to the package whose code was running.',
		`- Signatures: \`verifySignature\` keys the HMAC with the secret as a string (Node uses its UTF-8 bytes, as ` +
			`the spec says). Bare HMAC-SHA256 over the same bodies ran at ${int(results.signature.hmacStringKeyPerSecond)}/s ` +
			`with a string key and ${int(results.signature.hmacBufferKeyPerSecond)}/s with the same key as a Buffer. The ` +
			'digests are compared with `timingSafeEqual`.',
		'- A 429 is self-inflicted when the client sent faster than the published limit; every 429 in this table is.',
		'- The limit binds when an export needs more than 100 list requests (one window). Below that a burst is ' +
			'allowed and the percentage can pass 100 %. Above it too, for short exports: the window slides, so 100 ' +
			'requests go at once and the next 100 each a minute after its counterpart, and 200 pages take about one ' +
			'minute plus 100 round trips, not two minutes. In a long export the pace tends to the ceiling.',
		`- T_min is the burst-aware bound: latency × ceil(P / in-flight) + 60 s × floor((P − 1) / budget) for P pages, ` +
			`${config.pagesInFlight} pages in flight (the credential's default) and a budget of ${config.rateLimitPerMinute}. ` +
			"For the multi-process rows P counts every process's pages and in-flight is the sum over the processes. " +
			'T_min has no term for the token request or for page 1 going alone (it tells the page count), so section 6 ' +
			'also shows the client floor: latency × (1 for the token when none is stored + 1 for page 1 + ' +
			'ceil((P − 1) / in-flight)) within one window, plus a minute and a round trip per further window. The target is ' +
			'judged against T_min as the issue states it; the floor says how much of a miss no client could avoid. ' +
			'"Token stored (warm)" runs the export a second time on the same credential: n8n keeps the token it minted.',
		`- Section 5 runs ${config.multiProcesses} child processes, each its own n8n-core with its own credential store ` +
			'(token) and pacer, as queue-mode workers are; they share only the client and the service. All start at ' +
			'once and each exports the whole list; % of the ceiling counts every record delivered by all of them over ' +
			'the time from the first start to the last finish. "Without adaptation" patches the children\'s pacer back ' +
			'to the earlier rule (a 429 neither lowers the budget nor holds the client); both rows honour Retry-After. ' +
			"With adaptation a 429 cuts a process's budget to what got through in its last minute and holds it for the " +
			"Retry-After; while its budget is below the credential's and its own minute is used up, it probes for room " +
			'with one request every quarter slot (nodes/shared/transport/pacer.ts).',
		'- Under the `ScaledClock` the sandbox states `Retry-After` in real seconds (fractional), so a client that ' +
			"honours it waits as long as the service's window needs.",
		'',
		'## What happened to the HTTP Request node',
		'',
		'It has no pacing: it asks for the next page as soon as the last one arrives, so an export longer than one ' +
			'rate window (100 pages; 2,500 records at its default page size of 25) runs into the limit, and a 429 in ' +
			'the middle of its pagination fails the whole node. Below one window it bursts, as ours does.',
		'',
	];
	const oursBySize = new Map(
		results.exports.filter((r) => r.variant === OUR_NODE).map((r) => [r.size, r]),
	);
	for (const row of results.exports) {
		if (row.variant === OUR_NODE) continue;
		lines.push(httpNote(row, oursBySize.get(row.size), config.pageSize));
	}
	lines.push('', '## Targets missed: why, and what would close them', '');
	const misses = missNotes(results);
	lines.push(...(misses.length > 0 ? misses : ['- None: every target was met in this run.']));
	return lines;
}

const secondsOf = (serviceMs: number) => `${(serviceMs / 1000).toFixed(2)} s`;

/** Why our node met a 429, from the sandbox's request log. */
function limitedNote(row: ExportRow, scale: number): string {
	const head = `- Export of ${int(row.size)}: ${int(row.rateLimited)} × 429 (target 0).`;
	const d = row.firstLimited;
	const cost =
		" Each costs more here than in production: the service's Retry-After is in whole service seconds, and the " +
		`node waits it in real seconds, ${scale} × longer on the scaled clock.`;
	if (!d) return head + cost;
	const why =
		` List request ${d.index} arrived at ${secondsOf(d.at)} (service time from the run's first request), ` +
		`${(d.freeAt - d.at).toFixed(0)} ms before request ${d.blockingIndex} (arrived ${secondsOf(d.blockingAt)}) left the ` +
		"service's 60 s window. The pacer dates each slot by the answer to its request, which comes after the " +
		'service counted it, so its window should never free a slot first: a 429 here means another client shared ' +
		'the window or the two clocks disagreed (nodes/shared/transport/pacer.ts).';
	return head + why + cost;
}

/** One bullet per missed target of our node, from this run's numbers. */
function missNotes(results: BenchResults): string[] {
	const { config } = results;
	const out: string[] = [];
	const ours = results.exports.filter((row) => row.variant === OUR_NODE);
	for (const row of ours) {
		const pages = Math.ceil(row.size / config.pageSize);
		if (row.error) {
			out.push(
				`- Export of ${int(row.size)} failed: ${row.error.split('\n')[0]}. Nothing else about this row can be judged.`,
			);
			continue;
		}
		if (row.listRequests !== pages) {
			out.push(
				`- Export of ${int(row.size)}: ${int(row.listRequests)} list requests instead of ${int(pages)}` +
					(row.rateLimited > 0
						? ` (${int(row.rateLimited)} ${row.rateLimited === 1 ? 'was' : 'were'} answered 429 and sent again).`
						: '.') +
					' Every page is needed once at 250 records; anything more is a repeat or a smaller page.',
			);
		}
		if (row.rateLimited > 0) out.push(limitedNote(row, config.scale));
		if (row.limitBinds && row.percentOfCeiling < 95) {
			const perRequestMs = (row.serviceMinutes * 60_000) / Math.max(1, row.listRequests);
			const cpuRow = results.cpu.rows.find((c) => c.key === 'ours');
			const cpuPerPageServiceMs = cpuRow
				? (cpuRow.cpuMs / Math.max(1, cpuRow.listRequests)) * config.scale
				: undefined;
			out.push(
				`- Export of ${int(row.size)}: ${pct(row.percentOfCeiling)} of the ceiling. The limit allows one request ` +
					`per ${(60_000 / config.rateLimitPerMinute).toFixed(0)} ms of service time; ours took ` +
					`${perRequestMs.toFixed(0)} ms per request, of which the latency is ${config.latencyMs} ms` +
					(cpuPerPageServiceMs !== undefined
						? ` and the client's CPU per page ${cpuPerPageServiceMs.toFixed(0)} ms (real CPU × ${config.scale}, ` +
							'because the clock is scaled and the CPU is not)'
						: '') +
					'. The pacer counts each slot from its answer, so every window also waits one round trip; a smaller ' +
					'time scale shrinks the CPU share.',
			);
		}
	}
	for (const row of results.realTime.filter((r) => r.variant === OUR_NODE)) {
		const bound = oursTMin(config, row.size);
		if (row.error || row.wallMs <= 1.15 * bound) continue;
		const floor = clientFloor(config, row.size, !row.warm);
		const pages = Math.ceil(row.size / config.pageSize);
		const rounds =
			(row.warm ? 0 : 1) +
			1 +
			Math.ceil((Math.min(pages, config.rateLimitPerMinute) - 1) / config.pagesInFlight);
		const extra = Math.max(0, row.wallMs - floor);
		out.push(
			`- Export of ${int(row.size)} in real time, ${tokenLabel(row)}: ${(row.wallMs / 1000).toFixed(2)} s against T_min ` +
				`${(bound / 1000).toFixed(2)} s (${(row.wallMs / bound).toFixed(2)} ×). ` +
				(floor > 1.15 * bound
					? `The client floor alone is ${(floor / 1000).toFixed(2)} s (${(floor / bound).toFixed(2)} × T_min): the bound is out of reach by its own terms. `
					: `The client floor is ${(floor / 1000).toFixed(2)} s (${(floor / bound).toFixed(2)} × T_min). `) +
				`Above the floor: ${int(extra)} ms over ${rounds} round trips, about ${(extra / rounds).toFixed(0)} ms each: the answers of a ` +
				`round are handled one after another on n8n's one thread (n8n-core's new TLS agent and handshake per request, ` +
				'axios reading and parsing 250 records, the execution around each call; section 2). `timeline.js` shows it request by request.',
		);
	}
	for (const row of results.multi.filter((r) => r.adaptive)) {
		const took = row.serviceMinutes * 60_000;
		if (took > 1.15 * row.tMinMs) {
			out.push(
				`- ${row.processes} processes: ${(took / 60_000).toFixed(2)} service min against T_min ` +
					`${(row.tMinMs / 60_000).toFixed(2)} min (${(took / row.tMinMs).toFixed(2)} ×). The bound assumes the processes ` +
					'share the window perfectly from the first request; they learn of each other only from 429s' +
					(row.scale === 1
						? '.'
						: `, and each process's CPU per page is scaled (× ${row.scale}) like the single export's.`),
			);
		}
		const without = results.multi.find((r) => !r.adaptive);
		if (without && row.rateLimited >= without.rateLimited) {
			out.push(
				`- ${row.processes} processes: ${int(row.rateLimited)} × 429 with adaptation, ${int(without.rateLimited)} without. ` +
					"The first window's 429s cannot be avoided (no process knows of the others before its first 429); " +
					'adaptation only saves the later ones.',
			);
		}
	}
	const cpuNote = cpuMissNote(results);
	if (cpuNote) out.push(cpuNote);
	const sig = results.signature;
	if (sig.perSecond < 100_000) {
		out.push(
			`- Signatures: ${int(sig.perSecond)} verifications/s. Bare HMAC-SHA256 over the same 2 KB bodies runs at ` +
				`${int(sig.hmacStringKeyPerSecond)}/s with the secret passed as a string but ` +
				`${int(sig.hmacBufferKeyPerSecond)}/s with it passed as a Buffer, and \`verifySignature\` passes a ` +
				"Buffer (`Buffer.from(secret, 'utf8')`). Passing the string (Node encodes string keys as UTF-8, so " +
				'the digest is the same) closes the gap.',
		);
	}
	if (!sig.rejectsTampered) out.push('- Signatures: the verifier accepted a tampered body.');
	const lin = linearity(results.growth);
	if (!lin.met) {
		const [a, b] = [...results.growth].sort((x, y) => x.size - y.size).slice(-2);
		out.push(
			`- Growth: ${lin.detail}.` +
				(a && b
					? ` Garbage collection took ${int(a.gcMs)} ms at ${int(a.size)} records and ${int(b.gcMs)} ms at ` +
						`${int(b.size)}: the collector's work grows with the records held, which n8n keeps until the node ` +
						'returns (its output is one array).'
					: '') +
				' Streaming pages out as they arrive would flatten it, but an n8n node returns its output once; the ' +
				"bound that remains is memory proportional to N, by n8n's design.",
		);
	}
	return out;
}

/** The CPU target, judged against the keep-alive loop, explained with the other loops and the profile. */
function cpuMissNote(results: BenchResults): string | undefined {
	const rows = results.cpu.rows;
	const find = (key: CpuKey) => rows.find((row) => row.key === key);
	const [ours, keepAlive, reconnect, newAgent, http] = [
		find('ours'),
		find('keep-alive'),
		find('reconnect'),
		find('new-agent'),
		find('http'),
	];
	if (!ours || !keepAlive || cpuRatio(rows) <= 1.2) return undefined;
	const x = (n: number) => `${n.toFixed(2)} ×`;
	const share = (prefix: string) => results.cpu.ours.shares.find((s) => s.owner.startsWith(prefix));
	const pctOf = (prefix: string) => `${(share(prefix)?.percent ?? 0).toFixed(1)} %`;
	const gap = ours.cpuMs - keepAlive.cpuMs;
	let text =
		`- CPU: ${x(cpuRatio(rows))} the keep-alive loop (${int(ours.cpuMs)} against ${int(keepAlive.cpuMs)} ms for the ` +
		`same ${int(ours.listRequests)} pages; medians ${int(ours.medianCpuMs)} and ${int(keepAlive.medianCpuMs)} ms).`;
	if (newAgent) {
		const connections = Math.max(0, newAgent.cpuMs - keepAlive.cpuMs);
		text +=
			" n8n-core's `httpRequestWithAuthentication` (through `@n8n/backend-network`) builds a new https agent for " +
			'every request, so every page pays a new TLS context, a TCP connection and a full handshake. A bare loop that ' +
			`does the same needs ${int(newAgent.cpuMs)} ms: that accounts for ${int(connections)} ms of the ${int(gap)} ms ` +
			`gap, and against it ours is ${x(cpuRatio(rows, 'new-agent'))}` +
			(reconnect
				? ` (against a loop that reconnects through one agent and resumes its TLS session, ${int(reconnect.cpuMs)} ms: ${x(cpuRatio(rows, 'reconnect'))})`
				: '') +
			". The rest is n8n's request stack and execution around each page, not the node's code.";
	}
	text +=
		` A profiled run of our node (main thread) splits it: our own code (transport, pacer, paging, router) ` +
		`${pctOf('our node')}; TLS ${pctOf('TLS')}; Node's HTTP and socket code ${pctOf('Node HTTP')}; axios and n8n's ` +
		`HTTP client wrapper ${pctOf('axios')}; n8n-core and n8n-workflow ${pctOf('n8n-core')}; parsing the pages ` +
		`${pctOf('JSON.parse')}; garbage collection ${pctOf('garbage')}.`;
	if (http)
		text += ` n8n's HTTP Request node, on the same n8n-core path, needs ${int(http.cpuMs)} ms (${x(cpuRatio(rows, 'keep-alive', 'http'))}).`;
	text +=
		' What would close most of it: connection reuse in n8n-core (one keep-alive agent per host and TLS settings, ' +
		'which would also drop the per-request agent and TLS-context set-up in its HTTP wrapper). A community node ' +
		'cannot supply that: the request options offer only `agentOptions`, which n8n-core copies into the new agent ' +
		"it makes per request (so `keepAlive` there reuses nothing), and the scanner's `no-restricted-imports` rule " +
		'allows `crypto` but not `https` or `tls`, so the node can build neither an agent nor a shared TLS context.';
	return text;
}
