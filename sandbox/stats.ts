/** What the sandbox saw: counters for the benchmark and a request log for tests to assert on. */
import type { RouteId } from './routes';

export interface RecordedRequest {
	/** Clock time the request arrived. */
	at: number;
	method: string;
	/** URL path as received, e.g. /api/v2/Item. */
	path: string;
	query: Record<string, string>;
	/** Parsed JSON body (token requests: the form, client_secret masked). */
	body: unknown;
	clientId?: string;
	endpointId?: RouteId | 'token';
	status: number;
	/** Message of an unexpected handler error (answered 500). */
	error?: string;
}

export interface SandboxStats {
	/** By endpoint id, and 'token' for POST /Token. Every routed request counts, whatever its status. */
	requests: Record<string, number>;
	/** Authenticated requests per client id. */
	byClient: Record<string, number>;
	tokensIssued: number;
	/** 429 answers sent. */
	rateLimited: number;
}

/** Oldest entries are dropped beyond this many (a benchmark sends tens of thousands). */
export const MAX_RECORDED = 10_000;

export class StatsRecorder {
	readonly stats: SandboxStats = { requests: {}, byClient: {}, tokensIssued: 0, rateLimited: 0 };
	readonly requests: RecordedRequest[] = [];

	record(entry: RecordedRequest): void {
		if (entry.endpointId)
			this.stats.requests[entry.endpointId] = (this.stats.requests[entry.endpointId] ?? 0) + 1;
		if (entry.clientId && entry.endpointId !== 'token') {
			this.stats.byClient[entry.clientId] = (this.stats.byClient[entry.clientId] ?? 0) + 1;
		}
		if (entry.status === 429) this.stats.rateLimited++;
		this.requests.push(entry);
		if (this.requests.length > MAX_RECORDED)
			this.requests.splice(0, this.requests.length - MAX_RECORDED);
	}

	/** Zeroes the counters in place, so references held by callers stay live. */
	reset(): void {
		for (const key of Object.keys(this.stats.requests)) delete this.stats.requests[key];
		for (const key of Object.keys(this.stats.byClient)) delete this.stats.byClient[key];
		this.stats.tokensIssued = 0;
		this.stats.rateLimited = 0;
		this.requests.length = 0;
	}
}
