import { NodeOperationError, type ICredentialDataDecryptedObject, type INode } from 'n8n-workflow';

import { textOf } from '../validation';
import { DEFAULT_BACKOFF, type BackoffSettings } from './retry';
import { resolveApiRoot } from './url';

export const CREDENTIAL_TYPE = 'inventoryProApi';
export const DEFAULT_REQUESTS_PER_MINUTE = 100;
/** The credential's default request timeout, in seconds. */
export const DEFAULT_TIMEOUT_SECONDS = 60;
export const DEFAULT_PAGES_IN_FLIGHT = 4;
export const MAX_PAGES_IN_FLIGHT = 16;
const MINUTE_MS = 60_000;

/** The service's rate window and the 429 waits (spec: 100 per minute, wait 30 to 60 s); tests shorten them. */
const timing = { windowMs: MINUTE_MS, backoff: DEFAULT_BACKOFF };

/** What the transport needs from the credential, checked once per request or paged walk. */
export interface ClientSettings {
	root: string;
	/** Pacing key: one budget per API root and client id, shared across executions. */
	key: string;
	skipTls: boolean;
	requestsPerMinute: number;
	/** Pages of one list requested at the same time (inside the budget). */
	pagesInFlight: number;
	windowMs: number;
	backoff: BackoffSettings;
	/** Longest wait for an answer to one request. */
	timeoutMs: number;
}

function positive(value: unknown, fallback: number): number {
	if (value === undefined || value === null || value === '') return fallback;
	const number = Number(value);
	return Number.isFinite(number) && number > 0 ? number : Number.NaN;
}

export function clientSettings(
	node: INode,
	credentials: ICredentialDataDecryptedObject,
	itemIndex?: number,
): ClientSettings {
	const api = resolveApiRoot(credentials.baseUrl);
	if (!api.ok) throw new NodeOperationError(node, api.problem, { itemIndex });

	const requestsPerMinute = positive(credentials.requestsPerMinute, DEFAULT_REQUESTS_PER_MINUTE);
	if (!Number.isInteger(requestsPerMinute)) {
		throw new NodeOperationError(
			node,
			'"Requests per Minute" on the credential must be a whole number of 1 or more',
			{
				itemIndex,
			},
		);
	}
	const pagesInFlight = positive(credentials.pagesInFlight, DEFAULT_PAGES_IN_FLIGHT);
	if (!Number.isInteger(pagesInFlight) || pagesInFlight > MAX_PAGES_IN_FLIGHT) {
		throw new NodeOperationError(
			node,
			`"Pages in Flight" on the credential must be a whole number from 1 to ${MAX_PAGES_IN_FLIGHT}`,
			{
				itemIndex,
			},
		);
	}
	return {
		root: api.root,
		key: `${api.root.toLowerCase()}|${textOf(credentials.clientId ?? '').trim()}`,
		skipTls: credentials.ignoreSslIssues === true,
		requestsPerMinute,
		pagesInFlight,
		windowMs: timing.windowMs,
		backoff: timing.backoff,
		timeoutMs: requestTimeoutMs(credentials),
	};
}

/** The credential's request timeout in ms; the default when unset or not a positive number. */
export function requestTimeoutMs(credentials: ICredentialDataDecryptedObject): number {
	const seconds = positive(credentials.requestTimeout, DEFAULT_TIMEOUT_SECONDS);
	return Math.round((Number.isNaN(seconds) ? DEFAULT_TIMEOUT_SECONDS : seconds) * 1000);
}

/** Rate-limit timing as the transport uses it: the rate window and the 429 waits. */
export type Timing = { windowMs: number } & BackoffSettings;

/**
 * For in-process tests (test/harness loads the same compiled module the nodes use): a shorter rate window
 * and 429 waits, so a suite need not wait out minutes. No workflow or credential can reach it.
 */
export const testSeam = {
	/** The production timing with `changes` applied; no argument restores the production timing. */
	useTiming(changes: Partial<Timing> = {}): void {
		const { windowMs = MINUTE_MS, ...backoff } = changes;
		timing.windowMs = windowMs;
		timing.backoff = { ...DEFAULT_BACKOFF, ...backoff };
	},
	timing(): Timing {
		return { windowMs: timing.windowMs, ...timing.backoff };
	},
};
