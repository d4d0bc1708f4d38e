/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * Inventory Pro Changes Trigger against the sandbox, polled the way n8n 2.40 polls (test/harness/pollTrigger.ts):
 * real HTTPS, the real credential and transport, n8n-core's PollTriggerExecutor and PollContext, static
 * data kept and saved like n8n does. The sandbox runs on a ManualClock set years away from this
 * machine's clock, so any use of n8n's clock for the cursor would show.
 */
import { Agent, request } from 'https';

import type { IDataObject } from 'n8n-workflow';

import { ManualClock, type Sandbox } from '../../sandbox';
import type { Page } from '../../sandbox/lists';
import { startHarness, type Harness } from '../harness';
import type { Poller } from '../harness/pollTrigger';
import { pollerFor, type PollTriggerParams } from './setup';

const SERVICE_EPOCH = '2031-03-02T09:00:00.000Z';
jest.setTimeout(60_000);

let h: Harness;
let sandbox: Sandbox;
let clock: ManualClock;
let agent: Agent;

beforeAll(async () => {
	clock = new ManualClock(SERVICE_EPOCH);
	h = await startHarness({ sandbox: { clock, rateLimitPerMinute: 1_000_000 } });
	sandbox = h.sandbox;
	agent = new Agent({ keepAlive: true, ca: sandbox.ca });
});

afterAll(async () => {
	agent?.destroy();
	await h?.stop();
});

// ——— direct calls to the sandbox (the "other system" making changes) ———

let token: string | undefined;

/** T: the answer's shape (a list: `Page<…>` from sandbox/lists). */
async function call<T = IDataObject>(
	method: string,
	path: string,
	body?: IDataObject,
	query: Record<string, string> = {},
): Promise<T> {
	token ??= (
		await raw<{ access_token: string }>(
			'POST',
			'/Token',
			`grant_type=client_credentials&client_id=demo&client_secret=inventory-pro-demo-secret`,
		)
	).access_token;
	const search = new URLSearchParams(query).toString();
	return await raw<T>(
		method,
		path + (search ? `?${search}` : ''),
		body === undefined ? undefined : JSON.stringify(body),
		token,
	);
}

function raw<T>(method: string, path: string, body?: string, bearer?: string): Promise<T> {
	const headers: Record<string, string> = {};
	if (bearer) headers.Authorization = `Bearer ${bearer}`;
	if (body !== undefined) {
		headers['Content-Type'] = bearer ? 'application/json' : 'application/x-www-form-urlencoded';
	}
	return new Promise((resolve, reject) => {
		const req = request(sandbox.baseUrl + path, { method, agent, headers }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (chunk: Buffer) => chunks.push(chunk));
			res.on('end', () => {
				const text = Buffer.concat(chunks).toString('utf8');
				if ((res.statusCode ?? 0) >= 300)
					reject(new Error(`${method} ${path}: ${res.statusCode} ${text}`));
				else resolve(text ? JSON.parse(text) : undefined);
			});
		});
		req.on('error', reject);
		if (body !== undefined) req.write(body);
		req.end();
	});
}

let serial = 0;
const createItem = async (description = 'poll test'): Promise<IDataObject> =>
	await call('POST', '/Item', { itemID: `POLL-${++serial}`, description });
const updateItem = async (shortID: string, description: string): Promise<IDataObject> =>
	await call('PUT', '/Item', { itemID: shortID, description });

/** The newest Modified the service holds for a list, read straight from the API. */
async function newestStamp(path: string): Promise<string> {
	const page = await call<Page<IDataObject>>('GET', path, undefined, {
		sort: 'modified',
		direction: 'DESC',
		pageSize: '1',
	});
	return page.value[0].modified as string;
}

const listRequests = (endpointId: string) =>
	sandbox.requests.filter((r) => r.endpointId === endpointId);
const ids = (records: IDataObject[] | undefined) => (records ?? []).map((r) => r.shortID);

