import type { IDataObject } from 'n8n-workflow';

import { BASE_URL_EXAMPLE } from './url';

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
	const plain =
		typeof source.toJSON === 'function'
			? (asObject((source.toJSON as () => unknown)()) ?? source)
			: source;
	for (const [name, value] of Object.entries(plain)) {
		if (typeof value === 'string' || typeof value === 'number')
			result[name.toLowerCase()] = String(value);
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
	const code = [outer.code, cause?.code].find(
		(value): value is string => typeof value === 'string' && !/^\d+$/.test(value),
	);
	if (response && typeof response.status === 'number') {
		return {
			status: response.status,
			headers: lowerCaseHeaders(response.headers),
			body: response.data,
			code,
		};
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

/** A 3xx: what the service (or whatever answers at the Base URL) said, and where it pointed. */
export function redirectProblem(
	failure: HttpFailure,
	asked: string,
	root: string,
): Problem | undefined {
	const status = failure.status;
	if (status === undefined || status < 300 || status > 399) return undefined;
	const location = failure.headers.location;
	let where = 'no Location';
	if (location) {
		try {
			const target = new URL(location, root);
			where = `${target.protocol}//${target.host}`;
		} catch {
			where = 'an unreadable Location';
		}
	}
	return {
		message: `${asked} was answered with a redirect (HTTP ${status} to ${where}), which is not followed: the Base URL is probably wrong`,
		description: `Nothing was sent to the redirect target. Enter the API root that answers directly, e.g. ${BASE_URL_EXAMPLE}; a redirect usually means an old host name, a proxy or a login page in front of the API.`,
	};
}

/** Codes after which a request may or may not have reached the service and been carried out. */
const OUTCOME_UNKNOWN_CODES = new Set([
	'ECONNABORTED',
	'ETIMEDOUT',
	'ECONNRESET',
	'EPIPE',
	'ERR_SOCKET_CONNECTION_TIMEOUT',
]);

/** A write that timed out or lost its connection: it may have been carried out, so it must not be sent again blindly. */
export function unknownOutcome(
	failure: HttpFailure,
	asked: string,
	timeoutMs: number,
): Problem | undefined {
	if (
		failure.status !== undefined ||
		failure.code === undefined ||
		!OUTCOME_UNKNOWN_CODES.has(failure.code)
	)
		return undefined;
	const why =
		failure.code === 'ECONNABORTED' || failure.code === 'ETIMEDOUT'
			? `no answer within ${timeoutMs / 1000} s`
			: 'the connection was lost before the answer';
	return {
		message: `${asked}: ${why}, outcome unknown — check before retrying`,
		description: `Inventory Pro may or may not have carried out this change, and the API has no way to make a repeat safe, so it was not sent again. Look the record up (or check the service) before running it again. Network error ${failure.code}.`,
	};
}
