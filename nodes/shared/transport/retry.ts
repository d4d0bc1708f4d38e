/** How many times a request answered 429 is sent again before the error reaches the workflow. */
export const MAX_RATE_LIMIT_RETRIES = 5;

export interface BackoffSettings {
	/** First wait without a usable Retry-After (spec: about 30 to 60 s). */
	baseMs: number;
	/** No wait is longer, Retry-After included. */
	capMs: number;
	/** No wait is shorter, whatever Retry-After says (0, negative, a date in the past). */
	floorMs: number;
}

export const DEFAULT_BACKOFF: BackoffSettings = { baseMs: 30_000, capMs: 60_000, floorMs: 1_000 };

const DELTA_SECONDS = /^-?\d+(\.\d+)?$/;
/** An HTTP date names its weekday or its zone; Date.parse alone takes "5, 10" for a date too. */
const HTTP_DATE = /^[a-z]{3},|gmt|utc|[+-]\d{4}$/i;

/**
 * Retry-After in milliseconds: delta-seconds (negative kept, the floor deals with it), an HTTP date,
 * or the first element of a list ("5, 10"); undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
	const text = value?.trim() ?? '';
	if (text === '') return undefined;
	if (DELTA_SECONDS.test(text)) return Math.round(Number(text) * 1000);
	if (HTTP_DATE.test(text)) {
		const at = Date.parse(text);
		if (!Number.isNaN(at)) return at - now;
	}
	const first = text.split(',')[0].trim();
	return DELTA_SECONDS.test(first) ? Math.round(Number(first) * 1000) : undefined;
}

/**
 * The wait before retry number `attempt` (0-based). Retry-After wins when present, kept between the
 * floor and the cap, so an answer of 0 or a past date cannot make retries run back to back;
 * otherwise the base doubles per attempt with up to 25 % jitter, so clients that were limited together
 * do not come back together.
 */
export function rateLimitWait(
	attempt: number,
	retryAfterMs: number | undefined,
	settings: BackoffSettings,
	random: () => number = Math.random,
): number {
	if (retryAfterMs !== undefined)
		return Math.min(settings.capMs, Math.max(settings.floorMs, retryAfterMs));
	const backoff = settings.baseMs * 2 ** attempt * (1 + 0.25 * random());
	return Math.round(Math.min(settings.capMs, Math.max(settings.floorMs, backoff)));
}