/** Makes the `nth` request (1-based, from now on) to an endpoint fail, by queueing the fault once n-1 were answered. */
function failNth(
	endpointId: Parameters<Sandbox['failNext']>[0],
	nth: number,
	code: Parameters<Sandbox['failNext']>[1],
	times = 1,
): void {
	if (nth <= 1) return sandbox.failNext(endpointId, code, times);
	let seen = 0;
	const log = sandbox.requests;
	const push = log.push.bind(log);
	log.push = (...entries) => {
		for (const entry of entries) {
			if (entry.endpointId === endpointId && ++seen === nth - 1) {
				sandbox.failNext(endpointId, code, times);
				log.push = push;
			}
		}
		return push(...entries);
	};
}

async function activated(params: PollTriggerParams, pollBudgetMs?: number): Promise<Poller> {
	const poller = pollerFor(h, params, pollBudgetMs);
	const outcome = await poller.activate();
	expect(outcome.error).toBeUndefined();
	expect(outcome.emitted).toBeUndefined();
	return poller;
}

describe('first activation', () => {
	it("starts at the service's newest change, emits nothing old, and the next poll nothing either", async () => {
		const newest = await newestStamp('/Item/All');
		const before = listRequests('item.listAll').length;
		const poller = await activated({ watch: 'item.listAll' });

		const state = (poller.saved['node:Changes'] as IDataObject).pollState as IDataObject;
		expect((state.cursor as IDataObject).since).toBe(newest);
		expect(listRequests('item.listAll').length - before).toBe(1);
		expect(listRequests('item.listAll').at(-1)?.query).toMatchObject({
			sort: 'modified',
			direction: 'DESC',
		});

		clock.advance(60_000);
		expect(await poller.tick()).toEqual({ emitted: undefined, error: undefined });
		expect(listRequests('item.listAll').at(-1)?.query.modifiedSince).toBe(newest);
	});

	it('with a start date emits everything modified since then, oldest first', async () => {
		const from = '2025-06-01T00:00:00Z';
		const total = (
			await call<Page<IDataObject>>('GET', '/Item/All', undefined, {
				pageSize: '1',
				modifiedSince: from,
			})
		).totalCount;
		const poller = pollerFor(h, { watch: 'item.listAll', options: { startFrom: from } });
		const { emitted, error } = await poller.activate();
		expect(error).toBeUndefined();
		expect(total).toBeGreaterThan(250);
		expect(emitted?.length).toBe(total);
		expect(new Set(ids(emitted)).size).toBe(total);
		const stamps = (emitted ?? []).map((r) => String(r.modified));
		expect([...stamps].sort()).toEqual(stamps);
	});
});

