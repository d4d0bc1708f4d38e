/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * Issue 12: credentials never leave the API root, and the transport survives hostile answers. Real
 * n8n-core runs against the sandbox over HTTPS; redirects point at a catcher (another HTTPS origin and a
 * plain-HTTP port on loopback) that records whatever reaches it. No test sleeps more than a second: 429
 * floors and timeouts are set to milliseconds on the test credential.
 */
import type { INodeParameters } from 'n8n-workflow';

import {
	startCatcher,
	type Catcher,
	type Fault,
	type FaultTarget,
	type RecordedRequest,
} from '../../sandbox';
import { startHarness, type Harness, type RunResult } from '../harness';

let h: Harness;
let catcher: Catcher;

beforeAll(async () => {
	h = await startHarness({ sandbox: { seed: { items: 300 } } });
	catcher = await startCatcher();
});
afterAll(async () => {
	await h?.stop();
	await catcher?.close();
});
beforeEach(() => {
	h.sandbox.clearFaults();
	h.sandbox.resetStats();
});

const probe = async (
	parameters: INodeParameters,
	credentials?: string | object,
): Promise<RunResult> =>
	await h.run({ type: 'transportProbe', parameters, credentials: credentials });

/** Nothing reached the catcher: no connection, so no token, secret or body either. */
function nothingCaught(): void {
	expect(catcher.requests).toEqual([]);
	expect(catcher.connections).toBe(0);
}

const SECRET = 'inventory-pro-demo-secret';

