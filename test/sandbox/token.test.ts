/** POST /Token and bearer tokens (spec, Authentication): lifetimes, rotation, disabling. */
import { SandboxClient, DEMO } from '../support/sandboxClient';
import { expectError, expectJsonHeaders, openSandbox, type TestSandbox } from './helpers';

const HOUR = 3600_000;
let t: TestSandbox;
beforeEach(async () => {
	t = await openSandbox();
});
afterEach(() => t.sandbox.close());

const basic = (id: string, secret: string) =>
	`Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('POST /Token', () => {
	it('issues a bearer token for form-encoded client credentials', async () => {
		const response = await t.demo.requestToken();
		expect(response.status).toBe(200);
		expectJsonHeaders(response);
		expect(response.headers['cache-control']).toBe('no-store');
		expect(Object.keys(response.body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
		expect(response.body.token_type).toBe('bearer');
		expect(response.body.expires_in).toBe(14400);
		expect(response.body.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
		expect(t.sandbox.stats.tokensIssued).toBe(1);
		expect(t.sandbox.stats.requests.token).toBe(1);
		// The recorded request never holds the secret.
		const recorded = t.sandbox.requests.find((r) => r.endpointId === 'token');
		expect(recorded).toMatchObject({
			method: 'POST',
			status: 200,
			clientId: 'demo',
			body: { client_id: 'demo', client_secret: '***' },
		});
	});

	it('issues a token for HTTP Basic credentials with grant_type in the form', async () => {
		const response = await t.demo.requestToken(
			{ grant_type: 'client_credentials' },
			{ Authorization: basic(DEMO.clientId, DEMO.clientSecret) },
		);
		expect(response.status).toBe(200);
		expectJsonHeaders(response);
		expect(response.body.token_type).toBe('bearer');
		const token = response.body.access_token as string;
		const items = await t.demo.get('/Item', { pageSize: 1 }, { token });
		expect(items.status).toBe(200);
	});

	it('gives different opaque tokens on each request', async () => {
		const a = await t.demo.requestToken();
		const b = await t.demo.requestToken();
		expect(a.body.access_token).not.toBe(b.body.access_token);
		expect(a.body.access_token).not.toContain('demo');
	});

	it('answers wrong credentials with 401 unauthorized', async () => {
		const wrongSecret = await t.demo.requestToken({
			grant_type: 'client_credentials',
			client_id: 'demo',
			client_secret: 'nope',
		});
		expectError(wrongSecret, 401, 'unauthorized', 'Invalid client credentials.');
		const unknownClient = await t.demo.requestToken({
			grant_type: 'client_credentials',
			client_id: 'ghost',
			client_secret: 'x',
		});
		expectError(unknownClient, 401, 'unauthorized', 'Invalid client credentials.');
		const wrongBasic = await t.demo.requestToken(
			{ grant_type: 'client_credentials' },
			{ Authorization: basic('demo', 'nope') },
		);
		expectError(wrongBasic, 401, 'unauthorized', 'Invalid client credentials.');
		expect(t.sandbox.stats.tokensIssued).toBe(0);
		expect(JSON.stringify(wrongSecret.body)).not.toContain('nope');
	});

	it('answers a missing or wrong grant_type with 400 bad_request', async () => {
		const missing = await t.demo.requestToken({
			client_id: 'demo',
			client_secret: DEMO.clientSecret,
		});
		expectError(missing, 400, 'bad_request', 'grant_type is required (client_credentials).');
		const wrong = await t.demo.requestToken({
			grant_type: 'password',
			client_id: 'demo',
			client_secret: DEMO.clientSecret,
		});
		expectError(
			wrong,
			400,
			'bad_request',
			'Unsupported grant_type "password"; use client_credentials.',
		);
		const noCredentials = await t.demo.requestToken({ grant_type: 'client_credentials' });
		expectError(noCredentials, 400, 'bad_request', 'client_id and client_secret are required.');
	});

	it('refuses a JSON token request (the spec asks for a form)', async () => {
		const response = await t.demo.raw('POST', '/Token', {
			body: JSON.stringify({
				grant_type: 'client_credentials',
				client_id: 'demo',
				client_secret: DEMO.clientSecret,
			}),
			headers: { 'Content-Type': 'application/json' },
		});
		expectError(
			response,
			400,
			'bad_request',
			'The token request must be form-encoded (application/x-www-form-urlencoded).',
		);
	});
});

describe('bearer tokens', () => {
	it('answers 401 without a token, with a malformed header, and with an unknown token', async () => {
		const none = await t.demo.get('/Item', {}, { token: null });
		expectError(none, 401, 'unauthorized', 'A bearer token is required.');
		expect(none.headers['www-authenticate']).toBe(
			'Bearer realm="inventory-pro", error="invalid_request"',
		);
		const basicOnly = await t.demo.get(
			'/Item',
			{},
			{ token: null, headers: { Authorization: basic('demo', DEMO.clientSecret) } },
		);
		expectError(basicOnly, 401, 'unauthorized', 'A bearer token is required.');
		const unknown = await t.demo.get('/Item', {}, { token: 'not-a-real-token' });
		expectError(unknown, 401, 'unauthorized', 'The access token is invalid.');
		expect(unknown.headers['www-authenticate']).toBe(
			'Bearer realm="inventory-pro", error="invalid_token"',
		);
	});

	it('expires tokens after exactly 4 hours of the clock', async () => {
		const token = await t.demo.token();
		t.clock.advance(4 * HOUR - 1);
		expect((await t.demo.get('/Warehouse')).status).toBe(200);
		t.clock.advance(1);
		const expired = await t.demo.get('/Warehouse', {}, { token });
		expectError(expired, 401, 'unauthorized', 'The access token has expired.');
		// A new token works again.
		t.demo.forgetToken();
		expect((await t.demo.get('/Warehouse')).status).toBe(200);
	});

	it('keeps tokens issued before a secret rotation, and refuses the old secret', async () => {
		const oldToken = await t.demo.token();
		t.sandbox.rotateSecret('demo', 'rotated-secret');
		expect((await t.demo.get('/Warehouse', {}, { token: oldToken })).status).toBe(200);
		const oldSecret = await t.demo.requestToken();
		expectError(oldSecret, 401, 'unauthorized', 'Invalid client credentials.');
		const rotated = new SandboxClient(t.sandbox, {
			clientId: 'demo',
			clientSecret: 'rotated-secret',
		});
		expect((await rotated.get('/Warehouse')).status).toBe(200);
		t.clock.advance(4 * HOUR);
		expectError(
			await t.demo.get('/Warehouse', {}, { token: oldToken }),
			401,
			'unauthorized',
			'The access token has expired.',
		);
	});

	it('disabling an account stops new tokens at once and old tokens after 60 seconds', async () => {
		const token = await t.demo.token();
		t.sandbox.disableClient('demo');
		const fresh = await t.demo.requestToken();
		expectError(fresh, 401, 'unauthorized', 'The client account is disabled.');
		t.clock.advance(59_999);
		expect((await t.demo.get('/Warehouse', {}, { token })).status).toBe(200);
		t.clock.advance(1);
		const late = await t.demo.get('/Warehouse', {}, { token });
		expectError(late, 401, 'unauthorized', 'The client account is disabled.');
	});

	it('accepts clients added at run time and clients configured as disabled get no token', async () => {
		t.sandbox.addClient({ clientId: 'extra', clientSecret: 'extra-secret', securityIds: [113] });
		t.sandbox.addClient({
			clientId: 'off',
			clientSecret: 'off-secret',
			securityIds: [113],
			disabled: true,
		});
		const extra = new SandboxClient(t.sandbox, { clientId: 'extra', clientSecret: 'extra-secret' });
		expect((await extra.get('/Warehouse')).status).toBe(200);
		const off = new SandboxClient(t.sandbox, { clientId: 'off', clientSecret: 'off-secret' });
		expectError(await off.requestToken(), 401, 'unauthorized', 'The client account is disabled.');
	});
});
