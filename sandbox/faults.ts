/** Fault injection for tests: the next N requests to an endpoint fail with a chosen error. */
import type { EndpointId } from '../nodes/InventoryPro/endpoints';
import { ApiError, type ErrorCode } from './errors';

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

	add(target: EndpointId | 'token', code: ErrorCode = 'internal_error', times = 1): void {
		const queue = this.queued.get(target) ?? [];
		for (let i = 0; i < times; i++) queue.push(code);
		this.queued.set(target, queue);
	}

	/** The error to answer instead of handling this request, if one is queued. */
	take(target: EndpointId | 'token'): ErrorCode | undefined {
		return this.queued.get(target)?.shift();
	}

	clear(): void {
		this.queued.clear();
	}
}

export const injectedError = (code: ErrorCode) =>
	new ApiError(code, MESSAGES[code], code === 'validation_error' ? { injected: ['Injected fault.'] } : null);
