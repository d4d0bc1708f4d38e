/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * The transport through real n8n-core runs against the sandbox: paging request counts, rate limiting
 * (429 waits, retries running out, pacing under the client's budget) and the service's errors as the
 * workflow shows them. No test sleeps more than a second: 429 waits are milliseconds in the harness's
 * transport timing (its test seam), and the pacing test runs the pacer and the sandbox on one manual clock.
 */
import { createServer } from 'http';
import type { AddressInfo } from 'net';
import { join } from 'path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { RecordedRequest, Sandbox } from '../../sandbox';
import { ManualClock } from '../../sandbox/clock';
import { startHarness, type Harness, type RunResult } from '../harness';
import { DIST, loadCompiled } from '../harness/build';
import { SandboxClient } from '../support/sandboxClient';

const SEED = { items: 1_234 };

let h: Harness;
let api: SandboxClient;

beforeAll(async () => {
	h = await startHarness({ sandbox: { seed: SEED } });
	api = new SandboxClient(h.sandbox);
});
afterAll(async () => await h?.stop());
beforeEach(() => h.sandbox.resetStats());

const probe = async (
	parameters: INodeParameters,
	credentials?: string | object,
): Promise<RunResult> =>
	await h.run({ type: 'transportProbe', parameters, credentials: credentials });

const recorded = (sandbox: Sandbox, endpointId: string): RecordedRequest[] =>
	sandbox.requests.filter((r) => r.endpointId === endpointId);

/** Every record of a list read directly, 250 per page. */
async function readAll(path: string, query: Record<string, string> = {}): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	for (let page = 1; ; page++) {
		const response = await api.get(path, { ...query, page, pageSize: 250 });
		records.push(...(response.body.value as IDataObject[]));
		if (!response.body.hasMore) return records;
	}
}

/** Runs fn while `onRecord` sees each request the sandbox records (to act between pages). */
async function whileWatching<T>(
	sandbox: Sandbox,
	onRecord: (entry: RecordedRequest) => void,
	fn: () => Promise<T>,
): Promise<T> {
	const requests = sandbox.requests;
	const push = requests.push.bind(requests);
	requests.push = (...entries: RecordedRequest[]) => {
		entries.forEach(onRecord);
		return push(...entries);
	};
	try {
		return await fn();
	} finally {
		requests.push = push;
	}
}

