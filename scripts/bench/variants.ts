// The contenders, configured the way a user would: our node with "Return All", and n8n's HTTP Request
// node as n8n's pagination docs describe (page = {{ $pageCount + 1 }}, complete when hasMore is false)
// with n8n's generic OAuth2 credential (client credentials).
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { testSeam } from '../../nodes/shared/transport/settings';
import type { N8nRunner } from './n8n';
import { BENCH_CLIENT, type StartedSandbox } from './protocol';

/** The list every contender reads: all items (endpoint item.listAll). */
export const LIST_PATH = '/Item/All';
export const LIST_ENDPOINT = 'item.listAll';

export interface VariantContext {
	runner: N8nRunner;
	sandbox: StartedSandbox;
	/** ScaledClock factor: waits that n8n counts in real milliseconds are divided by it. */
	scale: number;
	/** The service's limit in requests per service minute. */
	rateLimitPerMinute: number;
	/** Unique per run, so every variant starts without a token. */
	credentialId: string;
}

export interface Variant {
	key: string;
	label: string;
	/** Records arrive as page envelopes (HTTP Request) instead of one item per record. */
	envelopes: boolean;
	node(ctx: VariantContext): Omit<INode, 'id' | 'position'>;
}

/** Our node; `pagesInFlight` overrides the credential's default (4). */
function ourNode(key: string, label: string, pagesInFlight?: number): Variant {
	return {
		key,
		label,
		envelopes: false,
		node(ctx) {
			// The pacer's window is the service's minute, which the ScaledClock shortens to 60/scale real
			// seconds; the 429 waits alike (the transport's test seam: .build/ holds the module the node uses).
			testSeam.useTiming({
				windowMs: 60_000 / ctx.scale,
				baseMs: 30_000 / ctx.scale,
				capMs: 60_000 / ctx.scale,
				floorMs: 1_000 / ctx.scale,
			});
			const credential = ctx.runner.saveCredential(ctx.credentialId, 'inventoryProApi', {
				baseUrl: ctx.sandbox.baseUrl,
				clientId: BENCH_CLIENT.clientId,
				clientSecret: BENCH_CLIENT.clientSecret,
				clientAuthentication: 'form',
				ignoreSslIssues: true,
				// The budget per window, as a user sets it.
				requestsPerMinute: ctx.rateLimitPerMinute,
				...(pagesInFlight === undefined ? {} : { pagesInFlight }),
				accessToken: '',
			});
			return {
				name: 'Inventory Pro',
				type: 'n8n-nodes-inventory-pro.inventoryPro',
				typeVersion: 2,
				// /Item/All: every seeded item, discontinued ones included, so N seeded = N expected; Raw
				// returns every field, as the other variants do.
				parameters: {
					resource: 'item',
					operation: 'getAll',
					returnAll: true,
					filters: { includeInactive: true },
					output: 'raw',
				},
				credentials: { inventoryProApi: credential },
			};
		},
	};
}

export const OUR_NODE = ourNode('ours', 'Inventory Pro node (Return All)');
/** The same with one page at a time, as before pages in flight (section 6). */
export const OUR_NODE_ONE_PAGE = ourNode(
	'ours-1',
	'Inventory Pro node (Return All), 1 page in flight',
	1,
);

interface HttpOptions {
	key: string;
	label: string;
	/** Sent as pageSize; undefined leaves the service default (25). */
	pageSize?: number;
	/** Pagination option "Interval Between Requests", in service milliseconds. */
	intervalMs?: number;
	/** Node setting "Retry On Fail" with its most patient wait (5 s) and 3 tries. */
	retryOnFail?: boolean;
}

export function httpRequestVariant(options: HttpOptions): Variant {
	return {
		key: options.key,
		label: options.label,
		envelopes: true,
		node(ctx) {
			const credential = ctx.runner.saveCredential(ctx.credentialId, 'oAuth2Api', {
				grantType: 'clientCredentials',
				accessTokenUrl: `${ctx.sandbox.baseUrl}/Token`,
				clientId: BENCH_CLIENT.clientId,
				clientSecret: BENCH_CLIENT.clientSecret,
				scope: '',
				authentication: 'header',
				ignoreSSLIssues: true,
			});
			const pagination: IDataObject = {
				paginationMode: 'updateAParameterInEachRequest',
				parameters: { parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }] },
				paginationCompleteWhen: 'other',
				completeExpression: '={{ !$response.body.hasMore }}',
			};
			if (options.intervalMs)
				pagination.requestInterval = Math.round(options.intervalMs / ctx.scale);
			const parameters: IDataObject = {
				method: 'GET',
				url: `${ctx.sandbox.baseUrl}${LIST_PATH}`,
				authentication: 'genericCredentialType',
				genericAuthType: 'oAuth2Api',
				options: { allowUnauthorizedCerts: true, pagination: { pagination } },
			};
			if (options.pageSize !== undefined) {
				parameters.sendQuery = true;
				parameters.queryParameters = {
					parameters: [{ name: 'pageSize', value: String(options.pageSize) }],
				};
			}
			return {
				name: 'HTTP Request',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.5,
				parameters: parameters as INodeParameters,
				credentials: { oAuth2Api: credential },
				...(options.retryOnFail
					? {
							retryOnFail: true,
							maxTries: 3,
							waitBetweenTries: Math.max(1, Math.round(5000 / ctx.scale)),
						}
					: {}),
			};
		},
	};
}

export const HTTP_DEFAULT = httpRequestVariant({
	key: 'http25',
	label: 'HTTP Request, default page size (25)',
});
export const HTTP_250 = httpRequestVariant({
	key: 'http250',
	label: 'HTTP Request, pageSize 250',
	pageSize: 250,
});
export const HTTP_250_RETRY = httpRequestVariant({
	key: 'http250retry',
	label: 'HTTP Request, pageSize 250, Retry On Fail (3 × 5 s)',
	pageSize: 250,
	retryOnFail: true,
});
export const HTTP_250_INTERVAL = httpRequestVariant({
	key: 'http250interval',
	label: 'HTTP Request, pageSize 250, interval 600 ms',
	pageSize: 250,
	intervalMs: 600,
});