describe('consecutive polls', () => {
	it('emit each created and each modified record exactly once', async () => {
		const poller = await activated({ watch: 'item.listAll' });

		clock.advance(1_000);
		const a = await createItem();
		clock.advance(1_000);
		const b = await createItem();
		expect(ids((await poller.tick()).emitted)).toEqual([a.shortID, b.shortID]);
		expect((await poller.tick()).emitted).toBeUndefined();

		clock.advance(1_000);
		await updateItem(a.shortID as string, 'changed once');
		clock.advance(1_000);
		const c = await createItem();
		const third = await poller.tick();
		expect(ids(third.emitted)).toEqual([a.shortID, c.shortID]);
		expect(third.emitted?.[0].description).toBe('changed once');
		expect((await poller.tick()).emitted).toBeUndefined();
		expect(poller.executions.length).toBe(2);
	});

	it('deduplicate records at the exact boundary stamp and still catch new ones stamped at it', async () => {
		const poller = await activated({ watch: 'item.listAll' });

		clock.advance(5_000);
		const x1 = await createItem();
		const x2 = await createItem();
		expect(x1.modified).toBe(x2.modified);
		expect(ids((await poller.tick()).emitted)).toEqual([x1.shortID, x2.shortID]);

		// Same instant as the cursor: the read (from the overlap window, inclusive) returns x1, x2 and x3; only x3 is new.
		const x3 = await createItem();
		expect(x3.modified).toBe(x1.modified);
		const second = await poller.tick();
		expect(
			String(listRequests('item.listAll').at(-1)?.query.modifiedSince) <= String(x1.modified),
		).toBe(true);
		expect(ids(second.emitted)).toEqual([x3.shortID]);

		clock.advance(1);
		await updateItem(x2.shortID as string, 'one millisecond later');
		expect(ids((await poller.tick()).emitted)).toEqual([x2.shortID]);
		expect((await poller.tick()).emitted).toBeUndefined();
	});

	it('lose nothing when a poll fails halfway: the cursor stays, the next poll emits it all once', async () => {
		const poller = await activated({ watch: 'item.listAll' });
		const items: IDataObject[] = (
			await call<Page<IDataObject>>('GET', '/Item/All', undefined, {
				pageSize: '250',
				sort: 'partNo',
			})
		).value;
		const touched = items.slice(0, 250);
		// 510 changes (three pages of 250), stamps shared by groups of ten so pages end inside a group.
		for (let i = 0; i < touched.length; i++) {
			if (i % 10 === 0) clock.advance(7);
			await updateItem(touched[i].shortID as string, `first pass ${i}`);
		}
		const fresh: IDataObject[] = [];
		for (let i = 0; i < 260; i++) {
			if (i % 10 === 0) clock.advance(7);
			fresh.push(await createItem(`new ${i}`));
		}
		const expected = [...touched.map((r) => r.shortID), ...fresh.map((r) => r.shortID)];
		const memoryBefore = poller.memory();
		const requestsBefore = listRequests('item.listAll').length;

		failNth('item.listAll', 2, 'internal_error');
		const failed = await poller.tick();
		expect(failed.error).toBeDefined();
		expect(failed.emitted).toBeUndefined();
		expect(listRequests('item.listAll').length - requestsBefore).toBeGreaterThanOrEqual(2);
		expect(listRequests('item.listAll').slice(requestsBefore)[0].status).toBe(200);
		expect(poller.memory()).toEqual(memoryBefore);

		clock.advance(60_000);
		const next = await poller.tick();
		expect(next.error).toBeUndefined();
		expect(ids(next.emitted)).toEqual(expected);
		expect((await poller.tick()).emitted).toBeUndefined();
	});

	it('do not skip a record when another one changes while the pages are read', async () => {
		const poller = await activated({ watch: 'item.listAll' });
		const items: IDataObject[] = (
			await call<Page<IDataObject>>('GET', '/Item/All', undefined, {
				pageSize: '250',
				sort: 'partNo',
			})
		).value;
		const touched = items.slice(0, 240);
		for (let i = 0; i < touched.length; i++) {
			clock.advance(1);
			await updateItem(touched[i].shortID as string, `batch ${i}`);
		}
		const extra: IDataObject[] = [];
		for (let i = 0; i < 30; i++) {
			clock.advance(1);
			extra.push(await createItem(`extra ${i}`));
		}
		// Right after the first page is served, the oldest change is modified again: with page-number
		// paging every later row would shift one place up and the first row of page 2 would be skipped.
		const log = sandbox.requests;
		const push = log.push.bind(log);
		log.push = (...entries) => {
			if (entries.some((e) => e.endpointId === 'item.listAll' && e.status === 200)) {
				log.push = push;
				clock.advance(1);
				const moved = sandbox.store.item(touched[0].shortID as string);
				if (moved) {
					moved.description = 'changed while paging';
					moved.modified = new Date(clock.now()).toISOString();
					sandbox.store.changed();
				}
			}
			return push(...entries);
		};
		const { emitted, error } = await poller.tick();
		expect(error).toBeUndefined();
		const expected = [...touched.slice(1), ...extra, touched[0]].map((r) => r.shortID);
		expect(ids(emitted)).toEqual(expected);
		expect(emitted?.at(-1)?.description).toBe('changed while paging');
	});
});