describe('paging', () => {
	test('returnAll over 1,000+ records: exactly ceil(N / 250) list requests, all records in order, no duplicates', async () => {
		const expected = await readAll('/Item');
		h.sandbox.resetStats();
		const n = expected.length;
		expect(n).toBeGreaterThan(1_000);

		const result = await probe({ call: 'apiRequestAllItems', endpoint: 'item.list' });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(n);
		expect(result.items.map((item) => item.shortID)).toEqual(expected.map((item) => item.shortID));
		expect(new Set(result.items.map((item) => item.shortID)).size).toBe(n);
		const calls = recorded(h.sandbox, 'item.list');
		expect(calls).toHaveLength(Math.ceil(n / 250));
		expect(calls.map((call) => call.query)).toEqual(
			calls.map((_, i) => ({ page: String(i + 1), pageSize: '250' })),
		);
	});

	// Shipping orders: more than a page of them (the purchase order list holds open ones only).
	test('order endpoints: 50 per page', async () => {
		const expected = await readAll('/ShippingOrder');
		h.sandbox.resetStats();
		const result = await probe({ call: 'apiRequestAllItems', endpoint: 'shippingOrder.list' });
		expect(result.error).toBeUndefined();
		expect(result.items.map((order) => order.soNo)).toEqual(expected.map((order) => order.soNo));
		const calls = recorded(h.sandbox, 'shippingOrder.list');
		expect(expected.length).toBeGreaterThan(50);
		expect(calls).toHaveLength(Math.ceil(expected.length / 50));
		expect(new Set(calls.map((call) => call.query.pageSize))).toEqual(new Set(['50']));
	});

	test('a limit stops early; a limit below the page size is asked for as the page size', async () => {
		const expected = await readAll('/Item');
		h.sandbox.resetStats();
		const first300 = await probe({ call: 'apiRequestAllItems', endpoint: 'item.list', limit: 300 });
		expect(first300.items.map((item) => item.shortID)).toEqual(
			expected.slice(0, 300).map((item) => item.shortID),
		);
		expect(h.requests('item.list')).toBe(2);

		h.sandbox.resetStats();
		const seven = await probe({ call: 'apiRequestAllItems', endpoint: 'item.list', limit: 7 });
		expect(seven.items).toHaveLength(7);
		expect(recorded(h.sandbox, 'item.list').map((call) => call.query.pageSize)).toEqual(['7']);
	});

	test('filters reach the service checked and normalised', async () => {
		const result = await probe({
			call: 'apiRequestAllItems',
			endpoint: 'item.list',
			filters: JSON.stringify({ sort: 'SHORTID', direction: 'desc' }),
			limit: 3,
		});
		expect(result.error).toBeUndefined();
		const expected = (await api.get('/Item', { sort: 'shortID', direction: 'DESC', pageSize: 3 }))
			.body.value as IDataObject[];
		expect(result.items.map((item) => item.shortID)).toEqual(expected.map((item) => item.shortID));
		expect(recorded(h.sandbox, 'item.list')[0].query).toMatchObject({
			sort: 'shortID',
			direction: 'DESC',
		});
	});

	test('a record pushed to the next page while we read comes back once', async () => {
		let inserted = false;
		const result = await whileWatching(
			h.sandbox,
			(entry) => {
				if (inserted || entry.endpointId !== 'item.listAll' || entry.status !== 200) return;
				// Newest partNo sorts first descending: every later page shifts by one row.
				const template = h.sandbox.store.items.rows[0];
				const partNo = h.sandbox.store.items.nextId();
				h.sandbox.store.items.insert({ ...template, partNo, shortID: `SHIFT-${partNo}` });
				h.sandbox.store.changed();
				inserted = true;
			},
			async () =>
				await probe({
					call: 'apiRequestAllItems',
					endpoint: 'item.listAll',
					filters: JSON.stringify({ sort: 'partNo', direction: 'DESC' }),
				}),
		);
		expect(result.error).toBeUndefined();
		const partNos = result.items.map((item) => item.partNo as number);
		expect(new Set(partNos).size).toBe(partNos.length);
		expect(partNos).toEqual([...partNos].sort((a, b) => b - a));
		// Without the check the first row of page 2 would repeat the last of page 1.
		expect(partNos.length).toBe(h.sandbox.store.items.size - 1);
	});

	test('customApiRequest pages any list path', async () => {
		const expected = await readAll('/Item/All');
		h.sandbox.resetStats();
		const result = await probe({
			call: 'customApiRequest',
			method: 'GET',
			path: '/Item/All',
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.partNo)).toEqual(expected.map((item) => item.partNo));
		expect(h.requests('item.listAll')).toBe(Math.ceil(expected.length / 250));

		const single = await probe({
			call: 'customApiRequest',
			method: 'GET',
			path: '/Warehouse',
			query: JSON.stringify({ pageSize: 2 }),
		});
		expect(single.items).toHaveLength(1);
		expect((single.items[0].response as IDataObject).pageSize).toBe(2);
	});
});

describe('the API version the Base URL names', () => {
	test('a credential on …/api/v1 talks to /api/v1', async () => {
		const v1 = h.addCredential(
			h.credential({ baseUrl: h.sandbox.baseUrl.replace(/\/api\/v2$/, '/api/v1') }),
		);
		const result = await h.run({
			type: 'inventoryPro',
			parameters: { resource: 'customer', operation: 'get', shortID: 'ACME-CORP' },
			credentials: v1,
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].shortID).toBe('ACME-CORP');
		expect(h.sandbox.requests.map((request) => request.path)).toEqual([
			'/api/v1/Token',
			'/api/v1/Customer/ACME-CORP',
		]);
	});
});

