import {
	UserError,
	type ICredentialDataDecryptedObject,
	type ICredentialTestRequest,
	type ICredentialType,
	type IDataObject,
	type IHttpRequestHelper,
	type IHttpRequestOptions,
	type INodeProperties,
	type Icon,
} from 'n8n-workflow';

import { TOKEN_PATH } from '../nodes/shared/endpoints';
import {
	connectionProblem,
	readFailure,
	redirectProblem,
	serviceMessage,
} from '../nodes/shared/transport/failure';
import { DEFAULT_TIMEOUT_SECONDS, requestTimeoutMs } from '../nodes/shared/transport/settings';
import { mintOnce } from '../nodes/shared/transport/singleFlight';
import { textOf } from '../nodes/shared/validation';
import { BASE_URL_EXAMPLE, requestTarget, resolveApiRoot } from '../nodes/shared/transport/url';

/** The test reads one item: cheap, and it needs only the most basic read right. */
const TEST_SECURITY_ID = 11;

/** Same rule as resolveApiRoot, as an n8n expression for the declarative test request: /api/v1 or /api/v2 kept, a bare host gets /api/v2. */
const TRIMMED = 'String($credentials.baseUrl).trim().replace(/\\/+$/, "")';
const API_ROOT_EXPRESSION = `={{ /\\/api\\/v[12]$/i.test(${TRIMMED}) ? ${TRIMMED} : ${TRIMMED} + "/api/v2" }}`;

function formEncode(fields: Record<string, string>): string {
	return Object.entries(fields)
		.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
		.join('&');
}

/** Redirect options of both request shapes n8n hands authenticate(): a 3xx is answered, never followed. */
interface RedirectOptions {
	disableFollowRedirect?: boolean;
	sendCredentialsOnCrossOriginRedirect?: boolean;
	/** The legacy request shape (the HTTP Request node). */
	followRedirect?: boolean;
	followAllRedirects?: boolean;
	uri?: string | { href?: string };
}

/** Why the token request failed, without the request itself (it holds the secret). */
function tokenError(error: unknown, root: string): UserError {
	const failure = readFailure(error);
	const redirect = redirectProblem(failure, `POST ${root}${TOKEN_PATH}`, root);
	if (redirect) return new UserError(redirect.message, { description: redirect.description });
	const connection = connectionProblem(failure, root);
	if (connection) return new UserError(connection.message, { description: connection.description });

	const said = serviceMessage(failure.body);
	const status = failure.status ?? 0;
	if (status === 400 || status === 401) {
		return new UserError(`Inventory Pro refused the credentials: ${said ?? `HTTP ${status}`}`, {
			description:
				'Check the Client ID and Client Secret, and that the integration account is enabled.',
		});
	}
	if (status === 404 || status === 405) {
		return new UserError(
			`No Inventory Pro token endpoint at ${root}${TOKEN_PATH} (HTTP ${status}). Check the Base URL`,
			{
				description: `The Base URL is the API root, e.g. ${BASE_URL_EXAMPLE}.`,
			},
		);
	}
	if (status === 429) {
		return new UserError(
			'Inventory Pro is rate limiting this client (HTTP 429) and issued no token; try again in a minute',
		);
	}
	return new UserError(
		`Inventory Pro could not issue a token (HTTP ${status})${said ? `: ${said}` : ''}`,
	);
}

export class InventoryProApi implements ICredentialType {
	name = 'inventoryProApi';

	displayName = 'Inventory Pro API';

	icon: Icon = {
		light: 'file:../nodes/InventoryPro/inventoryPro.svg',
		dark: 'file:../nodes/InventoryPro/inventoryPro.dark.svg',
	};

	documentationUrl =
		'https://github.com/inventory-pro/n8n-nodes-inventory-pro#credential-inventory-pro-api';