describe('n8n restart', () => {
	it('resumes from the cursor n8n saved with the last execution', async () => {
		const poller = await activated({ watch: 'customer.listAll' });
		clock.advance(1_000);
		const first = await call('POST', '/Customer', {
			shortID: 'POLL-ONE',
			name: 'Poll Restart One',
		});
		expect((await poller.tick()).emitted?.map((r) => r.shortID)).toEqual([first.shortID]);

		poller.restart();
		expect((await poller.tick()).emitted).toBeUndefined();
		clock.advance(1_000);
		const second = await call('POST', '/Customer', {
			shortID: 'POLL-TWO',
			name: 'Poll Restart Two',
		});
		expect((await poller.tick()).emitted?.map((r) => r.shortID)).toEqual([second.shortID]);
	});
});

describe('a first poll that fails', () => {
	it('at an activation or a restart never switches the trigger off: logged, and the schedule keeps polling (a later failure is reported)', async () => {
		// A person activating while the service fails: n8n would drop the schedule if the poll threw.
		const fresh = pollerFor(h, { watch: 'customer.listAll' });
		sandbox.failNext('customer.listAll', 'internal_error', 1);
		expect(await fresh.activate()).toEqual({ emitted: undefined });
		// The next scheduled poll takes the service's newest change as its start, as an activation does.
		expect(await fresh.tick()).toEqual({ emitted: undefined });
		clock.advance(1_000);
		const made = await call('POST', '/Customer', {
			shortID: 'POLL-FAIL-1',
			name: 'After a failure',
		});
		expect((await fresh.tick()).emitted?.map((r) => r.shortID)).toEqual([made.shortID]);

		// A restart while the service fails: the start-up poll's failure logged, the next one's reported
		// (n8n records it as a failed execution and keeps the schedule); nothing lost.
		fresh.restart();
		clock.advance(1_000);
		const missed = await call('POST', '/Customer', {
			shortID: 'POLL-FAIL-2',
			name: 'While failing',
		});
		sandbox.failNext('customer.listAll', 'internal_error', 2);
		expect(await fresh.activate()).toEqual({ emitted: undefined });
		const reported = await fresh.tick();
		expect(reported.thrown).toBeUndefined();
		expect(reported.error?.message).toBe('An error has occurred.');
		expect((await fresh.tick()).emitted?.map((r) => r.shortID)).toEqual([missed.shortID]);
	});
});

describe('long backlogs and the shared transport', () => {
	it('stop at a page boundary when the poll budget runs out and continue next time, nothing lost or repeated', async () => {
		// Budget 0: every poll reads one page. Stamps shared by groups of seven, so the page ends inside a group.
		const poller = await activated({ watch: 'item.listAll' }, 0);
		const page = async (n: number): Promise<IDataObject[]> =>
			(
				await call<Page<IDataObject>>('GET', '/Item/All', undefined, {
					pageSize: '130',
					page: String(n),
					sort: 'partNo',
				})
			).value;
		const touched = [...(await page(5)), ...(await page(6))];
		expect(touched.length).toBe(260);
		for (let i = 0; i < touched.length; i++) {
			if (i % 7 === 0) clock.advance(3);
			await updateItem(touched[i].shortID as string, `backlog ${i}`);
		}
		const before = listRequests('item.listAll').length;
		const first = await poller.tick();
		expect(listRequests('item.listAll').length - before).toBe(1);
		// One page of 250, less the row(s) already handled at the cursor's instant.
		expect(first.emitted?.length).toBeGreaterThanOrEqual(240);
		expect(first.emitted?.length).toBeLessThan(250 + 1);
		const second = await poller.tick();
		expect([...ids(first.emitted), ...ids(second.emitted)]).toEqual(ids(touched));
		expect((await poller.tick()).emitted).toBeUndefined();
	});

	it('wait out a 429 in the middle of a poll and share one token across every poll of the suite', async () => {
		const poller = await activated({ watch: 'item.listAll' });
		const made: IDataObject[] = [];
		for (let i = 0; i < 3; i++) {
			clock.advance(1);
			made.push(await createItem());
		}
		failNth('item.listAll', 1, 'rate_limited');
		const limitedBefore = sandbox.stats.rateLimited;
		const { emitted, error } = await poller.tick();
		expect(error).toBeUndefined();
		expect(sandbox.stats.rateLimited - limitedBefore).toBe(1);
		expect(ids(emitted)).toEqual(ids(made));
		expect(h.credentials.preAuthentications(h.credentialId)).toBe(1);
	});
});

