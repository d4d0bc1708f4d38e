/**
 * @jest-environment ./test/support/timezoneEnvironment.js
 * @jest-environment-options {"timezone": "Europe/Berlin"}
 *
 * The Changes Trigger against a service that misbehaves the way real ones do (sandbox faults): ties
 * in a random order, records that become visible late with an older Modified, and stamps without a
 * zone. Real HTTPS, n8n-core's poll executor (test/harness/pollTrigger.ts), the sandbox's ManualClock.
 * The file runs in Europe/Berlin (see the environment above), where 2031-03-30 02:00 local does not
 * exist: a zone-less stamp read as local time jumps by an hour there.
 */
import type { IDataObject } from 'n8n-workflow';

import { ManualClock, type Sandbox } from '../../sandbox';
import type { Page } from '../../sandbox/lists';
import { Random } from '../../sandbox/random';
import { startHarness, type Harness } from '../harness';
import type { Poller } from '../harness/pollTrigger';
import { SandboxClient } from '../support/sandboxClient';
import { pollerFor } from './setup';

// Before 02:00 on 2031-03-30, the hour Berlin skips: zone-less stamps 02:00–02:59 read as Berlin time
// land an hour later, after 03:00–03:59.
const SERVICE_EPOCH = '2031-03-30T00:50:00.000Z';
const OVERLAP_MS = 5 * 60_000;
jest.setTimeout(120_000);

let h: Harness;
let sandbox: Sandbox;
let clock: ManualClock;
let client: SandboxClient;

beforeAll(async () => {
	clock = new ManualClock(SERVICE_EPOCH);
	h = await startHarness({ sandbox: { clock, rateLimitPerMinute: 1_000_000 } });
	sandbox = h.sandbox;
	client = new SandboxClient(sandbox);
});

afterAll(async () => {
	await h?.stop();
});

let serial = 0;
async function createItem(description = 'overlap test'): Promise<IDataObject> {
	const response = await client.post('/Item', { itemID: `OVL-${++serial}`, description });
	expect(response.status).toBe(201);
	return response.body as IDataObject;
}

/** Moves the sandbox's clock to an instant (never back). */
function at(iso: string): void {
	const target = Date.parse(iso);
	expect(target).toBeGreaterThanOrEqual(clock.now());
	clock.advance(target - clock.now());
}

async function activated(): Promise<Poller> {
	const poller = pollerFor(h, { watch: 'item.listAll' });
	const outcome = await poller.activate();
	expect(outcome).toEqual({ emitted: undefined, error: undefined });
	return poller;
}

const ids = (records: IDataObject[] | undefined) => (records ?? []).map((r) => String(r.shortID));
const itemRequests = () => sandbox.requests.filter((r) => r.endpointId === 'item.listAll');

/** `count` item ids picked at random (seeded) from the store. */
function pickItems(seed: number, count: number): string[] {
	const random = new Random(seed);
	return sandbox.store.items.rows
		.map((item) => ({ id: item.shortID, order: random.next() }))
		.sort((a, b) => a.order - b.order)
		.slice(0, count)
		.map((pick) => pick.id);
}

/** Stamps records straight in the store, as a bulk job in the service would. */
function stamp(shortIDs: string[], iso: string): void {
	for (const id of shortIDs) {
		const item = sandbox.store.item(id);
		if (!item) throw new Error(`no item ${id}`);
		item.modified = iso;
		item.description = `bulk ${iso}`;
	}
	sandbox.store.changed();
}

describe('stamps without a time zone, across a daylight-saving change', () => {
	afterAll(() => sandbox.zonelessStamps(false));

	it('are read as UTC: order kept, nothing lost, nothing repeated', async () => {
		// This file really runs in a zone where reading these stamps as local time inverts them.
		expect(new Date('2031-03-30T02:30:00').getTime()).toBeGreaterThan(
			new Date('2031-03-30T03:00:00').getTime(),
		);

		sandbox.zonelessStamps(true);
		const poller = await activated();
		const emitted: string[] = [];
		const made: string[] = [];
		const stamps: string[] = [];
		const rounds = [
			['01:58'],
			['02:10'],
			['02:30'],
			['02:50'],
			['02:58', '03:01'],
			['03:05'],
			['03:20'],
		];
		for (const round of rounds) {
			const made0 = made.length;
			for (const time of round) {
				at(`2031-03-30T${time}:00.000Z`);
				const item = await createItem();
				made.push(String(item.shortID));
			}
			const { emitted: got, error } = await poller.tick();
			expect(error).toBeUndefined();
			expect(ids(got)).toEqual(made.slice(made0));
			emitted.push(...ids(got));
			stamps.push(...(got ?? []).map((r) => String(r.modified)));
		}
		expect(stamps.every((s) => !s.endsWith('Z'))).toBe(true);
		expect(stamps).toContain('2031-03-30T02:30:00.000');
		expect(emitted).toEqual(made);

		at('2031-03-30T03:40:00.000Z');
		expect((await poller.tick()).emitted).toBeUndefined();
		// The window start is written zone-less too, like the service's own stamps.
		expect(itemRequests().at(-1)?.query.modifiedSince).toBe('2031-03-30T03:15:00.000');
	});
});

