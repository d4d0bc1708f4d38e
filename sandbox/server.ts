/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	the sandbox, the tests' stand-in Inventory Pro server: runs on Node and never ships */
/**
 * The request pipeline: prefix, token endpoint, then for everything else the checks in authorize.ts's
 * order, then the list machinery or the endpoint's handler. Every response carries X-API-Version: v2;
 * every failure the error envelope, except 429 (message only, spec Errors rule 5).
 */
import type { IncomingMessage, ServerResponse } from 'http';

import { API_PREFIX, TOKEN_PATH, type RouteSpec, type RouteId } from './routes';
import { DEFAULT_PAGE_SIZE } from './routes';
import type { TokenService } from './auth';
import { assertBodyScope, assertPermission, assertWritable } from './authorize';
import { ScaledClock, type Clock } from './clock';
import { ApiError, badRequest } from './errors';
import { injectedError, type Fault, type Faults } from './faults';
import {
	filterRows,
	isPage,
	pageOf,
	pagingHeaders,
	parseListQuery,
	resolveSort,
	shuffleTies,
	sortRows,
	SortCache,
	withoutZones,
	type ListQuery,
} from './lists';
import type { RateLimiter } from './rateLimit';
import type { ListSource, ListSourceFn } from './resources';
import { matchRoute } from './router';
import type { RecordedRequest, StatsRecorder } from './stats';
import type { Store } from './store';
import type { Handler, RequestContext } from './types';
import { validateBody, validateQuery } from './validate';

export interface ServerDeps {
	clock: Clock;
	store: Store;
	tokens: TokenService;
	limiter: RateLimiter;
	faults: Faults;
	recorder: StatsRecorder;
	handlers: Partial<Record<RouteId, Handler>>;
	lists: Partial<Record<RouteId, ListSourceFn>>;
	/** Endpoints answering 501 not_implemented. */
	disabledEndpoints: ReadonlySet<RouteId>;
	latencyMs: number;
}

interface Result {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
	/** What the answer waits for (an injected slow fault). */
	hold?: Promise<unknown>;
}

const FRESH_PAGE_COUNT = 3;

const MAX_BODY_BYTES = 1_000_000;
const SECRET_KEYS = new Set(['client_secret', 'secret']);

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size <= MAX_BODY_BYTES) chunks.push(chunk);
		});
		req.on('end', () =>
			size > MAX_BODY_BYTES
				? reject(new BodyTooLarge())
				: resolve(Buffer.concat(chunks).toString('utf8')),
		);
		req.on('error', reject);
	});
}

/** Request bodies as recorded for tests: secrets masked (they never appear in logs). */
function masked(value: unknown): unknown {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
	return Object.fromEntries(
		Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.has(k) ? '***' : v]),
	);
}

function parseJson(raw: string): unknown {
	if (raw.trim() === '') return undefined;
	try {
		return JSON.parse(raw) as unknown;
	} catch {
		throw badRequest('The request body is not valid JSON.');
	}
}

/** The API version of a request path: v2 (the spec), or v1 (the vendor's public docs; the same routes here). */
function versionOf(pathname: string): 'v1' | 'v2' | undefined {
	const match = /^\/api\/(v[12])(\/|$)/i.exec(pathname);
	return match ? (match[1].toLowerCase() as 'v1' | 'v2') : undefined;
}

/** The path below /api/v2 or /api/v1 (matched case-insensitively), or undefined outside them. */
function relativePath(pathname: string): string | undefined {
	const version = versionOf(pathname);
	if (version === undefined) return undefined;
	const rest = pathname.slice(API_PREFIX.length);
	return rest || '/';
}

function errorResult(error: unknown, entry: RecordedRequest): Result {
	if (error instanceof ApiError)
		return { status: error.status, body: error.envelope(), headers: error.headers };
	entry.error = error instanceof Error ? error.message : String(error);
	return { status: 500, body: new ApiError('internal_error', 'An error has occurred.').envelope() };
}

