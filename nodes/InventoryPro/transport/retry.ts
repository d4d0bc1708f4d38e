/** How many times a request answered 429 is sent again before the error reaches the workflow. */
export const MAX_RATE_LIMIT_RETRIES = 5;

export interface BackoffSettings {
	/** First wait without Retry-After (spec: about 30 to 60 s). */
	baseMs: number;
	/** No wait is longer, Retry-After included. */
	capMs: number;
}

export const DEFAULT_BACKOFF: BackoffSettings = { baseMs: 30_000, capMs: 60_000 };

/** Retry-After in milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
	if (value === undefined || value.trim() === '') return undefined;
	const text = value.trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	const at = Date.parse(text);
	return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The wait before retry number `attempt` (0-based). Retry-After wins when present (up to the cap);
 * otherwise the base doubles per attempt with up to 25 % jitter, so clients that were limited together
 * do not come back together.
 */
export function rateLimitWait(
	attempt: number,
	retryAfterMs: number | undefined,
	settings: BackoffSettings,
	random: () => number = Math.random,
): number {
	if (retryAfterMs !== undefined) return Math.min(settings.capMs, retryAfterMs);
	const backoff = settings.baseMs * 2 ** attempt * (1 + 0.25 * random());
	return Math.round(Math.min(settings.capMs, backoff));
}
