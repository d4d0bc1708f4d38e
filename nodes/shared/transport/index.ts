/**
 * The only HTTP code of the package: API root from the credential, bearer token through n8n's
 * authenticated request helper (n8n mints it, stores it, and re-mints once on a 401), pacing to the
 * client's budget, waiting out 429s, paging, and service errors turned into workflow errors.
 */
import {
	NodeOperationError,
	sleep,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type IHookFunctions,
	type IHttpRequestMethods,
	type IHttpRequestOptions,
	type ILoadOptionsFunctions,
	type IPollFunctions,
	type ITriggerFunctions,
	type IWebhookFunctions,
} from 'n8n-workflow';

import { endpoint, STANDARD_PAGE_SIZE, type EndpointId, type Permission } from '../endpoints';
import { kindOfList } from '../records';
import { fieldError, fillPlaceholders, placeholders } from '../validation';
import { toNodeError, type CallInfo } from './errors';
import { readFailure } from './failure';
import { listQuery } from './listQuery';
import { pacer, type Slot } from './pacer';
import { collectPages, type PagingOptions } from './paging';
import { MAX_RATE_LIMIT_RETRIES, parseRetryAfter, rateLimitWait } from './retry';
import { clientSettings, CREDENTIAL_TYPE, type ClientSettings } from './settings';
import { callUrl, pathProblem } from './url';
import { noteRequest } from './spent';
import { noteWait } from './waits';

export type InventoryProContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IPollFunctions
	| ITriggerFunctions
	| IWebhookFunctions;

export interface RequestOptions {
	path?: Record<string, string | number>;
	query?: IDataObject;
	body?: IDataObject | IDataObject[];
	itemIndex?: number;
	/**
	 * One quick attempt for a caller that must answer soon (the webhook trigger): no wait for a pacing
	 * slot, no 429 retry, and the request gives up after this many milliseconds.
	 */
	quickMs?: number;
}

export interface CustomRequestOptions {
	query?: IDataObject;
	body?: IDataObject | IDataObject[];
	returnAll?: boolean;
	limit?: number;
	itemIndex?: number;
}

interface Call {
	method: IHttpRequestMethods;
	/** A list row of the table: its `sort` is the node's Sort Column, whose refusal by the service is named. */
	list?: boolean;
	/** Below the API root, placeholders filled. */
	path: string;
	query?: IDataObject;
	body?: IDataObject | IDataObject[];
	permission?: Permission;
	itemIndex?: number;
	quickMs?: number;
}

const NO_SLOT: Slot = { waited: 0, answered: () => undefined };