describe('refused before any request', () => {
	test.each([
		[
			{ call: 'apiRequestAllItems', endpoint: 'item.list', filters: '{"sort":"unit price"}' },
			'Sort Column (sort) must be one column name, got "unit price"',
		],
		[
			{
				call: 'apiRequestAllItems',
				endpoint: 'inventory.list',
				filters: '{"modifiedSince":"2026-01-01"}',
			},
			'Modified Since (modifiedSince) is not supported by /Inventory',
		],
		[
			{
				call: 'apiRequestAllItems',
				endpoint: 'item.list',
				filters: '{"modifiedSince":"last week"}',
			},
			'Modified Since (modifiedSince) must be an ISO 8601 date or date-time (got "last week")',
		],
		[
			{
				call: 'apiRequestAllItems',
				endpoint: 'workOrder.list',
				filters: '{"direction":"sideways"}',
			},
			'Direction (direction) must be ASC or DESC, got "sideways"',
		],
		[
			{ call: 'apiRequest', endpoint: 'item.discontinue' },
			'Short ID (shortID) is required for /Item/{shortID}',
		],
		[
			{ call: 'customApiRequest', method: 'GET', path: '/../Token' },
			'Path (path) must be a path below the API root',
		],
		[
			{ call: 'customApiRequest', method: 'GET', path: 'https://elsewhere.example/steal' },
			'Path (path) must be a path below the API root',
		],
	])('%j', async (parameters, message) => {
		const result = await probe(parameters);
		expect(result.error?.message).toBe(message);
		expect(h.sandbox.requests).toHaveLength(0);
	});
});

describe("the service's errors", () => {
	const failing = async (parameters: INodeParameters, credentials?: object, id?: string) => {
		const result = await probe(parameters, id ?? credentials);
		expect(result.error).toBeDefined();
		return result.error!;
	};

	test('403 Insufficient permissions, verbatim, with the Security ID needed', async () => {
		const raw = await new SandboxClient(h.sandbox, {
			clientId: 'limited',
			clientSecret: 'limited-secret',
		}).get('/Customer');
		const error = await failing(
			{ call: 'apiRequest', endpoint: 'customer.list' },
			{ clientId: 'limited', clientSecret: 'limited-secret' },
		);
		expect(raw.status).toBe(403);
		expect(error.message).toBe(raw.body.message);
		expect(error.message).toBe('Insufficient permissions.');
		expect(error.description).toBe(
			"GET /Customer needs Security ID 130 in the integration user's group.",
		);
		expect(error.httpCode).toBe('403');
	});

	test('403 Account is read-only, verbatim', async () => {
		const error = await failing(
			{ call: 'apiRequest', endpoint: 'item.create', body: JSON.stringify({ itemID: 'RO-1' }) },
			{ clientId: 'readonly', clientSecret: 'readonly-secret' },
		);
		expect(error.message).toBe('Account is read-only.');
		expect(h.sandbox.store.item('RO-1')).toBeUndefined();
	});

	test('404 with the service message', async () => {
		const raw = await api.get('/Webhook/987654');
		const error = await failing({
			call: 'apiRequest',
			endpoint: 'webhook.get',
			pathParams: '{"rec":987654}',
		});
		expect(raw.status).toBe(404);
		expect(error.message).toBe(raw.body.message);
		expect(error.httpCode).toBe('404');
	});

	test('409 with the service message', async () => {
		const existing = h.sandbox.store.items.rows[3].shortID;
		const error = await failing({
			call: 'apiRequest',
			endpoint: 'item.create',
			body: JSON.stringify({ itemID: existing }),
		});
		expect(error.message).toBe(`An item with ID "${existing}" already exists.`);
		expect(error.httpCode).toBe('409');
	});

	test('400 validation: the message, and the details per field in the description', async () => {
		const raw = await api.post('/Item', {});
		const error = await failing({
			call: 'customApiRequest',
			method: 'POST',
			path: '/Item',
			body: '{}',
		});
		expect(raw.body.error).toBe('validation_error');
		expect(error.message).toBe('Model validation failed.');
		const details = raw.body.details as Record<string, string[]>;
		expect(error.description).toBe(
			Object.entries(details)
				.map(([field, list]) => `${field}: ${list.join(' ')}`)
				.join('\n'),
		);
		expect(error.description).toMatch(/^itemID: /);
	});

	test('400 from a check only the service makes', async () => {
		const error = await failing({
			call: 'customApiRequest',
			method: 'GET',
			path: '/Item',
			query: '{"sort":"nonsense"}',
		});
		expect(error.message).toBe('Invalid sort column or direction.');
	});

	test('a server gone away mid-life (token stored, nothing listening): what to check', async () => {
		const closed = createServer();
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
		const port = (closed.address() as AddressInfo).port;
		await new Promise((resolve) => closed.close(resolve));
		const id = h.addCredential(h.credential({ baseUrl: `https://127.0.0.1:${port}/api/v2/` }));
		h.credentials.update(id, { accessToken: 'stored-token' });
		const error = await failing({ call: 'apiRequest', endpoint: 'item.list' }, undefined, id);
		expect(error.message).toBe(
			`Could not reach Inventory Pro at https://127.0.0.1:${port}/api/v2: nothing accepted the connection. Check the Base URL`,
		);
		expect(error.description).toBe('Network error ECONNREFUSED.');
	});

	test('no token in any error', async () => {
		const id = h.addCredential(
			h.credential({ clientId: 'limited', clientSecret: 'limited-secret' }),
		);
		const result = await probe({ call: 'apiRequest', endpoint: 'customer.list' }, id);
		const token = String(h.credentials.get(id).data.accessToken);
		expect(token.length).toBeGreaterThan(20);
		expect(
			JSON.stringify({ ...result.error, message: result.error?.message, items: result.items }),
		).not.toContain(token);
	});
});

