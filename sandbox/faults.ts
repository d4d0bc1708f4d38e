/**
 * Fault injection for tests: the next N requests to an endpoint (or POST /Token) misbehave in a chosen
 * way, the way a broken deployment, a proxy in front of it or a flaky network would; lists can answer
 * ties in a random (seeded) order, hide records until a clock time, and write stamps without a zone,
 * as some real deployments do.
 */
import type { RouteId } from './routes';
import { ApiError, type ErrorCode } from './errors';
import { Random } from './random';

const MESSAGES: Record<ErrorCode, string> = {
	bad_request: 'The request is invalid.',
	validation_error: 'Model validation failed.',
	unauthorized: 'Authorization has been denied for this request.',
	forbidden: 'Insufficient permissions.',
	not_found: 'The resource was not found.',
	conflict: 'The request conflicts with the current state.',
	rate_limited: 'Rate limit exceeded.',
	internal_error: 'An error has occurred.',
	not_implemented: 'The operation is not implemented.',
};

export type FaultTarget = RouteId | 'token';

/** What an injected fault does instead of (or on top of) the normal answer. */
export type Fault =
	/** Answer with the service's error envelope for `code` (429 carries Retry-After: 60). */
	| { kind: 'error'; code: ErrorCode }
	/** Answer 3xx with this Location, before any authentication (as a proxy or a moved host would). */
	| { kind: 'redirect'; status: 301 | 302 | 303 | 307 | 308; location: string }
	/** Answer 429 with exactly this Retry-After header value; null sends none. */
	| { kind: 'rateLimited'; retryAfter: string | null }
	/**
	 * Handle the request normally, then hold the answer this many wall-clock ms (a write that is slow to confirm),
	 * or until `until` settles (a test that decides when the service answers, without the clock).
	 */
	| { kind: 'slow'; ms: number; until?: Promise<unknown> }
	/**
	 * A list that never ends: `samePage` ignores `page` and always answers page 1 saying hasMore; `fresh`
	 * answers new made-up records on every page, hasMore true, pageCount 3.
	 */
	| { kind: 'endlessList'; mode: 'samePage' | 'fresh' }
	/** A list served in this direction whatever the request asked (a deployment that ignores `direction`). */
	| { kind: 'sortIgnored'; direction: 'ASC' | 'DESC' };

export class Faults {
	private readonly queued = new Map<string, Fault[]>();
	/** Set: rows with equal sort keys come in a new random order on every request (no tie-break). */
	private tieOrder?: Random;
	/** Records a long transaction or a lagging replica keeps out of lists until a clock time. */
	private hidden = new WeakMap<object, number>();
	private hiddenCount = 0;
	/** List rows carry created / modified without their "Z" (still UTC), e.g. 2031-03-30T01:30:00.000. */
	zonelessStamps = false;
	/** A disable by failures leaves the subscription's `modified` where it was (some deployments do). */
	disableKeepsModified = false;

	add(target: FaultTarget, code: ErrorCode = 'internal_error', times = 1): void {
		this.inject(target, { kind: 'error', code }, times);
	}

	inject(target: FaultTarget, fault: Fault, times = 1): void {
		const queue = this.queued.get(target) ?? [];
		for (let i = 0; i < times; i++) queue.push(fault);
		this.queued.set(target, queue);
	}

	/** The fault for this request, if one is queued. */
	take(target: FaultTarget): Fault | undefined {
		return this.queued.get(target)?.shift();
	}

	/** The fault for this request if the next queued one is of `kind` (others stay queued for later stages). */
	takeIf<K extends Fault['kind']>(
		target: FaultTarget,
		kind: K,
	): Extract<Fault, { kind: K }> | undefined {
		const queue = this.queued.get(target);
		if (queue?.[0]?.kind !== kind) return undefined;
		return queue.shift() as Extract<Fault, { kind: K }>;
	}

	shuffleTies(seed: number | undefined): void {
		this.tieOrder = seed === undefined ? undefined : new Random(seed);
	}

	/** The generator for this request's tie order, or undefined when ties keep the id order. */
	tieRandom(): Random | undefined {
		return this.tieOrder;
	}

	hideUntil(record: object, visibleAtMs: number): void {
		this.hidden.set(record, visibleAtMs);
		this.hiddenCount++;
	}

	/** The rows visible at this clock time. */
	visible<T extends object>(rows: readonly T[], nowMs: number): readonly T[] {
		if (this.hiddenCount === 0) return rows;
		return rows.filter((row) => (this.hidden.get(row) ?? -Infinity) <= nowMs);
	}

	clear(): void {
		this.queued.clear();
		this.tieOrder = undefined;
		this.hidden = new WeakMap();
		this.hiddenCount = 0;
		this.zonelessStamps = false;
		this.disableKeepsModified = false;
	}
}

export const injectedError = (code: ErrorCode) =>
	new ApiError(
		code,
		MESSAGES[code],
		code === 'validation_error' ? { injected: ['Injected fault.'] } : null,
	);