export function createRequestListener(
	deps: ServerDeps,
): (req: IncomingMessage, res: ServerResponse) => void {
	const { clock, store, tokens, limiter, faults, recorder } = deps;
	const sortCache = new SortCache();

	// A client waits in real time: under a ScaledClock the header says the real seconds (fractional) the
	// service's seconds last, or a client would sit out a whole scaled minute per 429 (see sandbox/README.md).
	const realSeconds = (seconds: number) =>
		clock instanceof ScaledClock
			? String(Math.ceil(clock.toReal(seconds * 1000)) / 1000)
			: String(seconds);
	const rateLimited = (retryAfterSeconds: number): Result => ({
		status: 429,
		body: limiter.body(),
		headers: { 'Retry-After': realSeconds(retryAfterSeconds) },
	});

	function listResult(
		spec: NonNullable<RouteSpec['list']>,
		source: ListSource,
		query: ListQuery,
	): Result {
		const columns = spec.sort === 'reportColumns' ? (source.columns ?? []) : spec.sort;
		const column = resolveSort(columns, query.sort, spec.defaultSort || columns[0]);
		const sorted = sortCache.get(`${source.key}|${column}|${query.direction}`, store.version, () =>
			sortRows(source.rows(), column, query.direction, source.idField),
		);
		const random = faults.tieRandom();
		const shown = faults.visible(
			random ? shuffleTies(sorted, column, random) : sorted,
			clock.now(),
		);
		const found = pageOf(filterRows(shown, query, source.dates), query);
		const page = source.present ? { ...found, value: found.value.map(source.present) } : found;
		const body = faults.zonelessStamps ? { ...page, value: page.value.map(withoutZones) } : page;
		return { status: 200, body, headers: pagingHeaders(page) };
	}

	const holdFor = (fault: Extract<Fault, { kind: 'slow' }>): Promise<unknown> =>
		fault.until ?? new Promise((resolve) => setTimeout(resolve, fault.ms));

	/** The answer a fault gives instead of handling the request (slow and endless lists are handled in place). */
	function faultResult(
		fault: Exclude<Fault, { kind: 'slow' | 'endlessList' | 'sortIgnored' }>,
	): Result {
		switch (fault.kind) {
			case 'redirect':
				return { status: fault.status, body: undefined, headers: { Location: fault.location } };
			case 'rateLimited':
				return {
					status: 429,
					body: limiter.body(),
					headers: fault.retryAfter === null ? {} : { 'Retry-After': fault.retryAfter },
				};
			case 'error':
				if (fault.code === 'rate_limited') return rateLimited(60);
				throw injectedError(fault.code);
		}
	}

	/** A list that never ends (see Fault): the first page again, or new made-up rows on every page. */
	function endlessResult(
		mode: 'samePage' | 'fresh',
		spec: NonNullable<RouteSpec['list']>,
		source: ListSource,
		query: ListQuery,
	): Result {
		if (mode === 'samePage') {
			const first = listResult(spec, source, { ...query, page: 1 });
			return { ...first, body: { ...(first.body as object), hasMore: true } };
		}
		const start = (query.page - 1) * query.pageSize;
		const value = Array.from({ length: query.pageSize }, (_, i) => ({ endless: start + i + 1 }));
		const page = {
			value,
			totalCount: FRESH_PAGE_COUNT * query.pageSize,
			page: query.page,
			pageSize: query.pageSize,
			pageCount: FRESH_PAGE_COUNT,
			hasMore: true,
		};
		return { status: 200, body: page, headers: pagingHeaders(page) };
	}

	function token(req: IncomingMessage, raw: string, entry: RecordedRequest): Result {
		entry.endpointId = 'token';
		const fault = faults.take('token');
		if (
			fault &&
			fault.kind !== 'slow' &&
			fault.kind !== 'endlessList' &&
			fault.kind !== 'sortIgnored'
		)
			return faultResult(fault);
		if (/json/i.test(req.headers['content-type'] ?? '')) {
			throw badRequest(
				'The token request must be form-encoded (application/x-www-form-urlencoded).',
			);
		}
		const form = new URLSearchParams(raw);
		entry.body = masked(Object.fromEntries(form));
		const { clientId, response } = tokens.issue(form, req.headers.authorization);
		entry.clientId = clientId;
		recorder.stats.tokensIssued++;
		return {
			status: 200,
			body: response,
			headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
			hold: fault?.kind === 'slow' ? holdFor(fault) : undefined,
		};
	}

	async function dispatch(
		req: IncomingMessage,
		url: URL,
		raw: string,
		entry: RecordedRequest,
	): Promise<Result> {
		const method = req.method ?? 'GET';
		const path = relativePath(url.pathname);
		if (path === undefined)
			throw new ApiError(
				'not_found',
				`No endpoint at ${url.pathname}; the API is served under ${API_PREFIX}.`,
			);
		if (path.toLowerCase() === TOKEN_PATH.toLowerCase() && method === 'POST')
			return token(req, raw, entry);

		const match = matchRoute(method, path, url.searchParams);
		entry.endpointId = match?.id;
		// A redirect comes from whatever stands in front of the service, before it looks at the token.
		const redirect = match && faults.takeIf(match.id, 'redirect');
		if (redirect) return faultResult(redirect);
		const client = tokens.authenticate(req.headers.authorization);
		entry.clientId = client.clientId;
		const now = clock.now();
		const slot = limiter.take(client.clientId, now);
		if (!slot.allowed) return rateLimited(slot.retryAfterSeconds);
		if (!match) throw new ApiError('not_found', `No endpoint ${method} ${API_PREFIX}${path}.`);

		const { id, endpoint, params } = match;
		const fault = faults.take(id);
		if (fault?.kind === 'sortIgnored') url.searchParams.set('direction', fault.direction);
		else if (fault && fault.kind !== 'slow' && fault.kind !== 'endlessList')
			return faultResult(fault);
		assertWritable(client, method);
		assertPermission(client, endpoint, params);
		const handler = deps.handlers[id];
		const listSource = deps.lists[id];
		if (deps.disabledEndpoints.has(id) || (!handler && !listSource)) {
			throw new ApiError(
				'not_implemented',
				`${method} ${endpoint.path} is not available on this deployment.`,
			);
		}

		const listQuery = endpoint.list
			? parseListQuery(endpoint.list, url.searchParams, DEFAULT_PAGE_SIZE)
			: undefined;
		if (endpoint.query) validateQuery(endpoint.query, url.searchParams);
		const sent = parseJson(raw);
		entry.body = masked(sent);
		const parsed = renamed(sent, endpoint.aliases);
		const body = endpoint.body ? validateBody(endpoint.body, parsed) : parsed;
		assertBodyScope(client, endpoint, body);

		const ctx: RequestContext = {
			endpointId: id,
			client,
			pathParams: params,
			query: url.searchParams,
			body,
			now,
		};
		const hold = fault?.kind === 'slow' ? holdFor(fault) : undefined;
		if (listSource && listQuery) {
			const spec = endpoint.list as NonNullable<RouteSpec['list']>;
			if (fault?.kind === 'endlessList')
				return endlessResult(fault.mode, spec, listSource(ctx), listQuery);
			return { ...listResult(spec, listSource(ctx), listQuery), hold };
		}
		const result = await (handler as Handler)(ctx);
		const headers = {
			...(isPage(result.body) ? pagingHeaders(result.body) : {}),
			...result.headers,
		};
		return { status: result.status ?? endpoint.success, body: result.body, headers, hold };
	}

	/** A body's alias names replaced by the field names (a field sent under both names keeps the field's value). */
	function renamed(body: unknown, aliases: RouteSpec['aliases']): unknown {
		if (!aliases || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
		const result: Record<string, unknown> = {};
		for (const [name, value] of Object.entries(body)) {
			const field = aliases[name];
			if (field === undefined) result[name] = value;
			else if (!(field in body)) result[field] = value;
		}
		return result;
	}

	function send(res: ServerResponse, result: Result, version: 'v1' | 'v2'): void {
		if (res.destroyed) return; // the client gave up waiting (a slow fault)
		const text = result.body === undefined ? '' : JSON.stringify(result.body);
		res.writeHead(result.status, {
			'Content-Type': 'application/json; charset=utf-8',
			'Content-Length': Buffer.byteLength(text),
			'X-API-Version': version,
			...result.headers,
		});
		res.end(text);
	}

	return (req, res) => {
		const url = new URL(req.url ?? '/', 'https://sandbox.invalid');
		const entry: RecordedRequest = {
			at: clock.now(),
			method: req.method ?? 'GET',
			path: url.pathname,
			query: Object.fromEntries(url.searchParams),
			body: undefined,
			status: 0,
		};
		void (async () => {
			let result: Result;
			try {
				const raw = await readBody(req);
				if (deps.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, deps.latencyMs));
				result = await dispatch(req, url, raw, entry);
			} catch (error) {
				result =
					error instanceof BodyTooLarge
						? errorResult(badRequest('The request body is too large.'), entry)
						: errorResult(error, entry);
			}
			entry.status = result.status;
			recorder.record(entry);
			if (result.hold) await result.hold;
			send(res, result, versionOf(url.pathname) ?? 'v2');
		})();
	};
}
