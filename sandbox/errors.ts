/** The service's error envelope (spec, Errors). Thrown by handlers; the server turns it into the response. */
export type ErrorCode =
	| 'bad_request'
	| 'validation_error'
	| 'unauthorized'
	| 'forbidden'
	| 'not_found'
	| 'conflict'
	| 'rate_limited'
	| 'internal_error'
	| 'not_implemented';

export const STATUS_OF: Record<ErrorCode, number> = {
	bad_request: 400,
	validation_error: 400,
	unauthorized: 401,
	forbidden: 403,
	not_found: 404,
	conflict: 409,
	rate_limited: 429,
	internal_error: 500,
	not_implemented: 501,
};

export class ApiError extends Error {
	readonly status: number;
	/** Extra response headers, e.g. WWW-Authenticate on a 401. */
	headers: Record<string, string> = {};

	constructor(
		readonly code: ErrorCode,
		message: string,
		readonly details: Record<string, string[]> | null = null,
	) {
		super(message);
		this.status = STATUS_OF[code];
	}

	withHeaders(headers: Record<string, string>): this {
		this.headers = { ...this.headers, ...headers };
		return this;
	}

	envelope() {
		return {
			statusCode: this.status,
			error: this.code,
			message: this.message,
			details: this.details,
		};
	}
}

export const notFound = (what: string) => new ApiError('not_found', `${what} was not found.`);

export const badRequest = (message: string) => new ApiError('bad_request', message);
export const forbidden = (message: string) => new ApiError('forbidden', message);
export const conflict = (message: string) => new ApiError('conflict', message);

/** The spec's four 403 messages (Errors, rule 3). */
export const FORBIDDEN = {
	permission: 'Insufficient permissions.',
	readOnly: 'Account is read-only.',
	warehouse: "Warehouse is outside the client's authorized scope.",
	report: 'Report access denied.',
} as const;

export const VALIDATION_FAILED = 'Model validation failed.';