describe('redirects are never followed (0 requests reach the target)', () => {
	const targets = () => [
		['another HTTPS origin', `${catcher.httpsOrigin}/api/v2/elsewhere`, catcher.httpsOrigin],
		['plain http://', `${catcher.httpOrigin}/api/v2/elsewhere`, catcher.httpOrigin],
	];
	const cases: Array<[status: 302 | 307, mode: 'form' | 'basic', target: 0 | 1]> = [];
	for (const status of [302, 307] as const)
		for (const mode of ['form', 'basic'] as const)
			for (const target of [0, 1] as const) cases.push([status, mode, target]);

	test.each(cases)(
		'POST /Token answered %d (%s mode) → target %d: error names status and host, secret stays home',
		async (status, mode, index) => {
			const [, location, origin] = targets()[index];
			h.sandbox.inject('token', { kind: 'redirect', status, location });
			const result = await probe(
				{ call: 'apiRequest', endpoint: 'item.list' },
				{ clientAuthentication: mode },
			);
			expect(result.error?.message).toBe(
				`POST ${h.sandbox.baseUrl}/Token was answered with a redirect (HTTP ${status} to ${origin}), which is not followed: the Base URL is probably wrong`,
			);
			expect(result.error?.description).toMatch(/^Nothing was sent to the redirect target/);
			expect(h.sandbox.stats.requests.token).toBe(1);
			expect(h.requests('item.list')).toBe(0);
			nothingCaught();
			expect(
				JSON.stringify({ m: result.error?.message, d: result.error?.description }),
			).not.toContain(SECRET);
		},
	);

	test.each(cases)(
		'GET /Item answered %d (%s mode) → target %d: error names status and host, token stays home',
		async (status, mode, index) => {
			const [, location, origin] = targets()[index];
			const id = h.addCredential(h.credential({ clientAuthentication: mode }));
			h.sandbox.inject('item.list', { kind: 'redirect', status, location });
			const result = await probe({ call: 'apiRequest', endpoint: 'item.list' }, id);
			expect(result.error?.message).toBe(
				`GET /Item was answered with a redirect (HTTP ${status} to ${origin}), which is not followed: the Base URL is probably wrong`,
			);
			expect(result.error?.httpCode).toBe(String(status));
			expect(h.requests('item.list')).toBe(1);
			nothingCaught();
			const token = String(h.credentials.get(id).data.accessToken);
			expect(token.length).toBeGreaterThan(20);
			expect(
				JSON.stringify({ m: result.error?.message, d: result.error?.description }),
			).not.toContain(token);
		},
	);

	test('a 302 on a write is an error, not a GET reported as success', async () => {
		h.sandbox.inject('item.create', {
			kind: 'redirect',
			status: 302,
			location: `${catcher.httpsOrigin}/api/v2/Item`,
		});
		const result = await probe({
			call: 'apiRequest',
			endpoint: 'item.create',
			body: JSON.stringify({ itemID: 'REDIR-1' }),
		});
		expect(result.error?.message).toMatch(
			/^POST \/Item was answered with a redirect \(HTTP 302 to https:\/\/127\.0\.0\.1:\d+\)/,
		);
		expect(h.sandbox.store.item('REDIR-1')).toBeUndefined();
		nothingCaught();
	});

	test('a relative Location is named by the API host (the redirect stays refused)', async () => {
		h.sandbox.inject('item.list', { kind: 'redirect', status: 301, location: '/login' });
		const result = await probe({ call: 'apiRequest', endpoint: 'item.list' });
		expect(result.error?.message).toBe(
			`GET /Item was answered with a redirect (HTTP 301 to ${h.sandbox.origin}), which is not followed: the Base URL is probably wrong`,
		);
		expect(h.sandbox.requests.map((r) => r.path)).toEqual(['/api/v2/Item']);
	});

	test('credential test: a redirected /Token names its target; a redirected GET /Item names the status', async () => {
		h.sandbox.inject('token', {
			kind: 'redirect',
			status: 307,
			location: `${catcher.httpsOrigin}/Token`,
		});
		expect((await h.testCredential({ clientAuthentication: 'basic' })).message).toBe(
			`POST ${h.sandbox.baseUrl}/Token was answered with a redirect (HTTP 307 to ${catcher.httpsOrigin}), which is not followed: the Base URL is probably wrong`,
		);
		h.sandbox.inject('item.list', {
			kind: 'redirect',
			status: 302,
			location: `${catcher.httpOrigin}/Item`,
		});
		const test = await h.testCredential({});
		expect(test.status).toBe('Error');
		expect(test.message).toMatch(
			/^GET \/Item was answered with a redirect \(HTTP 302\), which is not followed: the Base URL is probably wrong/,
		);
		nothingCaught();
	});

	describe('the HTTP Request node with this credential', () => {
		const httpRequest = async (url: string, method = 'GET') =>
			await h.run({
				type: 'httpRequest',
				typeVersion: 4.2,
				parameters: {
					method,
					url,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: 'inventoryProApi',
					options: { allowUnauthorizedCerts: true },
				},
			});

		test('works below the Base URL', async () => {
			const result = await httpRequest(`${h.sandbox.baseUrl}/Warehouse`);
			expect(result.error).toBeUndefined();
			expect(result.items[0].value).toEqual(expect.any(Array));
		});

		test('a URL on another origin: refused before sending, the token nowhere', async () => {
			for (const url of [`${catcher.httpsOrigin}/steal`, `${catcher.httpOrigin}/steal`]) {
				const result = await httpRequest(url);
				expect(result.error?.message).toMatch(
					/sends its token only to https:\/\/127\.0\.0\.1:\d+|only over HTTPS/,
				);
			}
			nothingCaught();
		});

		test('a redirect from the API is not followed (GET and POST)', async () => {
			h.sandbox.inject(
				'warehouse.list',
				{ kind: 'redirect', status: 302, location: `${catcher.httpsOrigin}/steal` },
				4,
			);
			expect((await httpRequest(`${h.sandbox.baseUrl}/Warehouse`)).error).toBeDefined();
			h.sandbox.inject(
				'item.create',
				{ kind: 'redirect', status: 307, location: `${catcher.httpsOrigin}/steal` },
				4,
			);
			expect((await httpRequest(`${h.sandbox.baseUrl}/Item`, 'POST')).error).toBeDefined();
			nothingCaught();
		});
	});
});

describe('Custom API Request paths that would leave the API root: refused, 0 requests', () => {
	const escaping = [
		'/%2e%2e/%2e%2e/admin',
		'/%2E%2E/Token',
		'/%2e%2E/%2E%2e/admin',
		'/Item/%2e%2e/%2e%2e/%2e%2e/admin',
		'/Item/.%2e/x',
		'/Item/%2e/../../x',
		'/Item/..',
		'/Item/./All',
		'/Item\t/../../x',
		'/Item/..\n/x',
		'/Item/\r../x',
		'/It em',
		'/Item/%2f..%2f..%2fadmin',
		'/Item/%5c..%5cadmin',
		'//evil.example/x',
		'https://evil.example/x',
		'/Item?x=1',
		'/Item#frag',
		'\\\\evil.example\\x',
		'Item',
	];
	test.each(escaping)('%j', async (path) => {
		const result = await probe({ call: 'customApiRequest', method: 'GET', path });
		expect(result.error?.message).toBe('Path (path) must be a path below the API root');
		expect(result.error?.description).toMatch(/^The Path field was refused: /);
		expect(h.sandbox.requests).toHaveLength(0);
	});

	test('through the action node as well', async () => {
		const result = await h.run({
			type: 'inventoryPro',
			parameters: {
				resource: 'customApi',
				operation: 'request',
				method: 'GET',
				path: '/Item/%2e%2e/%2e%2e/%2e%2e/admin',
			},
		});
		expect(result.error?.message).toBe('Path (path) must be a path below the API root');
		expect(h.sandbox.requests).toHaveLength(0);
	});

	test('a dot that is not a whole segment still goes through', async () => {
		const result = await probe({
			call: 'customApiRequest',
			method: 'GET',
			path: '/Item/A.B..C%2eD',
		});
		expect(result.error?.httpCode).toBe('404');
		expect(h.sandbox.requests.map((r) => r.path)).toEqual(['/api/v2/Item/A.B..C%2eD']);
	});
});