	// clientAuthentication / ignoreSslIssues rather than tokenRequestAuth / allowUnauthorizedCerts: n8n's
	// credential-password-field rule takes "auth" in a name for a secret, and the scanner ignores inline disables.
	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: BASE_URL_EXAMPLE,
			description:
				'The API root of your Inventory Pro server, ending in /api/v1 or /api/v2 (without a version: /api/v2). Must be HTTPS.',
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'Send Client Credentials',
			name: 'clientAuthentication',
			type: 'options',
			options: [
				{ name: 'In the Request Body', value: 'form' },
				{ name: 'As HTTP Basic Authentication', value: 'basic' },
			],
			default: 'form',
			description: 'How the token request (POST /Token) carries the client ID and secret',
		},
		{
			displayName: 'Ignore SSL Issues (Insecure)',
			name: 'ignoreSslIssues',
			type: 'boolean',
			default: false,
			description:
				'Whether to connect even if the server certificate cannot be verified, e.g. a self-signed one',
		},
		{
			displayName: 'Requests per Minute',
			name: 'requestsPerMinute',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 100,
			description:
				'Most requests one n8n process sends per minute with this client (in queue mode: each worker, each on its own). Long exports slow down to stay within it; if the service still answers 429 because other processes share the client, each process lowers its own pace to its share and raises it again when the service has room. The service allows 100.',
		},
		{
			displayName: 'Request Timeout (Seconds)',
			name: 'requestTimeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_TIMEOUT_SECONDS,
			description:
				'Longest wait for an answer to one request. A change (create, update, delete) that gets no answer in time is reported as having an unknown outcome and is not sent again.',
		},
		{
			displayName: 'Pages in Flight',
			name: 'pagesInFlight',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 16 },
			default: 4,
			description:
				'How many pages of one list are requested at the same time once the first page has told the page count. Always within Requests per Minute; 1 reads one page after another.',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
	];

	/** Exchanges the client credentials for a bearer token (4 h); n8n stores it and calls this again after a 401. */
	async preAuthentication(
		this: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
	): Promise<IDataObject> {
		const api = resolveApiRoot(credentials.baseUrl);
		if (!api.ok) throw new UserError(api.problem);
		const clientId = textOf(credentials.clientId ?? '').trim();
		const clientSecret = textOf(credentials.clientSecret ?? '');
		if (clientId === '' || clientSecret === '') {
			throw new UserError(
				'Enter the Client ID and Client Secret your Inventory Pro administrator issued',
			);
		}

		const basic = credentials.clientAuthentication === 'basic';
		const form: Record<string, string> = { grant_type: 'client_credentials' };
		if (!basic) Object.assign(form, { client_id: clientId, client_secret: clientSecret });
		const request: IHttpRequestOptions = {
			method: 'POST',
			url: `${api.root}${TOKEN_PATH}`,
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
			body: formEncode(form),
			skipSslCertificateValidation: credentials.ignoreSslIssues === true,
			json: true,
			// A redirect would re-send the client secret to wherever it points (a 307 keeps the body).
			disableFollowRedirect: true,
			timeout: requestTimeoutMs(credentials),
		};
		if (basic) request.auth = { username: clientId, password: clientSecret };

		const exchange = async (): Promise<string> => {
			let response: unknown;
			try {
				response = await this.helpers.httpRequest(request);
			} catch (error) {
				throw tokenError(error, api.root);
			}
			const token = (response as IDataObject | undefined)?.access_token;
			if (typeof token !== 'string' || token === '') {
				throw new UserError(
					`${api.root}${TOKEN_PATH} answered without an access token. Check the Base URL`,
					{
						description: `The Base URL is the API root, e.g. ${BASE_URL_EXAMPLE}.`,
					},
				);
			}
			return token;
		};
		const replaced = textOf(credentials.accessToken ?? '');
		// No reuse without a token to replace: a first exchange (or the credential test) always asks.
		if (replaced === '') return { accessToken: await exchange() };
		return {
			accessToken: await mintOnce(
				[api.root, clientId, clientSecret, String(basic), replaced],
				exchange,
			),
		};
	}

	/**
	 * The bearer token, only for HTTPS requests to the Base URL's origin, and never through a redirect.
	 * The credential can be picked in other nodes too (the HTTP Request node), so the target is checked
	 * here, on the URL as the HTTP client will build it. A request elsewhere is refused with an error
	 * rather than sent without the token: it would still go out, and fail in a way that hides why.
	 */
	authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		// n8n wants a promise; a refusal rejects it, as an async method's throw would.
		return Promise.resolve().then(() => withToken(credentials, requestOptions));
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: API_ROOT_EXPRESSION,
			url: '/Item',
			qs: { pageSize: 1 },
			skipSslCertificateValidation: '={{ $credentials.ignoreSslIssues }}',
			// authenticate() sets this too; here as well so the test never follows a redirect whatever runs it.
			disableFollowRedirect: true,
		},
		rules: [
			// The dialog's messages are fixed text; the token exchange before this request names the
			// redirect's target when /Token is redirected too, which a moved or proxied host does.
			...[301, 302, 303, 307, 308].map((status) => ({
				type: 'responseCode' as const,
				properties: {
					value: status,
					message: `GET /Item was answered with a redirect (HTTP ${status}), which is not followed: the Base URL is probably wrong. Nothing was sent to the redirect target; enter the API root that answers directly, e.g. ${BASE_URL_EXAMPLE}.`,
				},
			})),
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: `The client ID and secret work, but the account lacks Security ID ${TEST_SECURITY_ID} (read items). Ask an administrator to add it to the integration user's group.`,
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'Inventory Pro issued a token but then refused it: the account may be disabled.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: `No Inventory Pro API at this Base URL. Enter the API root, e.g. ${BASE_URL_EXAMPLE}.`,
				},
			},
		],
	};
}

/** The request with the bearer token, after the checks described on `authenticate`. */
function withToken(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): IHttpRequestOptions {
	const api = resolveApiRoot(credentials.baseUrl);
	if (!api.ok) throw new UserError(api.problem);
	const options = requestOptions as IHttpRequestOptions & RedirectOptions;
	const uri = typeof options.uri === 'object' ? options.uri?.href : options.uri;
	const raw = String(options.url ?? uri ?? '');
	const target = requestTarget(raw, options.baseURL);
	if (target?.protocol === 'http:') {
		throw new UserError(
			'Inventory Pro accepts credentials only over HTTPS; change the Base URL to https:// (nothing was sent)',
		);
	}
	const origin = new URL(api.root).origin;
	if (!target || target.origin !== origin) {
		throw new UserError(
			`This Inventory Pro credential sends its token only to ${origin}, not to ${target ? `${target.protocol}//${target.host}` : 'an unreadable URL'} (nothing was sent)`,
			{
				description:
					"Use a URL below the credential's Base URL, or another credential for the other server.",
			},
		);
	}
	Object.assign(options, {
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
		followRedirect: false,
		followAllRedirects: false,
	});
	// The credential's timeout wherever the caller set none (the test request, the HTTP Request node).
	options.timeout ??= requestTimeoutMs(credentials);
	options.headers = {
		...options.headers,
		Authorization: `Bearer ${textOf(credentials.accessToken)}`,
	};
	return options;
}