describe('429 Too Many Requests', () => {
	test('waits and retries until the request goes through', async () => {
		h.sandbox.failNext('item.list', 'rate_limited', 2);
		const result = await probe({ call: 'apiRequestAllItems', endpoint: 'item.list', limit: 500 });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(500);
		expect(recorded(h.sandbox, 'item.list').map((r) => r.status)).toEqual([429, 429, 200, 200]);
		expect(h.sandbox.stats.rateLimited).toBe(2);
	});

	test('honours Retry-After (up to the cap) instead of the short backoff', async () => {
		// Backoff alone would wait 5 ms; the sandbox says Retry-After: 60, capped here at 300 ms.
		h.timing({ baseMs: 5, capMs: 300 });
		h.sandbox.failNext('item.list', 'rate_limited', 1);
		const started = Date.now();
		const result = await probe({ call: 'apiRequest', endpoint: 'item.list' }).finally(() =>
			h.timing(),
		);
		const elapsed = Date.now() - started;
		expect(result.error).toBeUndefined();
		expect(elapsed).toBeGreaterThanOrEqual(290);
		// The cap, not Retry-After's 60 s (a generous bound, for a busy machine).
		expect(elapsed).toBeLessThan(30_000);
	});

	describe("against the sandbox's own limit (3 per minute, clock in the test's hands)", () => {
		let limited: Harness;
		let clock: ManualClock;

		beforeAll(async () => {
			clock = new ManualClock();
			limited = await startHarness({ sandbox: { clock, seed: SEED, rateLimitPerMinute: 3 } });
		});
		afterAll(async () => await limited?.stop());
		beforeEach(() => limited.sandbox.resetStats());

		test('an export waits out each 429 and completes with every record', async () => {
			// The sandbox's minute passes whenever it has answered 429 (as it would while we wait).
			const result = await whileWatching(
				limited.sandbox,
				(entry) => entry.status === 429 && clock.advance(60_000),
				async () =>
					await limited.run({
						type: 'transportProbe',
						parameters: { call: 'apiRequestAllItems', endpoint: 'item.list' },
					}),
			);
			expect(result.error).toBeUndefined();
			const statuses = recorded(limited.sandbox, 'item.list').map((r) => r.status);
			const pages = statuses.filter((s) => s === 200).length;
			expect(result.items).toHaveLength(
				limited.sandbox.store.items.rows.filter((item) => !item.discontinued).length,
			);
			expect(pages).toBe(Math.ceil(result.items.length / 250));
			expect(statuses.filter((s) => s === 429).length).toBe(Math.floor((pages - 1) / 3));
			expect(new Set(result.items.map((item) => item.shortID)).size).toBe(result.items.length);
		});

		test('when retries run out the error says what happened', async () => {
			clock.advance(60_000);
			for (let i = 0; i < 3; i++) {
				expect(
					(
						await limited.run({
							type: 'transportProbe',
							parameters: { call: 'apiRequest', endpoint: 'warehouse.list' },
						})
					).error,
				).toBeUndefined();
			}
			const started = Date.now();
			const result = await limited.run({
				type: 'transportProbe',
				parameters: { call: 'apiRequest', endpoint: 'warehouse.list' },
			});
			// The waits are on the sandbox's clock: none in real time (a generous bound, for a busy machine).
			expect(Date.now() - started).toBeLessThan(30_000);
			expect(result.error?.message).toMatch(
				/^Inventory Pro kept answering 429 Too Many Requests after 5 retries over \d+ s \(Rate Limit Exceeded\. 3 per Minute\.\)$/,
			);
			expect(result.error?.description).toBe(
				'Lower "Requests per Minute" on the credential, or let fewer workflows use this client at the same time.',
			);
			expect(result.error?.httpCode).toBe('429');
			expect(recorded(limited.sandbox, 'warehouse.list').map((r) => r.status)).toEqual([
				200, 200, 200, 429, 429, 429, 429, 429, 429,
			]);
		});
	});
});

