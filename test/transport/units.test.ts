/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * The transport's pure parts, straight from the TypeScript sources: base URL rules, Retry-After and
 * backoff, the pacer on a fake clock, list-filter validation, paging and error wording.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { toNodeError } from '../../nodes/shared/transport/errors';
import { listQuery } from '../../nodes/shared/transport/listQuery';
import { Pacer } from '../../nodes/shared/transport/pacer';
import { collectPages } from '../../nodes/shared/transport/paging';
import {
	DEFAULT_BACKOFF,
	parseRetryAfter,
	rateLimitWait,
} from '../../nodes/shared/transport/retry';
import { clientSettings } from '../../nodes/shared/transport/settings';
import {
	callUrl,
	pathProblem,
	requestTarget,
	resolveApiRoot,
} from '../../nodes/shared/transport/url';

const node: INode = {
	id: 'n1',
	name: 'Inventory Pro',
	type: 'n8n-nodes-inventory-pro.inventoryPro',
	typeVersion: 2,
	position: [0, 0],
	parameters: {},
};

describe('resolveApiRoot', () => {
	test.each([
		['https://inv.example.com', 'https://inv.example.com/api/v2'],
		['https://inv.example.com/', 'https://inv.example.com/api/v2'],
		['https://inv.example.com/api/v2', 'https://inv.example.com/api/v2'],
		['https://inv.example.com/api/v2/', 'https://inv.example.com/api/v2'],
		['  https://inv.example.com/API/V2//  ', 'https://inv.example.com/api/v2'],
		['https://inv.example.com:8443/inventory', 'https://inv.example.com:8443/inventory/api/v2'],
		['https://inv.example.com/inventory/api/v2', 'https://inv.example.com/inventory/api/v2'],
		['https://inv.example.com/api/v1', 'https://inv.example.com/api/v1'],
		['https://inv.example.com/inventory/API/V1/', 'https://inv.example.com/inventory/api/v1'],
	])('%s → %s', (input, root) => {
		expect(resolveApiRoot(input)).toEqual({ ok: true, root, version: root.slice(-2) });
	});

	test.each([
		[
			'http://inv.example.com/api/v2',
			/only over HTTPS.*https:\/\/inv\.example\.com\/api\/v2.*nothing was sent/,
		],
		['', /Base URL is empty/],
		['inv.example.com', /not a valid URL/],
		['ftp://inv.example.com', /must start with https:\/\//],
		['https://user:pw@inv.example.com', /must not contain a user name or password/],
		['https://inv.example.com/api/v2?x=1', /query string/],
		['https://inv.example.com/api/v3', /API v3.*api\/v1 and api\/v2/],
	])('refuses %j', (input, problem) => {
		const result = resolveApiRoot(input);
		expect(result.ok).toBe(false);
		expect(result.ok === false && result.problem).toMatch(problem);
	});
});

describe('paths below the API root', () => {
	const root = 'https://inv.example.com/inventory/api/v2';

	test('requestTarget joins like the HTTP client: base + url unless url is absolute', () => {
		expect(requestTarget('/Item', root)?.href).toBe(
			'https://inv.example.com/inventory/api/v2/Item',
		);
		expect(requestTarget('https://other.example/x', root)?.origin).toBe('https://other.example');
		expect(requestTarget('//other.example/x', root)?.origin).toBe('https://other.example');
		expect(requestTarget(' http://x', undefined)?.protocol).toBe('http:');
		expect(requestTarget('not a url')).toBeUndefined();
	});

	test.each(['/Item', '/Item/All', '/Item/A.B', '/Item/..A', '/Report/12/Rows', '/Item/A%2eB'])(
		'%j stays inside',
		(path) => {
			expect(pathProblem(root, path)).toBeUndefined();
			expect(callUrl(root, path)).toEqual({ url: `${root}${path}` });
		},
	);

	test.each([
		['/%2e%2e/admin', /^it does not stay below https:\/\/inv\.example\.com\/inventory\/api\/v2$/],
		['/%2E%2e/%2e%2E/%2e%2e/x', /does not stay below/],
		['/Item/%2e%2e/%2e%2e/%2e%2e/admin', /does not stay below/],
		['/Item/%2E%2e', /segment/],
		['/Item/./x', /segment/],
		['/Item\t/x', /whitespace or a control character/],
		['/Item/\u0000', /control character/],
		['/Item/\u007f', /control character/],
		['/Item/\u0085', /control character/],
		['/Item/\u00a0', /whitespace/],
		['/Item?x', /"\?"/],
		['//h/x', /does not stay below/],
		['/Item//x', /empty segment/],
		['/Item/%2F', /encoded slash/],
		['Item', /start with a slash/],
	])('%j is refused', (path, problem) => {
		expect(pathProblem(root, path)).toMatch(problem);
		// The transport's own URL builder (send() builds every URL with it) refuses it too.
		expect(callUrl(root, path)).toEqual({ problem: expect.stringMatching(problem) as string });
	});
});

describe('rate-limit waits', () => {
	const now = Date.parse('2026-01-05T08:00:00Z');

	test('Retry-After as seconds or HTTP date; unreadable or absent is undefined', () => {
		expect(parseRetryAfter('45', now)).toBe(45_000);
		expect(parseRetryAfter('0.5', now)).toBe(500);
		expect(parseRetryAfter(new Date(now + 20_000).toUTCString(), now)).toBe(20_000);
		expect(parseRetryAfter('soon', now)).toBeUndefined();
		expect(parseRetryAfter(undefined, now)).toBeUndefined();
	});

	test('odd Retry-After values: negative kept, a list gives its first, a past date goes negative', () => {
		expect(parseRetryAfter('0', now)).toBe(0);
		expect(parseRetryAfter('-5', now)).toBe(-5_000);
		expect(parseRetryAfter('5, 10', now)).toBe(5_000);
		expect(parseRetryAfter(new Date(now - 3_600_000).toUTCString(), now)).toBe(-3_600_000);
		expect(parseRetryAfter('Wed, 05 Jan 2026 08:00:30 GMT', now)).toBe(30_000);
		expect(parseRetryAfter('later, 10', now)).toBeUndefined();
	});

	test('no wait below the 1 s floor, whatever Retry-After says', () => {
		for (const retryAfter of [0, -5_000, -3_600_000, 1, 999])
			expect(rateLimitWait(0, retryAfter, DEFAULT_BACKOFF)).toBe(1_000);
		expect(rateLimitWait(0, 1_500, DEFAULT_BACKOFF)).toBe(1_500);
	});

	test('Retry-After is honoured up to the 60 s cap', () => {
		expect(rateLimitWait(0, 45_000, DEFAULT_BACKOFF)).toBe(45_000);
		expect(rateLimitWait(3, 2_000, DEFAULT_BACKOFF)).toBe(2_000);
		expect(rateLimitWait(0, 90_000, DEFAULT_BACKOFF)).toBe(60_000);
	});

	test('without Retry-After: 30 s plus up to 25 % jitter, then doubling, capped at 60 s', () => {
		expect(rateLimitWait(0, undefined, DEFAULT_BACKOFF, () => 0)).toBe(30_000);
		expect(rateLimitWait(0, undefined, DEFAULT_BACKOFF, () => 0.999)).toBe(37_493);
		expect(rateLimitWait(1, undefined, DEFAULT_BACKOFF, () => 0)).toBe(60_000);
		expect(rateLimitWait(4, undefined, DEFAULT_BACKOFF, () => 0.5)).toBe(60_000);
		const waits = Array.from({ length: 200 }, () => rateLimitWait(0, undefined, DEFAULT_BACKOFF));
		expect(Math.min(...waits)).toBeGreaterThanOrEqual(30_000);
		expect(Math.max(...waits)).toBeLessThanOrEqual(37_500);
		expect(new Set(waits).size).toBeGreaterThan(50);
	});
});

describe('Pacer (sliding window, fake clock)', () => {
	function fakeClock() {
		const clock = {
			t: 0,
			sleeps: [] as number[],
			now: () => clock.t,
			sleep: async (ms: number) => {
				clock.sleeps.push(ms);
				clock.t += ms;
			},
		};
		return clock;
	}

	test('under the budget nothing waits; the next request waits for the oldest to leave the window', async () => {
		const clock = fakeClock();
		const pacer = new Pacer(clock);
		for (let i = 0; i < 3; i++) {
			expect(await pacer.take('k', 3, 60_000)).toBe(0);
			clock.t += 1_000;
		}
		// Sent at 0, 1000, 2000; at 3000 the window is full until 60000.
		expect(await pacer.take('k', 3, 60_000)).toBe(57_000);
		expect(clock.t).toBe(60_000);
		// In the window now: 1000, 2000, 60000; the next one waits for 1000 to leave.
		expect(await pacer.take('k', 3, 60_000)).toBe(1_000);
	});

	test('keys have separate budgets', async () => {
		const clock = fakeClock();
		const pacer = new Pacer(clock);
		await pacer.take('a', 1, 60_000);
		expect(await pacer.take('b', 1, 60_000)).toBe(0);
		expect(await pacer.take('a', 1, 60_000)).toBe(60_000);
	});

	test('concurrent callers never exceed the budget in any window', async () => {
		// A clock whose sleepers wake in time order: time jumps to the earliest wake-up when all wait.
		let t = 0;
		const sleepers: Array<{ at: number; wake: () => void }> = [];
		const pacer = new Pacer({
			now: () => t,
			sleep: async (ms) => await new Promise<void>((wake) => sleepers.push({ at: t + ms, wake })),
		});
		const sentAt: number[] = [];
		const all = Promise.all(
			Array.from({ length: 25 }, async () => {
				await pacer.take('k', 4, 10_000);
				sentAt.push(t);
			}),
		);
		for (;;) {
			await new Promise((resolve) => setImmediate(resolve));
			if (sleepers.length === 0) break;
			sleepers.sort((a, b) => a.at - b.at);
			const next = sleepers.shift()!;
			t = Math.max(t, next.at);
			next.wake();
		}
		await all;
		sentAt.sort((a, b) => a - b);
		expect(sentAt).toHaveLength(25);
		for (const start of sentAt) {
			expect(
				sentAt.filter((time) => time >= start && time < start + 10_000).length,
			).toBeLessThanOrEqual(4);
		}
		// 25 requests at 4 per 10 s: the last goes out in the seventh window.
		expect(sentAt[sentAt.length - 1]).toBe(60_000);
	});

	test('a slot counts from its answer, so it never leaves our window before the service (which counts arrivals) frees it', async () => {
		const clock = fakeClock();
		const pacer = new Pacer(clock);
		// Booked at 0, answered at 400 (a token exchange and the round trip in between); then one at 1000.
		const first = await pacer.book('k', 2, 60_000);
		clock.t = 400;
		first.answered();
		clock.t = 1_000;
		(await pacer.book('k', 2, 60_000)).answered();
		first.answered(); // once only
		// Full until the first answer leaves the window: 60400, not 60000.
		expect(await pacer.take('k', 2, 60_000)).toBe(59_400);
		expect(clock.t).toBe(60_400);
	});
});

describe('listQuery: checked against the endpoint table before any request', () => {
	const fails = (id: Parameters<typeof listQuery>[1], filters: IDataObject) => () =>
		listQuery(node, id, filters, 0);

	test('passes valid filters, normalising sort case and direction', () => {
		expect(
			listQuery(
				node,
				'purchaseOrder.list',
				{
					sort: 'ORDERDATE',
					direction: 'desc',
					modifiedSince: '2026-01-01T00:00:00Z',
					startDate: '2026-01-01',
					endDate: '2026-01-31T23:59:59+01:00',
					other: 'kept',
					empty: '',
				},
				0,
			),
		).toEqual({
			sort: 'orderDate',
			direction: 'DESC',
			modifiedSince: '2026-01-01T00:00:00Z',
			startDate: '2026-01-01',
			endDate: '2026-01-31T23:59:59+01:00',
			other: 'kept',
		});
		expect(listQuery(node, 'report.run', { sort: 'anyColumn' }, 0)).toEqual({ sort: 'anyColumn' });
		// Any column the table does not list is sent as given: the service judges it.
		expect(listQuery(node, 'customer.list', { sort: 'zip' }, 0)).toEqual({ sort: 'zip' });
		expect(listQuery(node, 'customer.list', { sort: ' faxNumber ' }, 0)).toEqual({
			sort: 'faxNumber',
		});
		expect(
			listQuery(node, 'item.list', { modifiedSince: new Date('2026-02-01T10:00:00Z') }, 0),
		).toEqual({
			modifiedSince: '2026-02-01T10:00:00.000Z',
		});
	});

	test.each<[Parameters<typeof listQuery>[1], IDataObject, RegExp]>([
		['item.list', { sort: 'two words' }, /Sort Column \(sort\) must be one column name/],
		['item.list', { sort: 'qty\u0000' }, /Sort Column \(sort\) must be one column name/],
		['item.list', { sort: 'qty\u007f' }, /Sort Column \(sort\) must be one column name/],
		['item.list', { direction: 'up' }, /Direction \(direction\) must be ASC or DESC/],
		[
			'inventory.list',
			{ modifiedSince: '2026-01-01' },
			/Modified Since \(modifiedSince\) is not supported by \/Inventory/,
		],
		[
			'report.run',
			{ modifiedSince: '2026-01-01' },
			/Modified Since \(modifiedSince\) is not supported/,
		],
		[
			'item.list',
			{ startDate: '2026-01-01' },
			/Start Date \(startDate\) is only supported by order lists/,
		],
		[
			'item.list',
			{ modifiedSince: 'yesterday' },
			/^Modified Since \(modifiedSince\) must be an ISO 8601/,
		],
		[
			'item.list',
			{ modifiedSince: '2026-02-30' },
			/^Modified Since \(modifiedSince\) must be an ISO 8601/,
		],
		[
			'workOrder.list',
			{ startDate: '2026-02-01', endDate: '2026-01-01' },
			/Start Date \(startDate\) is after End Date \(endDate\)/,
		],
		['item.get', {}, /is not a list/],
		['report.run', { sort: 'a b' }, /Sort Column \(sort\) must be one column name/],
	])('%s %j is refused', (id, filters, message) => {
		expect(fails(id, filters)).toThrow(message);
	});

	test('a refused sort value says what to enter and which item it was', () => {
		try {
			listQuery(node, 'item.list', { sort: 'unit cost' }, 3);
			throw new Error('not thrown');
		} catch (error) {
			const e = error as { description?: string; context: IDataObject };
			expect(e.description).toBe('Enter one column name, such as shortID');
			expect(e.context.itemIndex).toBe(3);
		}
	});
});

describe('collectPages', () => {
	const pages = (sizes: number[][]) => {
		const calls: Array<{ page: number; pageSize: number }> = [];
		const fetch = async (request: { page: number; pageSize: number }) => {
			calls.push(request);
			const value = (sizes[request.page - 1] ?? []).map((id) => ({ id }));
			return { value, hasMore: request.page < sizes.length };
		};
		return { calls, fetch };
	};

	test('walks until hasMore is false, in order', async () => {
		const { calls, fetch } = pages([[1, 2], [3, 4], [5]]);
		const records = await collectPages(node, fetch, { pageSize: 2, what: '/X' });
		expect(records.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
		expect(calls).toEqual([
			{ page: 1, pageSize: 2 },
			{ page: 2, pageSize: 2 },
			{ page: 3, pageSize: 2 },
		]);
	});

	test('stops at the limit; a limit below the page size is the page size', async () => {
		const big = pages([
			[1, 2, 3],
			[4, 5, 6],
			[7, 8, 9],
		]);
		expect(
			(await collectPages(node, big.fetch, { pageSize: 3, limit: 4, what: '/X' })).map((r) => r.id),
		).toEqual([1, 2, 3, 4]);
		expect(big.calls).toHaveLength(2);
		const small = pages([[1, 2]]);
		await collectPages(node, small.fetch, { pageSize: 250, limit: 2, what: '/X' });
		expect(small.calls).toEqual([{ page: 1, pageSize: 2 }]);
	});

	test('a record repeated across a page boundary is returned once', async () => {
		const { fetch } = pages([
			[1, 2, 3],
			[3, 4, 5],
			[5, 6],
		]);
		expect(
			(await collectPages(node, fetch, { pageSize: 3, idField: 'id', what: '/X' })).map(
				(r) => r.id,
			),
		).toEqual([1, 2, 3, 4, 5, 6]);
	});

	test('a page with nothing new that still says hasMore stops the walk with an error', async () => {
		let calls = 0;
		const same = async () => (
			calls++,
			{ value: [{ id: 1 }, { id: 2 }], hasMore: true, pageCount: 1 }
		);
		await expect(
			collectPages(node, same, { pageSize: 2, idField: 'id', what: '/X' }),
		).rejects.toThrow(
			'Page 2 of /X repeated records already read and still said more pages follow',
		);
		calls = 0;
		await expect(collectPages(node, same, { pageSize: 2, what: '/X' })).rejects.toThrow(
			/^Page 2 of \/X repeated/,
		);
		expect(calls).toBe(2);
	});

	test('new records past pageCount + 5 pages stop the walk; a pageCount that grows moves the limit', async () => {
		let calls = 0;
		const endless = async ({ page }: { page: number }) => (
			calls++,
			{ value: [{ n: page }], hasMore: true, pageCount: page < 4 ? 2 : 4 }
		);
		await expect(collectPages(node, endless, { pageSize: 1, what: '/X' })).rejects.toThrow(
			'Read 9 pages of /X, which reported 4, and it still said more pages follow',
		);
		expect(calls).toBe(9);
	});

	test('an answer without a value array is an error', async () => {
		await expect(
			collectPages(node, async () => ({ items: [] }), { pageSize: 3, what: '/Item' }),
		).rejects.toThrow('The answer for /Item is not a paged list (no "value" array)');
	});
});

describe('toNodeError', () => {
	const call = {
		method: 'POST',
		path: '/Item',
		root: 'https://inv.example.com/api/v2',
		permission: 116 as const,
		itemIndex: 2,
	};
	const axiosLike = (status: number, data: unknown, headers: Record<string, string> = {}) =>
		Object.assign(new Error(`Request failed with status code ${status}`), {
			response: { status, data, headers },
			config: { headers: { Authorization: 'Bearer SECRET-TOKEN' }, data: 'client_secret=SECRET' },
		});

	test('validation: the service message, details per field in the description', () => {
		const error = toNodeError(
			node,
			axiosLike(400, {
				statusCode: 400,
				error: 'validation_error',
				message: 'Model validation failed.',
				details: {
					itemID: ['The itemID field is required.'],
					units: ['Must be positive.', 'Must be a number.'],
				},
			}),
			call,
		);
		expect(error.message).toBe('Model validation failed.');
		expect(error.description).toBe(
			'itemID: The itemID field is required.\nunits: Must be positive. Must be a number.',
		);
		expect((error as { httpCode?: string }).httpCode).toBe('400');
		expect(error.context.itemIndex).toBe(2);
	});

	test('403 text verbatim, with the Security ID the endpoint needs', () => {
		const error = toNodeError(
			node,
			axiosLike(403, { statusCode: 403, error: 'forbidden', message: 'Insufficient permissions.' }),
			call,
		);
		expect(error.message).toBe('Insufficient permissions.');
		expect(error.description).toBe(
			"POST /Item needs Security ID 116 in the integration user's group.",
		);
	});

	test('a write that lost its connection: outcome unknown; the same on a read is a connection problem', () => {
		const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
		const write = toNodeError(node, reset, { ...call, timeoutMs: 60_000 });
		expect(write.message).toBe(
			'POST /Item: the connection was lost before the answer, outcome unknown — check before retrying',
		);
		const read = toNodeError(node, reset, { ...call, method: 'GET' });
		expect(read.message).toBe(
			'Could not reach Inventory Pro at https://inv.example.com/api/v2: the server closed the connection. Check the Base URL',
		);
	});

	test('a 3xx names the status and where it pointed', () => {
		const error = toNodeError(
			node,
			axiosLike(308, '', { location: 'http://old.example.com:8080/api/v2/Item?x=1' }),
			call,
		);
		expect(error.message).toBe(
			'POST /Item was answered with a redirect (HTTP 308 to http://old.example.com:8080), which is not followed: the Base URL is probably wrong',
		);
		expect(error.description).toMatch(/^Nothing was sent to the redirect target/);
	});

	test('429 after retries says what happened', () => {
		const error = toNodeError(
			node,
			axiosLike(429, { message: 'Rate Limit Exceeded. 100 per Minute.' }),
			call,
			{
				retries: 5,
				waitedMs: 241_000,
			},
		);
		expect(error.message).toBe(
			'Inventory Pro kept answering 429 Too Many Requests after 5 retries over 241 s (Rate Limit Exceeded. 100 per Minute.)',
		);
	});

	test('401 after the re-mint blames the credentials or account', () => {
		const error = toNodeError(
			node,
			axiosLike(401, { message: 'The access token is invalid.' }),
			call,
		);
		expect(error.message).toMatch(/client ID and secret or the account itself is the problem/);
	});

	test('no answer: what to check, code in the description', () => {
		const refused = toNodeError(
			node,
			Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
			call,
		);
		expect(refused.message).toBe(
			'Could not reach Inventory Pro at https://inv.example.com/api/v2: nothing accepted the connection. Check the Base URL',
		);
		expect(refused.description).toBe('Network error ECONNREFUSED.');
		const tls = toNodeError(
			node,
			Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }),
			call,
		);
		expect(tls.description).toMatch(/Ignore SSL Issues/);
	});

	test('a non-JSON answer still names the status and the call', () => {
		const error = toNodeError(node, axiosLike(502, '<html>Bad gateway</html>'), call);
		expect(error.message).toBe('Inventory Pro answered HTTP 502 to POST /Item');
	});

	test('nothing of the request (token, secret) reaches the error', () => {
		const error = toNodeError(
			node,
			axiosLike(409, { statusCode: 409, error: 'conflict', message: 'Item X already exists.' }),
			call,
		);
		expect(
			JSON.stringify({ ...error, message: error.message, description: error.description }),
		).not.toMatch(/SECRET/);
	});
});

