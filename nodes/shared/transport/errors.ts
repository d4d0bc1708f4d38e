import { NodeApiError, NodeOperationError, type INode, type JsonObject } from 'n8n-workflow';

import type { Permission } from '../endpoints';
import {
	connectionProblem,
	readFailure,
	redirectProblem,
	serviceMessage,
	unknownOutcome,
	type HttpFailure,
	type Problem,
} from './failure';

/** The call a failure belongs to, for messages that say what was asked. */
export interface CallInfo {
	method: string;
	/** Path below the API root, e.g. /Item/ABC. */
	path: string;
	root: string;
	permission?: Permission;
	itemIndex?: number;
	/** The request timeout in force, for the message when a write timed out. */
	timeoutMs?: number;
	/** The sort column and direction sent, for the service's verdict on them. */
	sort?: { column: string; direction?: string };
}

/** The service's answer to a sort column it does not have (spec: 400 "Invalid sort column or direction."). */
const INVALID_SORT = /invalid sort column/i;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RetryInfo {
	retries: number;
	waitedMs: number;
}

function validationLines(details: unknown): string | undefined {
	if (typeof details !== 'object' || details === null) return undefined;
	const lines = Object.entries(details as Record<string, unknown>).map(([field, messages]) => {
		const list = Array.isArray(messages) ? messages.map(String) : [String(messages)];
		return `${field}: ${list.join(' ')}`;
	});
	return lines.length > 0 ? lines.join('\n') : undefined;
}

function permissionHint(call: CallInfo): string {
	const { permission } = call;
	if (typeof permission === 'number') {
		return `${call.method} ${call.path} needs Security ID ${permission} in the integration user's group.`;
	}
	if (permission === 'report')
		return `Reports follow the per-report rights of the integration user's group.`;
	return `${call.method} ${call.path}`;
}

function messageAndDescription(
	failure: HttpFailure,
	call: CallInfo,
	retry?: RetryInfo,
): { message: string; description?: string } {
	const status = failure.status as number;
	const said = serviceMessage(failure.body);
	const body = (
		typeof failure.body === 'object' && failure.body !== null ? failure.body : {}
	) as JsonObject;
	const asked = `${call.method} ${call.path}`;
	switch (status) {
		case 401:
			return {
				message:
					'Inventory Pro refused a freshly issued token: the client ID and secret or the account itself is the problem (disabled, or its rights withdrawn)',
				description: `${asked} answered 401${said ? `: ${said}` : ''}`,
			};
		case 403:
			// The service's four 403 texts say exactly what is wrong; pass them on as they are.
			return { message: said ?? 'Forbidden (HTTP 403)', description: permissionHint(call) };
		case 429: {
			const seconds = Math.round((retry?.waitedMs ?? 0) / 1000);
			return {
				message: `Inventory Pro kept answering 429 Too Many Requests after ${retry?.retries ?? 0} retries over ${seconds} s${said ? ` (${said})` : ''}`,
				description:
					'Lower "Requests per Minute" on the credential, or let fewer workflows use this client at the same time.',
			};
		}
		case 400:
			// The service judges sort columns per list; say which parameter and value it refused.
			if (call.sort !== undefined && said !== undefined && INVALID_SORT.test(said)) {
				const { column, direction } = call.sort;
				return {
					message: `Sort Column (sort) "${column}" was refused by the service: ${said}`,
					description: `${asked} does not sort by "${column}"${direction ? ` ${direction}` : ''}. Pick another Sort Column (the list holds the documented ones) or leave it empty for the service's order.`,
				};
			}
			return defaultMessage(status, said, body, asked);
		default:
			return defaultMessage(status, said, body, asked);
	}
}

function defaultMessage(
	status: number,
	said: string | undefined,
	body: JsonObject,
	asked: string,
): { message: string; description?: string } {
	const details = validationLines(body.details);
	const code = typeof body.error === 'string' ? ` (${body.error})` : '';
	return {
		message: said ?? `Inventory Pro answered HTTP ${status} to ${asked}`,
		description: details ?? `${asked} answered ${status}${code}`,
	};
}

/**
 * Turns whatever a request threw into the error the workflow shows: the service's message, its
 * validation details per field, or what to check when no answer came. Built from a clean copy of the
 * response body, never from the request (its headers hold the token).
 */
export function toNodeError(
	node: INode,
	error: unknown,
	call: CallInfo,
	retry?: RetryInfo,
): NodeApiError | NodeOperationError {
	const failure = readFailure(error);
	const itemIndex = call.itemIndex;
	const asked = `${call.method} ${call.path}`;
	const problemError = (problem: Problem) => {
		const apiError = new NodeApiError(
			node,
			{ message: problem.message },
			{ ...problem, itemIndex },
		);
		// NodeApiError swaps messages that mention timeouts or codes for generic ones; keep ours.
		apiError.message = problem.message;
		if (problem.description !== undefined) apiError.description = problem.description;
		if (failure.status !== undefined) apiError.httpCode = String(failure.status);
		return apiError;
	};

	const redirect = redirectProblem(failure, asked, call.root);
	if (redirect) return problemError(redirect);

	if (failure.status === undefined) {
		const unknown = WRITES.has(call.method.toUpperCase())
			? unknownOutcome(failure, asked, call.timeoutMs ?? 0)
			: undefined;
		if (unknown) return problemError(unknown);
		const connection = connectionProblem(failure, call.root);
		if (connection) return problemError(connection);
		// A refusal from the credential (token exchange, HTTPS check) already says what to fix.
		if (error instanceof NodeApiError || error instanceof NodeOperationError) {
			if (itemIndex !== undefined) error.context.itemIndex ??= itemIndex;
			return error;
		}
		return new NodeOperationError(node, error instanceof Error ? error.message : String(error), {
			itemIndex,
		});
	}

	const { message, description } = messageAndDescription(failure, call, retry);
	const body =
		typeof failure.body === 'object' && failure.body !== null ? (failure.body as JsonObject) : {};
	const clean: JsonObject = { statusCode: failure.status, message };
	for (const key of ['error', 'message', 'details'] as const)
		if (body[key] !== undefined) clean[key] = body[key];
	const apiError = new NodeApiError(node, clean, {
		message,
		description,
		httpCode: String(failure.status),
		itemIndex,
	});
	// NodeApiError rewrites messages that contain certain words; the service's text must stay verbatim.
	apiError.message = message;
	if (description !== undefined) apiError.description = description;
	return apiError;
}
