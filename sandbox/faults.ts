/**
 * Fault injection for tests: the next N requests to an endpoint fail with a chosen error; lists can
 * answer ties in a random (seeded) order, hide records until a clock time, and write stamps without
 * a zone, as some real deployments do.
 */
import type { EndpointId } from '../nodes/InventoryPro/endpoints';
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

export class Faults {
	private readonly queued = new Map<string, ErrorCode[]>();
	/** Set: rows with equal sort keys come in a new random order on every request (no tie-break). */
	private tieOrder?: Random;
	/** Records a long transaction or a lagging replica keeps out of lists until a clock time. */
	private hidden = new WeakMap<object, number>();
	private hiddenCount = 0;
	/** List rows carry created / modified without their "Z" (still UTC), e.g. 2031-03-30T01:30:00.000. */
	zonelessStamps = false;

	add(target: EndpointId | 'token', code: ErrorCode = 'internal_error', times = 1): void {
		const queue = this.queued.get(target) ?? [];
		for (let i = 0; i < times; i++) queue.push(code);
		this.queued.set(target, queue);
	}

	/** The error to answer instead of handling this request, if one is queued. */
	take(target: EndpointId | 'token'): ErrorCode | undefined {
		return this.queued.get(target)?.shift();
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
	}
}

export const injectedError = (code: ErrorCode) =>
	new ApiError(code, MESSAGES[code], code === 'validation_error' ? { injected: ['Injected fault.'] } : null);
