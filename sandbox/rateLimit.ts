/**
 * Per-client sliding 60-second window on the injected clock (the spec leaves the scope open; per client
 * matches "each integration should use its own credentials"). A request answered 429 does not take a slot,
 * and POST /Token is not counted.
 */
export const WINDOW_MS = 60_000;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimiter {
	private readonly windows = new Map<string, number[]>();

	constructor(readonly limit: number) {}

	/** Takes a slot for the client at `now`, or says how long until one frees. */
	take(clientId: string, now: number): RateDecision {
		let window = this.windows.get(clientId);
		if (!window) this.windows.set(clientId, (window = []));
		while (window.length > 0 && window[0] <= now - WINDOW_MS) window.shift();
		if (window.length >= this.limit) {
			const freesAt = window[window.length - this.limit] + WINDOW_MS;
			return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now) / 1000)) };
		}
		window.push(now);
		return { allowed: true };
	}

	/** The spec's 429 body: only a message, no envelope (Errors, rule 5). */
	body(): { message: string } {
		return { message: `Rate Limit Exceeded. ${this.limit} per Minute.` };
	}

	reset(): void {
		this.windows.clear();
	}
}
