/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * The Inventory Pro API credential through real n8n-core runs against the sandbox over HTTPS: token
 * exchange (form and Basic), one token reused across executions, re-mint on expiry, the credential
 * test dialog, and the refusals that must happen before anything is sent.
 */
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';

import { ALL_SECURITY_IDS, type RecordedRequest } from '../../sandbox';
import type { ManualClock } from '../../sandbox/clock';
import { startHarness, type Harness, type RunResult } from '../harness';

const FOUR_HOURS = 4 * 3600_000;

let h: Harness;
let clock: ManualClock;

beforeAll(async () => {
	h = await startHarness({ sandbox: { seed: { items: 1_234 } } });
	clock = h.sandbox.clock as ManualClock;
	h.sandbox.addClient({
		clientId: 'no-item-reads',
		clientSecret: 'nir-secret',
		securityIds: ALL_SECURITY_IDS.filter((id) => id !== 11),
	});
	h.sandbox.addClient({
		clientId: 'to-disable',
		clientSecret: 'tdis-secret',
		securityIds: ALL_SECURITY_IDS,
	});
});
afterAll(async () => await h?.stop());
beforeEach(() => h.sandbox.resetStats());

const readItems = async (credentials?: string | object, limit = 0): Promise<RunResult> =>
	await h.run({
		type: 'transportProbe',
		parameters: { call: 'apiRequestAllItems', endpoint: 'item.list', limit },
		credentials: credentials,
	});

const tokenEntries = (): RecordedRequest[] =>
	h.sandbox.requests.filter((r) => r.endpointId === 'token');

/** Everything an error shows a user, to check no secret leaks into it. */
const shown = (result: RunResult) =>
	JSON.stringify({
		message: result.error?.message,
		description: result.error?.description,
		items: result.items,
	});

