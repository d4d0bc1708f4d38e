/**
 * Time one node execution spent waiting: for its pacing slot, and for the service after a 429. The
 * transport notes it per execution context; the router turns it into an execution hint, so a run that
 * took minutes says why.
 */
export interface Waits {
	pacingMs: number;
	pacedRequests: number;
	rateLimitMs: number;
	rateLimited: number;
}

/** Keyed by one execution's context: nothing is shared between executions or processes. */
const byContext = new WeakMap<object, Waits>();

export function noteWait(ctx: object, kind: 'pacing' | 'rateLimit', ms: number): void {
	if (ms <= 0) return;
	let waits = byContext.get(ctx);
	if (!waits)
		byContext.set(ctx, (waits = { pacingMs: 0, pacedRequests: 0, rateLimitMs: 0, rateLimited: 0 }));
	if (kind === 'pacing') {
		waits.pacingMs += ms;
		waits.pacedRequests++;
	} else {
		waits.rateLimitMs += ms;
		waits.rateLimited++;
	}
}

/** What `ctx` waited so far, and forgets it. */
export function takeWaits(ctx: object): Waits | undefined {
	const waits = byContext.get(ctx);
	byContext.delete(ctx);
	return waits;
}