function withoutBlanks(query: IDataObject | undefined): IDataObject | undefined {
	if (!query) return undefined;
	const entries = Object.entries(query).filter(
		([, value]) => value !== undefined && value !== null && value !== '',
	);
	return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

async function credentialsOf(
	ctx: InventoryProContext,
	itemIndex?: number,
): Promise<ICredentialDataDecryptedObject> {
	const getCredentials = ctx.getCredentials as (
		type: string,
		itemIndex?: number,
	) => Promise<ICredentialDataDecryptedObject>;
	return await getCredentials.call(ctx, CREDENTIAL_TYPE, itemIndex);
}

/** The credential's transport settings; a paged walk reads them once, not per page. */
async function settingsOf(ctx: InventoryProContext, itemIndex?: number): Promise<ClientSettings> {
	return clientSettings(ctx.getNode(), await credentialsOf(ctx, itemIndex), itemIndex);
}

/** One call: paced, authenticated by n8n, retried while the service answers 429 (bounded). */
async function send(
	this: InventoryProContext,
	call: Call,
	known?: ClientSettings,
): Promise<unknown> {
	const node = this.getNode();
	const settings = known ?? (await settingsOf(this, call.itemIndex));
	const info: CallInfo = {
		method: call.method,
		path: call.path,
		root: settings.root,
		permission: call.permission,
		itemIndex: call.itemIndex,
		timeoutMs: settings.timeoutMs,
	};
	if (call.list === true && typeof call.query?.sort === 'string' && call.query.sort !== '') {
		info.sort = {
			column: call.query.sort,
			direction: typeof call.query.direction === 'string' ? call.query.direction : undefined,
		};
	}
	// Every caller checked its path already; this is the last word on where the token may go.
	const target = callUrl(settings.root, call.path);
	if ('problem' in target) {
		throw new NodeOperationError(
			node,
			`The request path ${JSON.stringify(call.path)} was refused: ${target.problem}`,
			{
				itemIndex: call.itemIndex,
			},
		);
	}
	let waitedMs = 0;

	for (let attempt = 0; ; attempt++) {
		const slot =
			call.quickMs === undefined
				? await pacer.book(settings.key, settings.requestsPerMinute, settings.windowMs)
				: NO_SLOT;
		noteWait(this, 'pacing', slot.waited);
		// Fresh options per attempt: n8n's helper adds the Authorization header to the object it gets.
		const request: IHttpRequestOptions = {
			method: call.method,
			url: target.url,
			headers: { Accept: 'application/json' },
			json: true,
			skipSslCertificateValidation: settings.skipTls,
			// A redirect would carry the token elsewhere (n8n re-sends it across origins): a 3xx is an error.
			disableFollowRedirect: true,
			timeout: settings.timeoutMs,
		};
		if (call.quickMs !== undefined) request.timeout = call.quickMs;
		const qs = withoutBlanks(call.query);
		if (qs) request.qs = qs;
		if (call.body !== undefined && call.method !== 'GET') request.body = call.body;

		let response: unknown;
		noteRequest(this);
		try {
			response = await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_TYPE,
				request,
			);
		} catch (error) {
			const failure = readFailure(error);
			// 429 is the one failure the service promises it did not act on; nothing else is sent again.
			const limited = failure.status === 429;
			const retryAfter = limited
				? parseRetryAfter(failure.headers['retry-after'], Date.now())
				: undefined;
			const wait = limited ? rateLimitWait(attempt, retryAfter, settings.backoff) : 0;
			// A 429 shrinks this process's budget and holds the client for the Retry-After (see pacer.ts).
			slot.answered(limited ? 'limited' : 'failed', retryAfter === undefined ? undefined : wait);
			if (limited && call.quickMs === undefined && attempt < MAX_RATE_LIMIT_RETRIES) {
				await sleep(wait);
				waitedMs += wait;
				noteWait(this, 'rateLimit', wait);
				continue;
			}
			throw toNodeError(node, error, info, limited ? { retries: attempt, waitedMs } : undefined);
		}
		slot.answered('ok');
		return response;
	}
}

function endpointPath(
	ctx: InventoryProContext,
	id: EndpointId,
	params: Record<string, string | number>,
	itemIndex?: number,
): string {
	const { path } = endpoint(id);
	// encodeURIComponent leaves "." and ".." alone, and the URL parser would then walk up the path.
	const dots = placeholders(path).find((name) =>
		/^\.{1,2}$/.test(String(params[name] ?? '').trim()),
	);
	if (dots !== undefined) {
		const value = String(params[dots]).trim();
		const why = `it goes into the path ${path}, where "." and ".." would point at another resource`;
		throw fieldError(
			ctx,
			dots,
			`cannot be "${value}"`,
			itemIndex,
			`Enter the record's own ID: ${why}`,
		);
	}
	return fillPlaceholders(path, params, (name) =>
		fieldError(ctx, name, `is required for ${path}`, itemIndex, 'Enter a value'),
	);
}

function endpointCall(ctx: InventoryProContext, id: EndpointId, options: RequestOptions): Call {
	const row = endpoint(id);
	return {
		method: row.method,
		list: row.list !== undefined,
		path: endpointPath(ctx, id, options.path ?? {}, options.itemIndex),
		query: options.query,
		body: options.body,
		permission: row.permission,
		itemIndex: options.itemIndex,
		quickMs: options.quickMs,
	};
}