describe('created only / updated only', () => {
	it('split new records from updates by Created against the previous cursor', async () => {
		const created = await activated({ watch: 'item.listAll', event: 'created' });
		const updated = await activated({ watch: 'item.listAll', event: 'updated' });
		const existing: IDataObject[] = (
			await call<Page<IDataObject>>('GET', '/Item/All', undefined, { pageSize: '3' })
		).value;

		clock.advance(1_000);
		const n1 = await createItem();
		await updateItem(existing[0].shortID as string, 'updated');
		clock.advance(1_000);
		const n2 = await createItem();
		await updateItem(n2.shortID as string, 'created then updated before the poll');

		expect(ids((await created.tick()).emitted)).toEqual([n1.shortID, n2.shortID]);
		expect(ids((await updated.tick()).emitted)).toEqual([existing[0].shortID]);

		clock.advance(1_000);
		await updateItem(n1.shortID as string, 'now an update');
		expect((await created.tick()).emitted).toBeUndefined();
		expect(ids((await updated.tick()).emitted)).toEqual([n1.shortID]);
	});
});

describe('other lists', () => {
	it('follow material movements by recNo and orders by their header stamp', async () => {
		const movements = await activated({ watch: 'inventory.materialIn' });
		const orders = await activated({ watch: 'purchaseOrder.list' });
		const item = await createItem();
		clock.advance(1_000);
		const receipt = await call('POST', '/Inventory/Receive', {
			itemID: item.shortID,
			wID: 1,
			units: 5,
		});
		const vendor = (await call<Page<IDataObject>>('GET', '/Vendor', undefined, { pageSize: '1' }))
			.value[0];
		const po = await call('POST', '/PurchaseOrder', {
			vendor: vendor.shortID,
			lines: [{ shortID: item.shortID, units: 2, warehouse: 1 }],
		});
		const gotMovements = (await movements.tick()).emitted;
		expect(gotMovements?.map((r) => r.recNo)).toEqual([receipt.recNo]);
		expect((await orders.tick()).emitted?.map((r) => r.poNo)).toEqual([po.poNo]);
	});
});

describe('manual test run', () => {
	it('returns the five most recent records, oldest first, without moving the cursor', async () => {
		const poller = await activated({ watch: 'item.listAll' });
		const saved = JSON.stringify(poller.saved);
		clock.advance(1_000);
		const made: IDataObject[] = [];
		for (let i = 0; i < 6; i++) {
			clock.advance(1);
			made.push(await createItem());
		}
		const samples = await poller.manual();
		expect(ids(samples)).toEqual(ids(made.slice(1)));
		expect(JSON.stringify(poller.saved)).toBe(saved);
		// The changes are still ahead of the cursor for the real polls.
		expect(ids((await poller.tick()).emitted)).toEqual(ids(made));
	});
});

describe('bad input', () => {
	it('is refused before any request, naming the field (at the first scheduled poll: the activation stays on)', async () => {
		const before = sandbox.requests.length;
		const refused = async (poller: Poller) => {
			expect(await poller.activate()).toEqual({ emitted: undefined });
			return (await poller.tick()).error?.message;
		};
		const badDate = pollerFor(h, {
			watch: 'item.listAll',
			options: { startFrom: 'yesterday-ish' },
		});
		expect(await refused(badDate)).toMatch(/^Start From \(startFrom\) must be an ISO 8601 date/);
		const badWarehouse = pollerFor(h, { watch: 'inventory.materialInByWarehouse', warehouseID: 0 });
		expect(await refused(badWarehouse)).toMatch(
			/Warehouse ID \(warehouseID\) must be a positive whole number/,
		);
		const notWatchable = pollerFor(h, { watch: 'inventory.list' });
		expect(await refused(notWatchable)).toMatch(/Watch \(watch\) must be one of the lists/);
		expect(sandbox.requests.slice(before).filter((r) => r.endpointId !== 'token')).toEqual([]);
	});
});