describe('token exchange', () => {
	test('form: client id and secret in the body, one token, the run reads all items', async () => {
		const id = h.addCredential(h.credential({ clientAuthentication: 'form' }));
		const result = await readItems(id, 5);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(5);
		expect(tokenEntries()).toHaveLength(1);
		expect(tokenEntries()[0]).toMatchObject({
			status: 200,
			clientId: 'demo',
			body: { grant_type: 'client_credentials', client_id: 'demo', client_secret: '***' },
		});
		expect(h.credentials.preAuthentications(id)).toBe(1);
		expect(h.credentials.get(id).data.accessToken).toMatch(/^[\w-]{20,}$/);
	});

	test('Basic: only grant_type in the body, the sandbox identifies the client from the header', async () => {
		const id = h.addCredential(h.credential({ clientAuthentication: 'basic' }));
		const result = await readItems(id, 5);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(5);
		expect(tokenEntries()).toHaveLength(1);
		expect(tokenEntries()[0].status).toBe(200);
		expect(tokenEntries()[0].clientId).toBe('demo');
		expect(tokenEntries()[0].body).toEqual({ grant_type: 'client_credentials' });
	});

	test('Basic with a wrong secret is refused like form', async () => {
		const result = await readItems({
			clientAuthentication: 'basic',
			clientSecret: 'not-the-secret',
		});
		expect(result.error?.message).toBe(
			'Inventory Pro refused the credentials: Invalid client credentials.',
		);
		expect(tokenEntries()).toHaveLength(1);
	});

	test('one token for three executions: one POST /Token, the stored token unchanged', async () => {
		const id = h.addCredential(h.credential());
		const tokens: unknown[] = [];
		for (let run = 0; run < 3; run++) {
			const result = await readItems(id, 300);
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(300);
			tokens.push(h.credentials.get(id).data.accessToken);
		}
		expect(h.tokenRequests()).toBe(1);
		expect(h.credentials.preAuthentications(id)).toBe(1);
		expect(new Set(tokens).size).toBe(1);
		// 300 records at 250 per page: two list requests per run.
		expect(h.requests('item.list')).toBe(6);
	});

	test.each([
		['one page at a time: one re-mint', 1],
		['4 pages in flight: the pages that meet the expired token share one re-mint', 4],
	])(
		'the token expires in the middle of an export, %s; no records lost or repeated',
		async (_, pagesInFlight) => {
			const id = h.addCredential(h.credential({ pagesInFlight }));
			expect((await readItems(id, 1)).error).toBeUndefined();
			h.sandbox.resetStats();
			const writesBefore = h.credentials.writes(id);

			// When the sandbox has answered page 2, four hours pass: page 3 meets an expired token.
			const requests = h.sandbox.requests;
			const push = requests.push.bind(requests);
			let pagesAnswered = 0;
			requests.push = (...entries: RecordedRequest[]) => {
				for (const entry of entries) {
					if (entry.endpointId === 'item.listAll' && entry.status === 200 && ++pagesAnswered === 2)
						clock.advance(FOUR_HOURS + 1_000);
				}
				return push(...entries);
			};
			let result: RunResult;
			try {
				result = await h.run({
					type: 'transportProbe',
					parameters: { call: 'apiRequestAllItems', endpoint: 'item.listAll' },
					credentials: id,
				});
			} finally {
				requests.push = push;
			}

			expect(result.error).toBeUndefined();
			const expected = h.sandbox.store.items.rows.map((item) => item.partNo).sort((a, b) => a - b);
			expect(expected.length).toBe(1_234);
			expect(result.items.map((item) => item.partNo)).toEqual(expected);
			const listCalls = h.sandbox.requests.filter((r) => r.endpointId === 'item.listAll');
			if (pagesInFlight === 1) {
				expect(h.tokenRequests()).toBe(1);
				expect(h.credentials.preAuthentications(id)).toBe(2);
				expect(h.credentials.writes(id) - writesBefore).toBe(1);
				expect(listCalls.map((r) => r.status)).toEqual([200, 200, 401, 200, 200, 200]);
				expect(listCalls.map((r) => r.query.page)).toEqual(['1', '2', '3', '3', '4', '5']);
			} else {
				// Pages 3-5 were in flight together: each met the expired token and was retried once, all with
				// the one token the first re-mint asked for (n8n still runs preAuthentication per 401).
				const refused = listCalls.filter((r) => r.status === 401).length;
				expect(refused).toBeGreaterThanOrEqual(2);
				expect(refused).toBeLessThanOrEqual(pagesInFlight);
				expect(h.tokenRequests()).toBe(1);
				expect(h.credentials.preAuthentications(id)).toBe(refused + 1);
				// n8n saves the credential after each of those preAuthentications: one write per page that
				// met the 401, each with the same token (README, limits).
				expect(h.credentials.writes(id) - writesBefore).toBe(refused);
				process.stdout.write(
					`pages refused with the expired token: ${refused}, credential writes: ${h.credentials.writes(id) - writesBefore}, token requests: ${h.tokenRequests()}\n`,
				);
				expect(
					listCalls
						.filter((r) => r.status === 200)
						.map((r) => r.query.page)
						.sort(),
				).toEqual(['1', '2', '3', '4', '5']);
			}
		},
	);

	test('a second 401 right after the re-mint is an error about the credentials or the account', async () => {
		const id = h.addCredential(h.credential());
		expect((await readItems(id, 1)).error).toBeUndefined();
		h.sandbox.resetStats();
		h.sandbox.failNext('item.list', 'unauthorized', 2);
		const result = await readItems(id, 1);
		expect(result.error?.message).toBe(
			'Inventory Pro refused a freshly issued token: the client ID and secret or the account itself is the problem (disabled, or its rights withdrawn)',
		);
		expect(result.error?.httpCode).toBe('401');
		expect(h.tokenRequests()).toBe(1);
		expect(h.requests('item.list')).toBe(2);
		expect(shown(result)).not.toContain(String(h.credentials.get(id).data.accessToken));
	});

	test('a disabled account: after its grace minute the re-mint is refused with the service reason', async () => {
		const id = h.addCredential(
			h.credential({ clientId: 'to-disable', clientSecret: 'tdis-secret' }),
		);
		expect((await readItems(id, 1)).error).toBeUndefined();
		h.sandbox.disableClient('to-disable');
		expect((await readItems(id, 1)).error).toBeUndefined(); // tokens work 60 s more
		clock.advance(61_000);
		h.sandbox.resetStats();
		const result = await readItems(id, 1);
		expect(result.error?.message).toBe(
			'Inventory Pro refused the credentials: The client account is disabled.',
		);
		expect(result.error?.description).toBe(
			'Check the Client ID and Client Secret, and that the integration account is enabled.',
		);
		expect(h.tokenRequests()).toBe(1);
		expect(h.requests('item.list')).toBe(1);
	});

	test('a wrong secret: one token request, a clear message, the secret nowhere', async () => {
		const result = await readItems({ clientSecret: 'wrong-secret-value' });
		expect(result.error?.message).toBe(
			'Inventory Pro refused the credentials: Invalid client credentials.',
		);
		expect(tokenEntries()).toHaveLength(1);
		expect(h.requests('item.list')).toBe(0);
		expect(shown(result)).not.toMatch(/wrong-secret-value|inventory-pro-demo-secret/);
	});
});