describe('more than three pages of records sharing one Modified, ties answered in a random order', () => {
	afterEach(() => sandbox.shuffleTies(undefined));

	it('lose and repeat nothing over 20 randomized trials of 800 records', async () => {
		const TRIALS = 20;
		const BULK = 800;
		let lost = 0;
		let repeated = 0;
		let outOfOrder = 0;
		let fewestIdReads = Infinity;
		for (let trial = 0; trial < TRIALS; trial++) {
			const poller = await activated();
			sandbox.shuffleTies(1_000 + trial);
			const pool = pickItems(trial + 1, BULK + 6);
			const [before, bulk, after] = [
				pool.slice(0, 3),
				pool.slice(3, 3 + BULK),
				pool.slice(3 + BULK, 6 + BULK),
			];
			clock.advance(1_000);
			stamp(before, new Date(clock.now() - 500).toISOString());
			const S = new Date(clock.now()).toISOString();
			stamp(bulk, S);
			stamp(after, new Date(clock.now() + 1).toISOString());
			clock.advance(1_000);

			const requestsBefore = itemRequests().length;
			const { emitted, error } = await poller.tick();
			expect(error).toBeUndefined();
			const got = ids(emitted);
			const expected = new Set([...before, ...bulk, ...after]);
			lost += [...expected].filter((id) => !got.includes(id)).length;
			repeated += got.length - new Set(got).size + got.filter((id) => !expected.has(id)).length;
			if (!(
				new Set(got.slice(0, 3)).size === 3 && got.slice(0, 3).every((id) => before.includes(id))
			))
				outOfOrder++;
			if (!got.slice(-3).every((id) => after.includes(id))) outOfOrder++;
			// The crowded stamp was read by id, past its four pages.
			fewestIdReads = Math.min(
				fewestIdReads,
				itemRequests()
					.slice(requestsBefore)
					.filter((r) => r.query.sort === 'shortID').length,
			);

			const again = await poller.tick();
			expect(again.error).toBeUndefined();
			repeated += ids(again.emitted).length;
		}
		expect({ lost, repeated, outOfOrder }).toEqual({ lost: 0, repeated: 0, outOfOrder: 0 });
		expect(fewestIdReads).toBeGreaterThanOrEqual(4);
	});

	it('with a poll budget too short for one walk: the walk resumes over several polls, once each', async () => {
		const poller = pollerFor(h, { watch: 'item.listAll' }, 0);
		expect(await poller.activate()).toEqual({ emitted: undefined, error: undefined });
		sandbox.shuffleTies(4242);
		clock.advance(1_000);
		const bulk = pickItems(4242, 800);
		stamp(bulk, new Date(clock.now()).toISOString());
		clock.advance(1_000);

		const got: string[] = [];
		let polls = 0;
		for (; polls < 10; polls++) {
			const { emitted, error } = await poller.tick();
			expect(error).toBeUndefined();
			if (!emitted) break;
			got.push(...ids(emitted));
		}
		expect(polls).toBeGreaterThan(1);
		expect(got).toHaveLength(800);
		expect(new Set(got)).toEqual(new Set(bulk));
	});

	it('at first activation: every record at the newest stamp counts as already there, none comes back', async () => {
		sandbox.shuffleTies(77);
		clock.advance(1_000);
		const bulk = pickItems(77, 600);
		stamp(bulk, new Date(clock.now()).toISOString());
		const poller = await activated();
		clock.advance(1_000);
		const fresh = await createItem();
		expect(ids((await poller.tick()).emitted)).toEqual([fresh.shortID]);
	});
});

describe('a record that becomes visible late, with a Modified older than the cursor', () => {
	/** A record stamped now that lists show only `delayMs` later (its transaction commits then). */
	async function createLate(delayMs: number): Promise<IDataObject> {
		const late = await createItem('long transaction');
		const record = sandbox.store.item(String(late.shortID));
		if (!record) throw new Error('record not stored');
		sandbox.hideUntil(record, clock.now() + delayMs);
		return late;
	}

	it('inside the overlap window: emitted exactly once', async () => {
		const poller = await activated();
		clock.advance(1_000);
		const late = await createLate(120_000);

		clock.advance(1_000);
		const b = await createItem();
		expect(ids((await poller.tick()).emitted)).toEqual([b.shortID]);
		clock.advance(60_000);
		const c = await createItem();
		expect(ids((await poller.tick()).emitted)).toEqual([c.shortID]);
		expect(String(late.modified) < String(c.modified)).toBe(true);

		clock.advance(60_000);
		const found = await poller.tick();
		expect(ids(found.emitted)).toEqual([late.shortID]);
		expect(found.emitted?.[0].modified).toBe(late.modified);

		// Later polls, a restart and the window passing by: it does not come again.
		expect((await poller.tick()).emitted).toBeUndefined();
		poller.restart();
		expect((await poller.tick()).emitted).toBeUndefined();
		clock.advance(OVERLAP_MS);
		const d = await createItem();
		expect(ids((await poller.tick()).emitted)).toEqual([d.shortID]);
		expect(poller.executions.flat().filter((r) => r.shortID === late.shortID)).toHaveLength(1);
	});

	it('beyond the window (the documented limit): not emitted', async () => {
		const poller = await activated();
		clock.advance(1_000);
		const tooLate = await createLate(2 * OVERLAP_MS);

		clock.advance(OVERLAP_MS + 60_000);
		const newer = await createItem();
		expect(ids((await poller.tick()).emitted)).toEqual([newer.shortID]);
		clock.advance(OVERLAP_MS);
		// Visible now, but its Modified is more than the window behind the newest stamp seen.
		expect((await poller.tick()).emitted).toBeUndefined();
		expect(
			ids(
				(
					await client.get<Page<IDataObject>>('/Item/All', {
						modifiedSince: String(tooLate.modified),
						pageSize: 250,
					})
				).body.value,
			),
		).toContain(tooLate.shortID);
	});
});
