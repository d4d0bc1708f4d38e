/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * A small HTTPS client for tests against the sandbox: trusts the sandbox's CA, fetches and caches a token,
 * and returns status, headers and the parsed body of every call.
 */
import { request as httpsRequest } from 'https';
import type { IncomingHttpHeaders } from 'http';

export interface SandboxLike {
	baseUrl: string;
	ca: string;
}

export interface Credentials {
	clientId: string;
	clientSecret: string;
}

/** A JSON object, field by field: what most answers are. */
export type JsonObject = Record<string, unknown>;

/** T: the answer's shape as the caller knows it (a list: `Page<…>` from sandbox/lists). */
export interface ApiResponse<T = JsonObject> {
	status: number;
	headers: IncomingHttpHeaders;
	/** Parsed JSON, or the raw text when the answer is not JSON. */
	body: T;
	text: string;
}

export interface RequestOptions {
	query?: Record<string, string | number | boolean | undefined>;
	/** Sent as JSON, or as-is when a string. */
	body?: unknown;
	headers?: Record<string, string>;
	/** Bearer token to send; null sends none; default: this client's token. */
	token?: string | null;
}

export const DEMO: Credentials = { clientId: 'demo', clientSecret: 'inventory-pro-demo-secret' };

export class SandboxClient {
	private cachedToken?: string;

	constructor(
		private readonly sandbox: SandboxLike,
		private readonly credentials: Credentials = DEMO,
	) {}

	/** Raw HTTPS call; `path` is relative to the base URL (e.g. /Item) unless it starts with https://. */
	raw<T = JsonObject>(
		method: string,
		path: string,
		options: {
			query?: RequestOptions['query'];
			body?: string;
			headers?: Record<string, string>;
		} = {},
	): Promise<ApiResponse<T>> {
		const url = new URL(path.startsWith('https://') ? path : this.sandbox.baseUrl + path);
		for (const [key, value] of Object.entries(options.query ?? {})) {
			if (value !== undefined) url.searchParams.set(key, String(value));
		}
		return new Promise((resolve, reject) => {
			const req = httpsRequest(
				url,
				{ method, ca: this.sandbox.ca, headers: options.headers, agent: false },
				(res) => {
					const chunks: Buffer[] = [];
					res.on('data', (chunk: Buffer) => chunks.push(chunk));
					res.on('end', () => {
						const text = Buffer.concat(chunks).toString('utf8');
						let body: unknown = text;
						try {
							body = text === '' ? undefined : JSON.parse(text);
						} catch {
							// not JSON: keep the text
						}
						resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body as T, text });
					});
				},
			);
			req.on('error', reject);
			if (options.body !== undefined) req.write(options.body);
			req.end();
		});
	}

	/** POST /Token with the form (default: these credentials, grant client_credentials). */
	requestToken(
		form?: Record<string, string>,
		headers: Record<string, string> = {},
	): Promise<ApiResponse> {
		const fields = form ?? {
			grant_type: 'client_credentials',
			client_id: this.credentials.clientId,
			client_secret: this.credentials.clientSecret,
		};
		return this.raw('POST', '/Token', {
			body: new URLSearchParams(fields).toString(),
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
		});
	}

	async token(): Promise<string> {
		if (this.cachedToken) return this.cachedToken;
		const response = await this.requestToken();
		if (response.status !== 200)
			throw new Error(`token request failed: ${response.status} ${response.text}`);
		this.cachedToken = (response.body as { access_token: string }).access_token;
		return this.cachedToken;
	}

	forgetToken(): void {
		this.cachedToken = undefined;
	}

	async request<T = JsonObject>(
		method: string,
		path: string,
		options: RequestOptions = {},
	): Promise<ApiResponse<T>> {
		const token = options.token === undefined ? await this.token() : options.token;
		const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
		if (token !== null) headers.Authorization = `Bearer ${token}`;
		let body: string | undefined;
		if (options.body !== undefined) {
			body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
			headers['Content-Type'] ??= 'application/json';
		}
		return this.raw<T>(method, path, { query: options.query, body, headers });
	}

	get<T = JsonObject>(path: string, query?: RequestOptions['query'], options: RequestOptions = {}) {
		return this.request<T>('GET', path, { ...options, query });
	}

	post<T = JsonObject>(path: string, body?: unknown, options: RequestOptions = {}) {
		return this.request<T>('POST', path, { ...options, body });
	}

	put<T = JsonObject>(path: string, body?: unknown, options: RequestOptions = {}) {
		return this.request<T>('PUT', path, { ...options, body });
	}

	delete<T = JsonObject>(path: string, options: RequestOptions = {}) {
		return this.request<T>('DELETE', path, options);
	}
}
