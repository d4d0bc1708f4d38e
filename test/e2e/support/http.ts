/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// A small HTTPS client for n8n's REST API on loopback: trusts only the certificate we generated,
// keeps n8n's auth cookie and sends one browser-id for the whole session (n8n binds the cookie to it).
import { randomUUID } from 'crypto';
import { request as httpsRequest } from 'https';

export interface HttpResponse {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: Buffer;
	text: string;
}

export interface HttpOptions {
	body?: unknown;
	headers?: Record<string, string>;
	/** Raw bytes to send instead of a JSON body. */
	raw?: Buffer | string;
	timeoutMs?: number;
}

export function httpsCall(
	method: string,
	url: string,
	ca: string,
	options: HttpOptions = {},
): Promise<HttpResponse> {
	const payload =
		options.raw !== undefined
			? Buffer.from(options.raw)
			: options.body !== undefined
				? Buffer.from(JSON.stringify(options.body))
				: undefined;
	const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
	if (payload) {
		headers['content-length'] = String(payload.length);
		if (options.raw === undefined) headers['content-type'] ??= 'application/json';
	}
	return new Promise((resolve, reject) => {
		const req = httpsRequest(url, { method, headers, ca, agent: false }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (chunk: Buffer) => chunks.push(chunk));
			res.on('end', () => {
				const body = Buffer.concat(chunks);
				resolve({
					status: res.statusCode ?? 0,
					headers: res.headers,
					body,
					text: body.toString('utf8'),
				});
			});
			res.on('error', reject);
		});
		req.setTimeout(options.timeoutMs ?? 60_000, () =>
			req.destroy(new Error(`${method} ${url}: timed out`)),
		);
		req.on('error', reject);
		req.end(payload);
	});
}

export class RestError extends Error {
	constructor(
		readonly method: string,
		readonly path: string,
		readonly status: number,
		readonly body: string,
	) {
		super(`${method} ${path} -> ${status}: ${body.slice(0, 500)}`);
	}
}

/** n8n REST session: `call()` returns the `data` field n8n wraps every answer in. */
export class N8nSession {
	readonly browserId = randomUUID();
	private cookie = '';

	constructor(
		readonly baseUrl: string,
		private readonly ca: string,
	) {}

	get authenticated(): boolean {
		return this.cookie !== '';
	}

	async raw(method: string, path: string, options: HttpOptions = {}): Promise<HttpResponse> {
		const headers: Record<string, string> = { 'browser-id': this.browserId, ...options.headers };
		if (this.cookie) headers.cookie = this.cookie;
		const url = new URL(path, this.baseUrl).toString();
		// n8n answers every request 503 "Database is not ready!" (before handling it) while its database ping
		// fails: SQLite not answering `SELECT 1` within 5 s, which a machine at load 20 caused once. Asked again
		// until the ping passes; a lasting outage still fails after a minute.
		const deadline = Date.now() + 60_000;
		let res = await httpsCall(method, url, this.ca, { ...options, headers });
		while (res.status === 503 && /Database is not ready/.test(res.text) && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 500));
			res = await httpsCall(method, url, this.ca, { ...options, headers });
		}
		const setCookie = res.headers['set-cookie'];
		for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
			const match = /^n8n-auth=([^;]*)/.exec(line);
			if (match) this.cookie = match[1] ? `n8n-auth=${match[1]}` : '';
		}
		return res;
	}

	async call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		const res = await this.raw(method, path, { body });
		if (res.status < 200 || res.status >= 300)
			throw new RestError(method, path, res.status, res.text);
		const json = res.text ? (JSON.parse(res.text) as { data?: T }) : {};
		return (json && typeof json === 'object' && 'data' in json ? json.data : json) as T;
	}
}