/** One call to an endpoint of the table. */
export async function apiRequest(
	this: InventoryProContext,
	id: EndpointId,
	options: RequestOptions = {},
): Promise<unknown> {
	return await send.call(this, endpointCall(this, id, options));
}

/**
 * Every record of a list endpoint (or the first `limit`), at the endpoint's largest page size
 * (250; 50 for orders), so an export of N records costs ceil(N / page size) requests. `readOn`, when
 * given, decides after page 1 whether the other pages are worth reading (see PagingOptions).
 */
export async function apiRequestAllItems(
	this: InventoryProContext,
	id: EndpointId,
	options: RequestOptions = {},
	limit?: number,
	readOn?: PagingOptions['readOn'],
): Promise<IDataObject[]> {
	const row = endpoint(id);
	if (!row.list)
		throw new NodeOperationError(this.getNode(), `${row.method} ${row.path} is not a list`, {
			itemIndex: options.itemIndex,
		});
	const idField = kindOfList(id)?.key;
	const sortColumns = row.list.sort;
	const call = endpointCall(this, id, options);
	const settings = await settingsOf(this, options.itemIndex);
	return await collectPages(
		this.getNode(),
		async ({ page, pageSize }) =>
			await send.call(this, { ...call, query: { ...options.query, page, pageSize } }, settings),
		{
			pageSize: row.list.maxPageSize,
			limit,
			// Only where the id is a real column of the list: report rows, for example, have none of their own.
			idField:
				idField !== undefined && Array.isArray(sortColumns) && sortColumns.includes(idField)
					? idField
					: undefined,
			inFlight: settings.pagesInFlight,
			what: row.path,
			itemIndex: options.itemIndex,
			readOn,
		},
	);
}

/** A path the token may be sent to: below the API root after the URL parser has had its say. */
function checkedCustomPath(
	ctx: InventoryProContext,
	root: string,
	path: string,
	itemIndex?: number,
): string {
	const text = path.trim();
	const problem = pathProblem(root, text);
	if (problem !== undefined) {
		const fix = `The Path field was refused: ${problem}. Enter a path such as /Item/All, with no scheme or host; query parameters go in the query options.`;
		throw fieldError(ctx, 'path', 'must be a path below the API root', itemIndex, fix);
	}
	return text;
}

/** Any path below the API root, with the same token, pacing and error handling; `returnAll` pages a list. */
export async function customApiRequest(
	this: InventoryProContext,
	method: IHttpRequestMethods,
	path: string,
	options: CustomRequestOptions = {},
): Promise<unknown> {
	const settings = await settingsOf(this, options.itemIndex);
	const checked = checkedCustomPath(this, settings.root, path, options.itemIndex);
	const call: Call = {
		method,
		path: checked,
		query: options.query,
		body: options.body,
		itemIndex: options.itemIndex,
	};
	if (!options.returnAll) return await send.call(this, call, settings);
	return await collectPages(
		this.getNode(),
		async ({ page, pageSize }) =>
			await send.call(this, { ...call, query: { ...options.query, page, pageSize } }, settings),
		// The service caps page sizes silently (orders at 50), so asking for 250 is right everywhere.
		{
			pageSize: STANDARD_PAGE_SIZE,
			limit: options.limit,
			inFlight: settings.pagesInFlight,
			what: checked,
			itemIndex: options.itemIndex,
		},
	);
}

/** List filters checked against the endpoint's row before any request; see listQuery.ts. */
export function buildListQuery(
	this: InventoryProContext,
	id: EndpointId,
	filters: IDataObject,
	itemIndex: number,
): IDataObject {
	return listQuery(this.getNode(), id, filters, itemIndex);
}
