/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/** Transport contract: HTTPS only on one port, /api/v2 prefix, X-API-Version, the certificate. */
import { request as httpRequest } from 'http';
import { request as httpsRequest } from 'https';
import { X509Certificate } from 'crypto';

import { SandboxClient } from '../support/sandboxClient';
import { expectError, expectJsonHeaders, openSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeAll(async () => {
	t = await openSandbox();
});
afterAll(() => t.sandbox.close());

function plainHttp(
	path: string,
	body?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: unknown }> {
	return new Promise((resolve, reject) => {
		const req = httpRequest(
			{
				host: '127.0.0.1',
				port: t.sandbox.port,
				path,
				method: body ? 'POST' : 'GET',
				agent: false,
				headers: body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {},
			},
			(res) => {
				let text = '';
				res.on('data', (chunk) => (text += chunk));
				res.on('end', () =>
					resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }),
				);
			},
		);
		req.on('error', reject);
		req.end(body);
	});
}

describe('HTTPS only', () => {
	it('answers a plain-HTTP request on the same port with a 403 envelope and closes', async () => {
		const response = await plainHttp(
			'/api/v2/Token',
			'grant_type=client_credentials&client_id=demo&client_secret=x',
		);
		expect(response.status).toBe(403);
		expect(response.headers['x-api-version']).toBe('v2');
		expect(response.headers['connection']).toBe('close');
		expect(response.body).toEqual({
			statusCode: 403,
			error: 'forbidden',
			message: 'HTTPS is required. Connect to this port with https://.',
			details: null,
		});
		// Nothing was processed: no token was issued and nothing was recorded.
		expect(t.sandbox.stats.tokensIssued).toBe(0);
		expect(t.sandbox.requests.some((r) => r.endpointId === 'token')).toBe(false);
	});

	it('serves HTTPS with a certificate for 127.0.0.1 and localhost that the exported CA verifies', async () => {
		const cert = new X509Certificate(t.sandbox.ca);
		expect(cert.subjectAltName).toContain('IP Address:127.0.0.1');
		expect(cert.subjectAltName).toContain('DNS:localhost');
		expect(t.sandbox.baseUrl).toBe(`https://127.0.0.1:${t.sandbox.port}/api/v2`);
		expect(t.sandbox.origin).toBe(`https://127.0.0.1:${t.sandbox.port}`);
		// By host name as well: the TLS handshake must verify against the CA.
		const status = await new Promise<number>((resolve, reject) => {
			const req = httpsRequest(
				{
					host: 'localhost',
					port: t.sandbox.port,
					path: '/api/v2/Item',
					ca: t.sandbox.ca,
					agent: false,
				},
				(res) => {
					res.resume();
					resolve(res.statusCode ?? 0);
				},
			);
			req.on('error', reject);
			req.end();
		});
		expect(status).toBe(401);
	});

	it('rejects a client that does not trust the certificate', async () => {
		const untrusting = new SandboxClient({ baseUrl: t.sandbox.baseUrl, ca: '' });
		const noCa = untrusting
			.raw('GET', '/Item')
			.catch((error: Error & { code?: string }) => error.code);
		// With an empty CA list Node falls back to the public roots, which do not include the sandbox.
		await expect(noCa).resolves.toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY|DEPTH_ZERO/);
	});
});

describe('path prefix and version header', () => {
	it('serves nothing outside /api/v1 and /api/v2: 404 envelope without needing a token', async () => {
		const response = await t.demo.raw('GET', `${t.sandbox.origin}/api/v3/Item`);
		expectError(
			response,
			404,
			'not_found',
			'No endpoint at /api/v3/Item; the API is served under /api/v2.',
		);
	});

	it('serves the same routes under /api/v1 (the version the vendor documents), saying X-API-Version: v1', async () => {
		const token = await t.demo.token();
		const response = await t.demo.raw('GET', `${t.sandbox.origin}/api/v1/Customer/ACME-CORP`, {
			headers: { Authorization: `Bearer ${token}` },
		});
		expect(response.status).toBe(200);
		expect(response.headers['x-api-version']).toBe('v1');
		expect((response.body as { shortID: string }).shortID).toBe('ACME-CORP');
	});

	it('answers an unknown path under /api/v2 (with a valid token) with 404 not_found', async () => {
		const response = await t.demo.get('/Nothing/Here');
		expectError(response, 404, 'not_found', 'No endpoint GET /api/v2/Nothing/Here.');
		const wrongMethod = await t.demo.request('PATCH', '/Item');
		expectError(wrongMethod, 404, 'not_found', 'No endpoint PATCH /api/v2/Item.');
	});

	it('puts X-API-Version: v2 on successes and failures alike', async () => {
		const ok = await t.demo.get('/Warehouse');
		expect(ok.status).toBe(200);
		expectJsonHeaders(ok);
		const failed = await t.demo.get('/Warehouse', {}, { token: null });
		expect(failed.status).toBe(401);
		expectJsonHeaders(failed);
	});

	it('matches paths case-insensitively like the service', async () => {
		const response = await t.demo.get('/warehouse');
		expect(response.status).toBe(200);
		expect(response.body.totalCount).toBe(4);
	});
});

describe('request bodies', () => {
	it('answers malformed JSON with 400 bad_request', async () => {
		const response = await t.demo.post('/Item', '{"itemID": ', {
			headers: { 'Content-Type': 'application/json' },
		});
		expectError(response, 400, 'bad_request', 'The request body is not valid JSON.');
	});

	it('answers a JSON body that is not an object with 400 bad_request', async () => {
		const response = await t.demo.post('/Item', [{ itemID: 'X' }]);
		expectError(response, 400, 'bad_request', 'The request body must be a JSON object.');
	});

	it('refuses bodies over 1 MB with 400 bad_request', async () => {
		const response = await t.demo.post('/Item', {
			itemID: 'BIG',
			description: 'x'.repeat(1_100_000),
		});
		expectError(response, 400, 'bad_request', 'The request body is too large.');
		expect(t.sandbox.store.item('BIG')).toBeUndefined();
	});
});