describe('HTTPS only', () => {
	let plain: Server;
	let connections = 0;
	let httpUrl: string;

	beforeAll(async () => {
		plain = createServer((_req, res) => res.end('{}'));
		plain.on('connection', () => connections++);
		await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
		httpUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/api/v2`;
	});
	afterAll(async () => await new Promise((resolve) => plain.close(resolve)));

	test('an http:// base URL is refused before anything is sent', async () => {
		const result = await readItems({ baseUrl: httpUrl });
		expect(result.error?.message).toMatch(
			/^The Base URL uses http:\/\/, but Inventory Pro accepts credentials only over HTTPS/,
		);
		expect(result.error?.message).toContain('(nothing was sent)');
		expect(connections).toBe(0);
	});

	test('also when a token is already stored (no exchange to stop it)', async () => {
		const id = h.addCredential(h.credential({ baseUrl: httpUrl }));
		h.credentials.update(id, { accessToken: 'stored-token' });
		const result = await readItems(id);
		expect(result.error?.message).toMatch(/only over HTTPS/);
		expect(connections).toBe(0);
	});

	test('and in the credential test', async () => {
		const test = await h.testCredential({ baseUrl: httpUrl });
		expect(test.status).toBe('Error');
		expect(test.message).toMatch(/only over HTTPS/);
		expect(connections).toBe(0);
	});
});

describe('credential test (the dialog)', () => {
	test('green for the demo account, with a fresh token, whatever is stored', async () => {
		const id = h.addCredential(h.credential());
		h.credentials.update(id, { accessToken: 'stale-token' });
		expect(await h.testCredential(id)).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(h.tokenRequests()).toBe(1);
		expect(h.requests('item.list')).toBe(1);
		expect(h.sandbox.requests.find((r) => r.endpointId === 'item.list')?.query).toEqual({
			pageSize: '1',
		});
	});

	test('green with the base URL given without /api/v2 and with a trailing slash', async () => {
		expect(await h.testCredential({ baseUrl: `${h.sandbox.origin}/` })).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(
			await h.testCredential({ baseUrl: `${h.sandbox.baseUrl}/`, clientAuthentication: 'basic' }),
		).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
	});

	test('green on a Base URL ending in /api/v1: the token and the test request go to /api/v1', async () => {
		const mark = h.sandbox.requests.length;
		expect(await h.testCredential({ baseUrl: `${h.sandbox.origin}/api/v1/` })).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		const paths = h.sandbox.requests.slice(mark).map((request) => request.path);
		expect(paths).toEqual(expect.arrayContaining(['/api/v1/Token', '/api/v1/Item']));
		expect(paths.every((path) => path.startsWith('/api/v1/'))).toBe(true);
	});

	test('red: wrong secret', async () => {
		expect(await h.testCredential({ clientSecret: 'nope' })).toEqual({
			status: 'Error',
			message: 'Inventory Pro refused the credentials: Invalid client credentials.',
		});
	});

	test('red: wrong client id', async () => {
		expect((await h.testCredential({ clientId: 'nobody' })).message).toBe(
			'Inventory Pro refused the credentials: Invalid client credentials.',
		);
	});

	test('red: a port where nothing listens', async () => {
		const closed = createServer();
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
		const port = (closed.address() as AddressInfo).port;
		await new Promise((resolve) => closed.close(resolve));
		expect(await h.testCredential({ baseUrl: `https://127.0.0.1:${port}` })).toEqual({
			status: 'Error',
			message: `Could not reach Inventory Pro at https://127.0.0.1:${port}/api/v2: nothing accepted the connection. Check the Base URL`,
		});
	});

	test('red: the right server, a wrong path', async () => {
		expect(await h.testCredential({ baseUrl: `${h.sandbox.origin}/inventory` })).toEqual({
			status: 'Error',
			message: `No Inventory Pro token endpoint at ${h.sandbox.origin}/inventory/api/v2/Token (HTTP 404). Check the Base URL`,
		});
	});

	test('red: the server certificate is self-signed and not trusted', async () => {
		expect((await h.testCredential({ ignoreSslIssues: false })).message).toBe(
			`The server at ${h.sandbox.baseUrl} presented a certificate this machine does not trust`,
		);
	});

	test('red: an account without Security ID 11', async () => {
		expect(
			await h.testCredential({ clientId: 'no-item-reads', clientSecret: 'nir-secret' }),
		).toEqual({
			status: 'Error',
			message:
				"The client ID and secret work, but the account lacks Security ID 11 (read items). Ask an administrator to add it to the integration user's group.",
		});
		expect(h.tokenRequests()).toBe(1);
	});

	test('no secret in any of the messages', async () => {
		const messages = await Promise.all([
			h.testCredential({ clientSecret: 'zz-secret-zz' }),
			h.testCredential({ clientId: 'no-item-reads', clientSecret: 'nir-secret' }),
		]);
		expect(JSON.stringify(messages)).not.toMatch(
			/zz-secret-zz|nir-secret|inventory-pro-demo-secret/,
		);
	});
});
