/**
 * Requests one node execution sent (every attempt, 429s included). The transport notes each; the router
 * reads the count once at the end for the hint a bulk run shows (how many it spent, how many it saved).
 */
const byContext = new WeakMap<object, number>();

export function noteRequest(ctx: object): void {
	byContext.set(ctx, (byContext.get(ctx) ?? 0) + 1);
}

/** How many requests `ctx` sent so far. */
export function requestsSent(ctx: object): number {
	return byContext.get(ctx) ?? 0;
}

/** How many requests `ctx` sent so far, and forgets it. */
export function takeRequests(ctx: object): number {
	const sent = byContext.get(ctx) ?? 0;
	byContext.delete(ctx);
	return sent;
}