/**
 * The pacer and the sandbox share one virtual clock: the pacer's waits advance the sandbox's ManualClock
 * instead of sleeping, and requests take no virtual time. So what is measured is the pacing rule
 * itself (five per window, the sixth waits for the oldest to leave), not this machine's speed.
 */
describe('pacing to the credential budget (pacer and sandbox on one manual clock)', () => {
	let paced: Harness;
	let clock: ManualClock;
	let pacer: { clock: { now(): number; sleep(ms: number): Promise<void> } };
	let realClock: typeof pacer.clock;
	const waits: number[] = [];

	beforeAll(async () => {
		clock = new ManualClock();
		paced = await startHarness({ sandbox: { clock, seed: SEED, rateLimitPerMinute: 5 } });
		// The very pacer instance the loaded node uses (n8n loads it from dist/, and so does the harness).
		pacer = (loadCompiled(join(DIST, 'nodes/shared/transport/pacer.js')) as { pacer: typeof pacer })
			.pacer;
		realClock = pacer.clock;
		pacer.clock = {
			now: () => clock.now(),
			sleep: async (ms) => {
				waits.push(ms);
				clock.advance(ms);
			},
		};
	});
	afterAll(async () => {
		if (pacer) pacer.clock = realClock;
		await paced?.stop();
	});

	test('within the budget: a long export waits out the window and meets no 429', async () => {
		// One page at a time: concurrent sleepers would each advance the shared manual clock.
		const id = paced.addCredential(paced.credential({ requestsPerMinute: 5, pagesInFlight: 1 }));
		paced.timing({ windowMs: 60_000 });
		const started = clock.now();
		const results = [];
		try {
			for (let run = 0; run < 2; run++) {
				results.push(
					await paced.run({
						type: 'transportProbe',
						parameters: { call: 'apiRequestAllItems', endpoint: 'item.list' },
						credentials: id,
					}),
				);
			}
		} finally {
			paced.timing();
		}
		for (const result of results) {
			expect(result.error).toBeUndefined();
			expect(result.items.length).toBeGreaterThan(1_000);
		}
		const requests = paced.requests('item.list');
		expect(requests).toBe(2 * Math.ceil(results[0].items.length / 250));
		expect(paced.sandbox.stats.rateLimited).toBe(0);
		// Five requests per 60 s window: the export took (requests - 1) / 5 full windows, to the millisecond.
		expect(clock.now() - started).toBe(Math.floor((requests - 1) / 5) * 60_000);
		expect(waits.length).toBeGreaterThan(0);
	});
});

/**
 * The sandbox's clock stands still, so its 5-per-minute window fills after five requests whatever this
 * machine's speed; each 429 it answers moves its clock one minute on, before the client's retry (which
 * waits at least 20 ms) arrives. A wall-clock window here failed under load: the requests were too slow to
 * fill it.
 */
describe('without pacing (sandbox on a manual clock that moves a minute per 429)', () => {
	let unpaced: Harness;
	let clock: ManualClock;

	beforeAll(async () => {
		clock = new ManualClock();
		unpaced = await startHarness({ sandbox: { clock, seed: SEED, rateLimitPerMinute: 5 } });
	});
	afterAll(async () => await unpaced?.stop());

	test('the same export collects 429s (what the pacer avoids) and still completes', async () => {
		const id = unpaced.addCredential(
			unpaced.credential({
				clientId: 'scoped',
				clientSecret: 'scoped-secret',
				requestsPerMinute: 1_000,
				// One page at a time, as this test was measured: with pages in flight the first export can finish inside one window.
				pagesInFlight: 1,
			}),
		);
		unpaced.timing({ floorMs: 20, capMs: 60 });
		let answered = 0;
		const watcher = setInterval(() => {
			const seen = unpaced.sandbox.stats.rateLimited;
			if (seen > answered) clock.advance(60_000 * (seen - answered));
			answered = seen;
		}, 1);
		try {
			for (let run = 0; run < 2; run++) {
				const result = await unpaced.run({
					type: 'transportProbe',
					parameters: { call: 'apiRequestAllItems', endpoint: 'item.list' },
					credentials: id,
				});
				expect(result.error).toBeUndefined();
			}
		} finally {
			clearInterval(watcher);
			unpaced.timing();
		}
		expect(unpaced.sandbox.stats.rateLimited).toBeGreaterThan(0);
	});
});