describe('path values', () => {
	test.each(['..', '.', ' .. '])(
		'shortID %j on Item › Discontinue: refused naming the field, 0 requests',
		async (shortID) => {
			const result = await h.run({
				type: 'inventoryPro',
				parameters: { resource: 'item', operation: 'discontinue', shortID },
			});
			expect(result.error?.message).toBe(`Short ID (shortID) cannot be "${shortID.trim()}"`);
			expect(h.sandbox.requests).toHaveLength(0);
		},
	);

	test.each(['', '   '])('shortID %j: refused naming the field, 0 requests', async (shortID) => {
		const result = await probe({
			call: 'apiRequest',
			endpoint: 'item.discontinue',
			pathParams: JSON.stringify({ shortID }),
		});
		expect(result.error?.message).toBe('Short ID (shortID) is required for /Item/{shortID}');
		expect(h.sandbox.requests).toHaveLength(0);
	});

	test('the transport refuses ".." itself, whoever calls it', async () => {
		const result = await probe({
			call: 'apiRequest',
			endpoint: 'item.discontinue',
			pathParams: '{"shortID":".."}',
		});
		expect(result.error?.message).toBe('Short ID (shortID) cannot be ".."');
		expect(h.sandbox.requests).toHaveLength(0);
	});
});

describe('Retry-After that would mean "now": waits floored', () => {
	const FLOOR = 150;

	/** Wall-clock gap between each 429 the sandbox answered and the request after it. */
	async function gapsAfter429(
		fault: Fault,
		target: FaultTarget = 'warehouse.list',
	): Promise<{ result: RunResult; gaps: number[] }> {
		const id = h.addCredential(h.credential());
		h.timing({ floorMs: FLOOR, baseMs: 200, capMs: 900 });
		expect(
			(await probe({ call: 'apiRequest', endpoint: 'reasonCode.list' }, id)).error,
		).toBeUndefined(); // token minted
		h.sandbox.resetStats();
		h.sandbox.inject(target, fault, 2);
		const stamps: Array<{ status: number; at: number }> = [];
		const requests = h.sandbox.requests;
		const push = requests.push.bind(requests);
		requests.push = (...entries: RecordedRequest[]) => {
			for (const entry of entries) stamps.push({ status: entry.status, at: performance.now() });
			return push(...entries);
		};
		try {
			const result = await probe({ call: 'apiRequest', endpoint: 'warehouse.list' }, id);
			const gaps = stamps.slice(1).map((stamp, i) => stamp.at - stamps[i].at);
			expect(stamps.map((s) => s.status)).toEqual([429, 429, 200]);
			return { result, gaps };
		} finally {
			requests.push = push;
			h.timing();
		}
	}

	const now = () => new Date(Date.now() - 3_600_000).toUTCString();
	test.each([['0'], ['-5'], ['0, 30'], ['past date'], ['0.001']])(
		'Retry-After: %s',
		async (value) => {
			const { result, gaps } = await gapsAfter429({
				kind: 'rateLimited',
				retryAfter: value === 'past date' ? now() : value,
			});
			expect(result.error).toBeUndefined();
			// Timers fire at or after their time; a few ms of slack for the clock reading itself.
			for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(FLOOR - 5);
		},
	);

	test("no usable header: the backoff (here 200 ms for the spec's 30 s)", async () => {
		for (const retryAfter of [null, 'soon']) {
			const { result, gaps } = await gapsAfter429({ kind: 'rateLimited', retryAfter });
			expect(result.error).toBeUndefined();
			expect(gaps[0]).toBeGreaterThanOrEqual(195);
		}
	});
});

