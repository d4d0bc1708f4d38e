// What the benchmark and its sandbox host process say to each other.
import type { ClientConfig } from '../../sandbox/types';

/** The one API client of every benchmark sandbox: item reads only. */
export const BENCH_CLIENT: ClientConfig = {
	clientId: 'bench-client',
	clientSecret: 'bench-dummy-secret-0123456789',
	securityIds: [11],
};

export interface SandboxOptions {
	/** ScaledClock factor: service time runs this many times faster than real time. */
	scale: number;
	/** The service's limit, in requests per service minute. */
	rateLimitPerMinute: number;
	/** Per-request latency in service milliseconds. */
	latencyMs: number;
	items: number;
}

export interface StartedSandbox {
	baseUrl: string;
	ca: string;
}

export type { SandboxStats } from '../../sandbox/index';

export type HostRequest =
	| { id: number; op: 'start'; options: SandboxOptions }
	| { id: number; op: 'stats' }
	| { id: number; op: 'requests' }
	| { id: number; op: 'stop' };

/** One request as the sandbox saw it: arrival in service ms, endpoint id ('token' for POST /Token), status. */
export interface SeenRequest {
	at: number;
	endpointId?: string;
	status: number;
}

export interface HostReply {
	id: number;
	result?: unknown;
	error?: string;
}