describe('pages in flight (the sandbox holds its answers until the test lets them go; no clock involved)', () => {
	let held: Harness;

	beforeAll(async () => {
		held = await startHarness({ sandbox: { clock: new ManualClock(), seed: SEED } });
	});
	afterAll(async () => await held?.stop());
	beforeEach(() => held.sandbox.resetStats());
	// A failed test must not leave answers held or faults queued for the next one.
	const opened: Array<() => void> = [];
	afterEach(() => {
		held.sandbox.clearFaults();
		opened.splice(0).forEach((open) => open());
	});

	/** A gate the sandbox's answers wait on: `open()` lets every answer held by it go. */
	const gate = () => {
		let open!: () => void;
		const until = new Promise<void>((resolve) => (open = resolve));
		opened.push(open);
		return { until, open };
	};
	/** Resolves once the sandbox has received `count` list requests (arrivals are recorded before the answer). */
	const arrived = async (count: number) => {
		for (let turn = 0; recorded(held.sandbox, 'item.list').length < count; turn++) {
			if (turn > 1_000)
				throw new Error(
					`only ${recorded(held.sandbox, 'item.list').length} of ${count} requests arrived`,
				);
			await new Promise((resolve) => setTimeout(resolve, 1));
		}
	};
	const pagesOf = () => recorded(held.sandbox, 'item.list').map((call) => Number(call.query.page));

	const exportWith = (pagesInFlight: number) =>
		held.run({
			type: 'transportProbe',
			parameters: { call: 'apiRequestAllItems', endpoint: 'item.list' },
			credentials: { pagesInFlight },
		});

	test('4 in flight: after page 1, pages 2-5 reach the service before any of them is answered; same records', async () => {
		const first = gate();
		const rest = gate();
		held.sandbox.inject('item.list', { kind: 'slow', ms: 0, until: first.until }, 1);
		held.sandbox.inject('item.list', { kind: 'slow', ms: 0, until: rest.until }, 4);
		const run = exportWith(4);
		await arrived(1);
		first.open();
		await arrived(5); // all four while every answer after page 1 is still held
		expect(pagesOf().sort()).toEqual([1, 2, 3, 4, 5]);
		rest.open();
		const result = await run;
		expect(result.error).toBeUndefined();
		expect(recorded(held.sandbox, 'item.list')).toHaveLength(5);
		expect(result.items.map((item) => item.shortID)).toEqual(
			(await readAllFrom(held)).map((item) => item.shortID),
		);
	});

	test('1 in flight: the next page is asked for only once the one before is answered', async () => {
		const gates = [1, 2, 3, 4, 5].map(gate);
		for (const { until } of gates)
			held.sandbox.inject('item.list', { kind: 'slow', ms: 0, until }, 1);
		const run = exportWith(1);
		for (let page = 1; page <= 5; page++) {
			await arrived(page);
			// Page `page` is held: a transport that did not wait would have asked for the next one by now.
			await new Promise((resolve) => setTimeout(resolve, 20));
			expect(pagesOf()).toEqual([1, 2, 3, 4, 5].slice(0, page));
			gates[page - 1].open();
		}
		expect((await run).error).toBeUndefined();
	});
});

async function readAllFrom(harness: Harness): Promise<IDataObject[]> {
	const client = new SandboxClient(harness.sandbox);
	const records: IDataObject[] = [];
	for (let page = 1; ; page++) {
		const response = await client.get('/Item', { page, pageSize: 250 });
		records.push(...(response.body.value as IDataObject[]));
		if (!response.body.hasMore) return records;
	}
}
