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

import { TOKEN_PATH } from '../nodes/InventoryPro/endpoints';
import { connectionProblem, readFailure, serviceMessage } from '../nodes/InventoryPro/transport/failure';
import { BASE_URL_EXAMPLE, resolveApiRoot } from '../nodes/InventoryPro/transport/url';

/** The test reads one item: cheap, and it needs only the most basic read right. */
const TEST_SECURITY_ID = 11;

/** Same rule as resolveApiRoot, as an n8n expression for the declarative test request. */
const API_ROOT_EXPRESSION =
	'={{ String($credentials.baseUrl).trim().replace(/\\/+$/, "").replace(/\\/api\\/v2$/i, "") + "/api/v2" }}';

function formEncode(fields: Record<string, string>): string {
	return Object.entries(fields)
		.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
		.join('&');
}

/** Why the token request failed, without the request itself (it holds the secret). */
function tokenError(error: unknown, root: string): UserError {
	const failure = readFailure(error);
	const connection = connectionProblem(failure, root);
	if (connection) return new UserError(connection.message, { description: connection.description });

	const said = serviceMessage(failure.body);
	const status = failure.status ?? 0;
	if (status === 400 || status === 401) {
		return new UserError(`Inventory Pro refused the credentials: ${said ?? `HTTP ${status}`}`, {
			description: 'Check the Client ID and Client Secret, and that the integration account is enabled.',
		});
	}
	if (status === 404 || status === 405) {
		return new UserError(`No Inventory Pro token endpoint at ${root}${TOKEN_PATH} (HTTP ${status}). Check the Base URL`, {
			description: `The Base URL is the API root, e.g. ${BASE_URL_EXAMPLE}.`,
		});
	}
	if (status === 429) {
		return new UserError('Inventory Pro is rate limiting this client (HTTP 429) and issued no token; try again in a minute');
	}
	return new UserError(`Inventory Pro could not issue a token (HTTP ${status})${said ? `: ${said}` : ''}`);
}

export class InventoryProApi implements ICredentialType {
	name = 'inventoryProApi';

	displayName = 'Inventory Pro API';

	icon: Icon = { light: 'file:../nodes/InventoryPro/inventoryPro.svg', dark: 'file:../nodes/InventoryPro/inventoryPro.dark.svg' };

	documentationUrl = 'https://github.com/inventory-pro/n8n-nodes-inventory-pro#credential-inventory-pro-api';

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
			description: 'The API root of your Inventory Pro server, with or without /api/v2. Must be HTTPS.',
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
			description: 'Whether to connect even if the server certificate cannot be verified, e.g. a self-signed one',
		},
		{
			displayName: 'Requests per Minute',
			name: 'requestsPerMinute',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 100,
			description:
				'Most requests this n8n instance sends per minute with this client. Long exports slow down to stay within it instead of getting rate-limited. The service allows 100.',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
		// Timing of rate-limit handling; hidden, production values. Tests shorten them.
		{ displayName: 'Rate Limit Wait (Ms)', name: 'rateLimitWaitMs', type: 'hidden', default: 30_000 },
		{ displayName: 'Rate Limit Max Wait (Ms)', name: 'rateLimitMaxWaitMs', type: 'hidden', default: 60_000 },
		{ displayName: 'Rate Window (Ms)', name: 'rateWindowMs', type: 'hidden', default: 60_000 },
	];

	/** Exchanges the client credentials for a bearer token (4 h); n8n stores it and calls this again after a 401. */
	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject): Promise<IDataObject> {
		const api = resolveApiRoot(credentials.baseUrl);
		if (!api.ok) throw new UserError(api.problem);
		const clientId = String(credentials.clientId ?? '').trim();
		const clientSecret = String(credentials.clientSecret ?? '');
		if (clientId === '' || clientSecret === '') {
			throw new UserError('Enter the Client ID and Client Secret your Inventory Pro administrator issued');
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
		};
		if (basic) request.auth = { username: clientId, password: clientSecret };

		let response: unknown;
		try {
			response = await this.helpers.httpRequest(request);
		} catch (error) {
			throw tokenError(error, api.root);
		}
		const token = (response as IDataObject | undefined)?.access_token;
		if (typeof token !== 'string' || token === '') {
			throw new UserError(`${api.root}${TOKEN_PATH} answered without an access token. Check the Base URL`, {
				description: `The Base URL is the API root, e.g. ${BASE_URL_EXAMPLE}.`,
			});
		}
		return { accessToken: token };
	}

	/** Bearer token on every request, and never over plain HTTP whatever the caller built. */
	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const target = `${requestOptions.baseURL ?? ''}${requestOptions.url ?? ''}`;
		if (/^http:/i.test(target) || /^http:/i.test(requestOptions.url ?? '')) {
			throw new UserError('Inventory Pro accepts credentials only over HTTPS; change the Base URL to https:// (nothing was sent)');
		}
		requestOptions.headers = { ...requestOptions.headers, Authorization: `Bearer ${String(credentials.accessToken)}` };
		return requestOptions;
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: API_ROOT_EXPRESSION,
			url: '/Item',
			qs: { pageSize: 1 },
			skipSslCertificateValidation: '={{ $credentials.ignoreSslIssues }}',
		},
		rules: [
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
