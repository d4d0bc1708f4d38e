import type { IDataObject } from 'n8n-workflow';

/** What a failed call left behind, whichever n8n helper threw it. */
export interface HttpFailure {
	/** HTTP status, when the service answered at all. */
	status?: number;
	/** Response headers, names in lower case. */
	headers: Record<string, string>;
	/** Parsed body (JSON) or text. */
	body?: unknown;
	/** Network or TLS error code, when no answer came. */
	code?: string;
}

const asObject = (value: unknown): IDataObject | undefined =>
	typeof value === 'object' && value !== null ? (value as IDataObject) : undefined;

function lowerCaseHeaders(headers: unknown): Record<string, string> {
	const result: Record<string, string> = {};
	const source = asObject(headers);
	if (!source) return result;
	// Axios keeps headers as own properties (AxiosHeaders); a toJSON gives the plain view when present.
	const plain = typeof source.toJSON === 'function' ? asObject((source.toJSON as () => unknown)()) ?? source : source;
	for (const [name, value] of Object.entries(plain)) {
		if (typeof value === 'string' || typeof value === 'number') result[name.toLowerCase()] = String(value);
	}
	return result;
}

/**
 * Reads status, headers and body from an Axios error, or from the NodeApiError n8n-core wraps it in
 * (the original response then sits on `cause.response`, the body also on `context.data`).
 */
export function readFailure(error: unknown): HttpFailure {
	const outer = asObject(error) ?? {};
	const cause = asObject(outer.cause);
	const response = asObject(outer.response) ?? asObject(cause?.response);
	const code = [outer.code, cause?.code].find((value): value is string => typeof value === 'string' && !/^\d+$/.test(value));
	if (response && typeof response.status === 'number') {
		return { status: response.status, headers: lowerCaseHeaders(response.headers), body: response.data, code };
	}
	const httpCode = Number(outer.httpCode);
	if (Number.isInteger(httpCode) && httpCode >= 100) {
		return { status: httpCode, headers: {}, body: asObject(outer.context)?.data, code };
	}
	return { headers: {}, code };
}

/** The service's `message`, from the error envelope or the 429 body. */
export function serviceMessage(body: unknown): string | undefined {
	const message = asObject(body)?.message;
	return typeof message === 'string' && message.trim() !== '' ? message.trim() : undefined;
}

const NETWORK_REASONS: Record<string, string> = {
	ECONNREFUSED: 'nothing accepted the connection',
	ENOTFOUND: 'the host name does not exist',
	EAI_AGAIN: 'the host name could not be looked up',
	ETIMEDOUT: 'the connection timed out',
	ECONNRESET: 'the server closed the connection',
	ECONNABORTED: 'the request timed out',
	EHOSTUNREACH: 'the host cannot be reached',
	ENETUNREACH: 'the network cannot be reached',
	EPROTO: 'the server does not speak HTTPS on this port',
	ERR_SSL_WRONG_VERSION_NUMBER: 'the server does not speak HTTPS on this port',
};

const CERTIFICATE_CODES = new Set([
	'DEPTH_ZERO_SELF_SIGNED_CERT',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
	'CERT_HAS_EXPIRED',
	'CERT_NOT_YET_VALID',
	'ERR_TLS_CERT_ALTNAME_INVALID',
]);

export interface Problem {
	message: string;
	description?: string;
}

/**
 * A failure where no answer came back, worded for the person fixing the credential. Codes go to the
 * description: n8n replaces any message that contains one with its own generic wording.
 */
export function connectionProblem(failure: HttpFailure, root: string): Problem | undefined {
	if (failure.status !== undefined || failure.code === undefined) return undefined;
	if (CERTIFICATE_CODES.has(failure.code)) {
		return {
			message: `The server at ${root} presented a certificate this machine does not trust`,
			description: `TLS error ${failure.code}. For a server with a self-signed certificate you trust, turn on "Ignore SSL Issues" in the credential.`,
		};
	}
	const reason = NETWORK_REASONS[failure.code] ?? 'the connection failed';
	return {
		message: `Could not reach Inventory Pro at ${root}: ${reason}. Check the Base URL`,
		description: `Network error ${failure.code}.`,
	};
}