describe('lists that never end', () => {
	test('a server that ignores page: stops at the first page with nothing new, with an error saying so', async () => {
		h.sandbox.inject('item.list', { kind: 'endlessList', mode: 'samePage' }, 1_000);
		const result = await probe({ call: 'apiRequestAllItems', endpoint: 'item.list' });
		expect(result.error?.message).toBe(
			'Page 2 of /Item repeated records already read and still said more pages follow',
		);
		expect(result.error?.description).toMatch(/reading was stopped rather than looping forever/);
		expect(h.requests('item.list')).toBe(2);
	});

	test('without ids (custom path): repeated content is caught the same way', async () => {
		h.sandbox.inject('warehouse.list', { kind: 'endlessList', mode: 'samePage' }, 1_000);
		const result = await probe({
			call: 'customApiRequest',
			method: 'GET',
			path: '/Warehouse',
			returnAll: true,
		});
		expect(result.error?.message).toBe(
			'Page 2 of /Warehouse repeated records already read and still said more pages follow',
		);
		expect(h.requests('warehouse.list')).toBe(2);
	});

	test('new records forever: stops past pageCount + 5', async () => {
		h.sandbox.inject('reasonCode.list', { kind: 'endlessList', mode: 'fresh' }, 1_000);
		const result = await probe({
			call: 'customApiRequest',
			method: 'GET',
			path: '/ReasonCode',
			returnAll: true,
		});
		expect(result.error?.message).toBe(
			'Read 8 pages of /ReasonCode, which reported 3, and it still said more pages follow',
		);
		expect(h.requests('reasonCode.list')).toBe(8);
	});
});

describe('timeouts', () => {
	/**
	 * The credential's Request Timeout here: long enough for a fresh TLS connection on a busy machine (with 0.3 s a
	 * request at load 15 sometimes timed out before it reached the sandbox). The answers under test are held until
	 * the node has given up, so it can only have stopped at its own timeout.
	 */
	const TIMEOUT_S = 3;
	const quick = () => h.addCredential(h.credential({ requestTimeout: TIMEOUT_S }));

	/** Holds the next answer of `target` until the returned function is called. */
	function hold(target: 'token' | 'item.create' | 'warehouse.list'): () => void {
		let release = () => {};
		const held = new Promise<void>((resolve) => (release = resolve));
		h.sandbox.inject(target, { kind: 'slow', ms: 0, until: held });
		return release;
	}

	/** Under load the sandbox may record a request after the client gave up on it: wait up to 10 s. */
	async function recordedSoon(endpointId: string): Promise<number> {
		for (let waited = 0; h.requests(endpointId) === 0 && waited < 10_000; waited += 20)
			await new Promise((resolve) => setTimeout(resolve, 20));
		return h.requests(endpointId);
	}

	test('a write that times out: not sent again, and the error says the outcome is unknown', async () => {
		const id = quick();
		expect(
			(await probe({ call: 'apiRequest', endpoint: 'reasonCode.list' }, id)).error,
		).toBeUndefined();
		h.sandbox.resetStats();
		const release = hold('item.create');
		const result = await probe(
			{ call: 'apiRequest', endpoint: 'item.create', body: JSON.stringify({ itemID: 'SLOW-1' }) },
			id,
		);
		release();
		expect(result.error?.message).toBe(
			`POST /Item: no answer within ${TIMEOUT_S} s, outcome unknown — check before retrying`,
		);
		expect(result.error?.description).toMatch(/may or may not have carried out this change/);
		expect(await recordedSoon('item.create')).toBe(1);
		// It was carried out: exactly why a blind retry would be wrong.
		expect(h.sandbox.store.item('SLOW-1')).toBeDefined();
	});

	test('a read that times out says so and names the server', async () => {
		const id = quick();
		const release = hold('warehouse.list');
		const result = await probe({ call: 'apiRequest', endpoint: 'warehouse.list' }, id);
		release();
		expect(result.error?.message).toBe(
			`Could not reach Inventory Pro at ${h.sandbox.baseUrl}: the request timed out. Check the Base URL`,
		);
		expect(await recordedSoon('warehouse.list')).toBe(1);
	});

	test('a token request that times out fails the same way, once', async () => {
		const release = hold('token');
		const result = await probe(
			{ call: 'apiRequest', endpoint: 'warehouse.list' },
			{ requestTimeout: TIMEOUT_S },
		);
		release();
		expect(result.error?.message).toBe(
			`Could not reach Inventory Pro at ${h.sandbox.baseUrl}: the request timed out. Check the Base URL`,
		);
		expect(await recordedSoon('token')).toBe(1);
	});

	test('a write answered 429 is the one retry a write gets', async () => {
		h.sandbox.failNext('item.create', 'rate_limited', 1);
		const result = await probe({
			call: 'apiRequest',
			endpoint: 'item.create',
			body: JSON.stringify({ itemID: 'RL-WRITE-1' }),
		});
		expect(result.error).toBeUndefined();
		expect(
			h.sandbox.requests.filter((r) => r.endpointId === 'item.create').map((r) => r.status),
		).toEqual([429, 201]);
	});
});