describe('clientSettings', () => {
	test('production defaults, pacing key per API root and client id', () => {
		const settings = clientSettings(node, {
			baseUrl: 'https://Inv.example.com/',
			clientId: ' demo ',
		});
		expect(settings).toEqual({
			root: 'https://inv.example.com/api/v2',
			key: 'https://inv.example.com/api/v2|demo',
			skipTls: false,
			requestsPerMinute: 100,
			pagesInFlight: 4,
			windowMs: 60_000,
			backoff: { baseMs: 30_000, capMs: 60_000, floorMs: 1_000 },
			timeoutMs: 60_000,
		});
	});

	test('refuses http:// and a bad budget before anything is sent', () => {
		expect(() => clientSettings(node, { baseUrl: 'http://inv.example.com' })).toThrow(
			/only over HTTPS/,
		);
		expect(() =>
			clientSettings(node, { baseUrl: 'https://inv.example.com', requestsPerMinute: 0 }),
		).toThrow('"Requests per Minute" on the credential must be a whole number of 1 or more');
		for (const pagesInFlight of [0, 2.5, 17]) {
			expect(() =>
				clientSettings(node, { baseUrl: 'https://inv.example.com', pagesInFlight }),
			).toThrow('"Pages in Flight" on the credential must be a whole number from 1 to 16');
		}
	});
});
