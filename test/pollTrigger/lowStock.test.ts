/**
 * Inventory Pro Low Stock Trigger against the sandbox, polled the way n8n 2.40 polls (test/harness/pollTrigger.ts):
 * real HTTPS, the real credential and transport, n8n-core's PollTriggerExecutor and PollContext, static
 * data kept in memory and saved only when a poll emits or after an activation, as n8n does. Stock moves
 * through the sandbox's API (Receive, Issue), as people's writes would; restocking levels are set in the
 * sandbox's store (no documented API writes them).
 */
import type { IDataObject } from 'n8n-workflow';

import { ManualClock, type Sandbox } from '../../sandbox';
import type { StockLevel } from '../../sandbox/records';
import { stockLevels } from '../../sandbox/stockLevels';
import { startHarness, type Harness } from '../harness';
import type { Poller } from '../harness/pollTrigger';
import { SandboxClient, DEMO } from '../support/sandboxClient';
import { lowStockPollerFor, type LowStockParams } from './setup';

jest.setTimeout(60_000);

let h: Harness;
let sandbox: Sandbox;
let writer: SandboxClient;

beforeAll(async () => {
	h = await startHarness({
		sandbox: { clock: new ManualClock('2031-03-02T09:00:00.000Z'), rateLimitPerMinute: 1_000_000 },
	});
	sandbox = h.sandbox;
	writer = new SandboxClient(sandbox, DEMO);
});

afterAll(async () => await h?.stop());

afterEach(() => sandbox.clearFaults());

// ——— stock, moved through the API ———

const used = new Set<string>();

/** The stock level of one item in one warehouse, as the sandbox holds it now. */
const level = (pair: StockLevel) =>
	stockLevels(sandbox.store).find((l) => l.partNo === pair.partNo && l.wID === pair.wID)!;

/**
 * An item in a warehouse no other test uses, with a restocking level, at least `headroom` units above
 * it, all of them on spots that are not held (so Issue can take them).
 */
function freshPair(headroom = 10, where?: (l: StockLevel) => boolean): StockLevel {
	const { store } = sandbox;
	const pair = stockLevels(store).find(
		(l) =>
			!used.has(l.shortID) &&
			l.min > 0 &&
			l.units >= l.min + headroom &&
			!store.items.get(l.partNo)!.discontinued &&
			store
				.lots(l.partNo, l.wID)
				.every((lot) => !lot.hold && !store.location(l.wID, lot.spot)!.hold) &&
			(where?.(l) ?? true),
	);
	if (!pair) throw new Error('no stocked pair left for this test');
	used.add(pair.shortID);
	return pair;
}

/** Issues or receives so that `pair` has `units` on hand. */
async function setUnits(pair: StockLevel, units: number): Promise<void> {
	const now = level(pair).units;
	if (units === now) return;
	const [path, amount] =
		units < now ? ['/Inventory/Issue', now - units] : ['/Inventory/Receive', units - now];
	const answer = await writer.post(path, { itemID: pair.shortID, wID: pair.wID, units: amount });
	if (answer.status !== 201)
		throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
	expect(level(pair).units).toBe(units);
}

const pairKey = (l: StockLevel) => `${l.wID}:${l.shortID}`;

/** The rows' keys in the order the list answers them: by shortID (no case), ties as the sandbox holds them. */
function listOrder(): string[] {
	return [...stockLevels(sandbox.store)]
		.sort((x, y) => {
			const [a, b] = [x.shortID.toLowerCase(), y.shortID.toLowerCase()];
			return a < b ? -1 : a > b ? 1 : 0;
		})
		.map(pairKey);
}

const stockReads = () =>
	sandbox.requests.filter(
		(r) =>
			r.endpointId === 'inventory.stockLevels' ||
			r.endpointId === 'inventory.stockLevelsByWarehouse',
	);
const keysOf = (items: IDataObject[] | undefined) =>
	(items ?? []).map((item) => `${String(item.event)} ${String(item.wID)}:${String(item.shortID)}`);
const key = (event: string, pair: StockLevel) => `${event} ${pair.wID}:${pair.shortID}`;

async function activated(params: LowStockParams = {}, pollBudgetMs?: number): Promise<Poller> {
	const poller = lowStockPollerFor(h, params, pollBudgetMs);
	const outcome = await poller.activate();
	expect(outcome.error).toBeUndefined();
	return poller;
}

/**
 * What a trigger with bad settings reports: the start-up poll only logs (startup.ts), so the error is the
 * first scheduled poll's, which n8n records as a failed execution.
 */
async function reported(poller: Poller): Promise<Error | undefined> {
	expect(await poller.activate()).toEqual({ emitted: undefined });
	const outcome = await poller.tick();
	expect(outcome.thrown).toBeUndefined();
	return outcome.error;
}

/** Polls until nothing is emitted any more (other tests' leftovers), so a test starts from quiet. */
async function quiet(poller: Poller): Promise<void> {
	for (let i = 0; i < 3 && (await poller.tick()).emitted; i++);
	expect((await poller.tick()).emitted).toBeUndefined();
}

describe('first activation', () => {
	it('notes the items already below their restocking level without alerting them, and saves that', async () => {
		const before = stockReads().length;
		const poller = lowStockPollerFor(h, {});
		const outcome = await poller.activate();
		expect(outcome).toEqual({ emitted: undefined, error: undefined });
		// Every page of the list was read (about 1,000 rows, 250 a page), sorted by shortID.
		const reads = stockReads().slice(before);
		expect(reads.length).toBe(Math.ceil(stockLevels(sandbox.store).length / 250));
		expect(
			reads.every((r) => r.query.sort === 'shortID' && r.path === '/api/v2/Inventory/StockLevels'),
		).toBe(true);
		const low = stockLevels(sandbox.store)
			.filter((l) => l.min > 0 && l.units < l.min)
			.map((l) => `${l.wID}:${l.shortID}`)
			.sort();
		expect(low.length).toBeGreaterThan(50);
		expect(savedLow(poller)).toEqual(low);
		expect((await poller.tick()).emitted).toBeUndefined();
	});

	it('with Alert Items Already Low, alerts each of them once, on the first poll', async () => {
		const poller = lowStockPollerFor(h, { options: { alertExisting: true } });
		const first = await poller.activate();
		const low = stockLevels(sandbox.store).filter((l) => l.min > 0 && l.units < l.min);
		expect(first.emitted).toHaveLength(low.length);
		expect(new Set(keysOf(first.emitted)).size).toBe(low.length);
		expect((await poller.tick()).emitted).toBeUndefined();
	});
});

/** The low keys the trigger's static data holds as n8n last saved it. */
function savedLow(poller: Poller): string[] {
	const nodes = Object.values(poller.saved).filter(
		(value): value is IDataObject => typeof value === 'object' && value !== null,
	);
	const state = nodes.map((data) => data.lowStock as IDataObject | undefined).find(Boolean);
	return [...((state?.low as string[] | undefined) ?? [])];
}

describe('one alert per drop', () => {
	it('alerts once over three polls, nothing at the restock, once again at the next drop', async () => {
		const poller = await activated();
		await quiet(poller);
		const pair = freshPair();

		await setUnits(pair, pair.min - 1);
		const first = await poller.tick();
		expect(keysOf(first.emitted)).toEqual([key('low', pair)]);
		expect(first.emitted![0]).toEqual({
			partNo: pair.partNo,
			shortID: pair.shortID,
			description: pair.description,
			wID: pair.wID,
			warehouse: pair.warehouse,
			units: pair.min - 1,
			min: pair.min,
			max: pair.max,
			threshold: pair.min,
			event: 'low',
			alertId: expect.stringMatching(new RegExp(`^${pair.wID}:${pair.shortID}#\\d+$`)) as string,
		});
		// What the execution's first node hands on is the same item.
		expect(poller.ran.at(-1)).toEqual(first.emitted);
		// Lower still: the same shortage, no new alert.
		await setUnits(pair, pair.min - 3);
		expect((await poller.tick()).emitted).toBeUndefined();
		expect((await poller.tick()).emitted).toBeUndefined();

		// Restocked to exactly the level: recovered (no item by default); then a new drop alerts again.
		await setUnits(pair, pair.min);
		expect((await poller.tick()).emitted).toBeUndefined();
		expect((await poller.tick()).emitted).toBeUndefined();
		await setUnits(pair, 0);
		expect(keysOf((await poller.tick()).emitted)).toEqual([key('low', pair)]);
		expect((await poller.tick()).emitted).toBeUndefined();
	});

	it('with Emit Restocked Items, emits one restocked item when an alerted item is back at its level', async () => {
		const poller = await activated({ options: { emitRestocked: true } });
		await quiet(poller);
		const pair = freshPair();
		await setUnits(pair, pair.min - 1);
		expect(keysOf((await poller.tick()).emitted)).toEqual([key('low', pair)]);
		await setUnits(pair, pair.min + 5);
		const restocked = await poller.tick();
		expect(keysOf(restocked.emitted)).toEqual([key('restocked', pair)]);
		expect(restocked.emitted![0]).toMatchObject({ units: pair.min + 5, threshold: pair.min });
		expect((await poller.tick()).emitted).toBeUndefined();
	});

	it('keys an item per warehouse: a drop in one warehouse alerts that warehouse only', async () => {
		const { store } = sandbox;
		const watched = stockLevels(store).filter((l) => l.min > 0);
		const a = freshPair(5, (l) => watched.filter((m) => m.partNo === l.partNo).length >= 2);
		const b = watched.find((l) => l.partNo === a.partNo && l.wID !== a.wID)!;
		const poller = await activated({ options: { emitRestocked: true } });
		await quiet(poller);
		if (b.units < b.min) {
			await setUnits(b, b.min + 2);
			await poller.tick();
		}
		await setUnits(a, 0);
		expect(keysOf((await poller.tick()).emitted)).toEqual([key('low', a)]);
		await setUnits(b, 0);
		expect(keysOf((await poller.tick()).emitted)).toEqual([key('low', b)]);
		await setUnits(a, a.min);
		expect(keysOf((await poller.tick()).emitted)).toEqual([key('restocked', a)]);
		expect((await poller.tick()).emitted).toBeUndefined();
	});
});

describe('n8n restart', () => {
	it('after an alert: the start-up poll and the next ones repeat nothing; the next drop after a restock alerts once', async () => {
		const poller = await activated();
		await quiet(poller);
		const pair = freshPair();
		await setUnits(pair, pair.min - 1);
		expect(keysOf((await poller.tick()).emitted)).toEqual([key('low', pair)]);
		expect((await poller.tick()).emitted).toBeUndefined();

		poller.restart();
		expect(await poller.activate()).toEqual({ emitted: undefined, error: undefined });
		expect((await poller.tick()).emitted).toBeUndefined();
		await setUnits(pair, pair.min + 1);
		expect((await poller.tick()).emitted).toBeUndefined();
		await setUnits(pair, 1);
		expect(keysOf((await poller.tick()).emitted)).toEqual([key('low', pair)]);
	});

	it('with Emit Restocked Items, a restock seen just before the restart is kept: the drop after it alerts', async () => {
		const poller = await activated({ options: { emitRestocked: true } });
		await quiet(poller);
		const pair = freshPair();
		await setUnits(pair, pair.min - 1);
		expect(keysOf((await poller.tick()).emitted)).toEqual([key('low', pair)]);
		await setUnits(pair, pair.min);
		expect(keysOf((await poller.tick()).emitted)).toEqual([key('restocked', pair)]);

		poller.restart();
		await setUnits(pair, pair.min - 2);
		expect(keysOf((await poller.activate()).emitted)).toEqual([key('low', pair)]);
		expect((await poller.tick()).emitted).toBeUndefined();
	});

	it('without it (the documented limit): a restock seen only by a poll that emitted nothing is not saved', async () => {
		const poller = await activated();
		await quiet(poller);
		const pair = freshPair();
		await setUnits(pair, pair.min - 1);
		expect(keysOf((await poller.tick()).emitted)).toEqual([key('low', pair)]);
		await setUnits(pair, pair.min);
		expect((await poller.tick()).emitted).toBeUndefined();
		expect(savedLow(poller)).toContain(`${pair.wID}:${pair.shortID}`);

		poller.restart();
		await setUnits(pair, pair.min - 2);
		// n8n saved the memory with the alert, before the restock: the new drop looks like the old one.
		expect((await poller.activate()).emitted).toBeUndefined();
	});

	it('a first poll that fails, at a restart or an activation, never switches the trigger off: logged, the schedule keeps polling, a later failure is reported', async () => {
		const poller = await activated();
		await quiet(poller);
		const pair = freshPair();
		poller.restart();
		sandbox.failNext('inventory.stockLevels', 'internal_error', 2);
		// Not thrown (n8n would drop the schedule): logged.
		expect(await poller.activate()).toEqual({ emitted: undefined });
		// The next scheduled poll's failure is n8n's to report (a failed execution), the schedule stays.
		const failed = await poller.tick();
		expect(failed.thrown).toBeUndefined();
		expect(failed.error?.message).toBe('An error has occurred.');
		await setUnits(pair, pair.min - 1);
		expect(keysOf((await poller.tick()).emitted)).toEqual([key('low', pair)]);

		// A person activating: the same, the activation stands and the failure is in the executions list.
		const fresh = lowStockPollerFor(h, {});
		sandbox.failNext('inventory.stockLevels', 'internal_error', 1);
		expect(await fresh.activate()).toEqual({ emitted: undefined });
		expect((await fresh.tick()).error).toBeUndefined();
	});
});

describe('a failing poll', () => {
	it('loses nothing: a page that fails leaves the memory as it was, the next poll alerts once', async () => {
		const poller = await activated();
		await quiet(poller);
		// One on the first page, one on the last, so the failing page comes after pages that were read.
		const order = listOrder();
		const late = freshPair(10, (l) => order.indexOf(pairKey(l)) > order.length - 100);
		const early = freshPair(10, (l) => order.indexOf(pairKey(l)) < 100);
		const memory = JSON.stringify(poller.memory());
		await setUnits(early, 0);
		await setUnits(late, 0);
		failOnPage(3);
		const failed = await poller.tick();
		expect(failed.error).toBeDefined();
		expect(failed.emitted).toBeUndefined();
		expect(JSON.stringify(poller.memory())).toBe(memory);
		expect(keysOf((await poller.tick()).emitted).sort()).toEqual(
			[key('low', early), key('low', late)].sort(),
		);
		expect((await poller.tick()).emitted).toBeUndefined();
	});
});

/** The stock-level read of page `page` answers 500 (once). */
function failOnPage(page: number): void {
	const log = sandbox.requests;
	const push = log.push.bind(log);
	log.push = (...entries) => {
		for (const entry of entries)
			if (entry.endpointId === 'inventory.stockLevels' && entry.query.page === String(page - 1)) {
				sandbox.failNext('inventory.stockLevels', 'internal_error', 1);
				log.push = push;
			}
		return push(...entries);
	};
}

/** Runs `change` once, right after the stock-level page `page` was answered. */
function betweenPages(page: number, change: () => void): void {
	const log = sandbox.requests;
	const push = log.push.bind(log);
	log.push = (...entries) => {
		const result = push(...entries);
		for (const entry of entries)
			if (entry.endpointId === 'inventory.stockLevels' && entry.query.page === String(page)) {
				log.push = push;
				change();
			}
		return result;
	};
}

describe('paging', () => {
	it('a row read twice or not at all while the list shifts changes nothing: no repeat, no false restock', async () => {
		const { store } = sandbox;
		// The last row of page 1 and the first of page 2: not watched at activation, then made low by
		// giving them a restocking level above their units.
		const rowAt = (index: number) =>
			stockLevels(store).find((l) => pairKey(l) === listOrder()[index])!;
		const [x, y] = [rowAt(249), rowAt(250)];
		for (const row of [x, y]) store.setRestockLevel(row.partNo, row.wID, undefined);
		const poller = await activated({ options: { emitRestocked: true } });
		await quiet(poller);
		for (const row of [x, y])
			store.setRestockLevel(row.partNo, row.wID, { min: row.units + 1, max: row.units + 9 });
		expect(keysOf((await poller.tick()).emitted).sort()).toEqual(
			[key('low', x), key('low', y)].sort(),
		);

		// A row added on page 1 after page 1 was read pushes x onto page 2: read twice.
		const item = store.items.rows.find(
			(i) =>
				!stockLevels(store).some((l) => l.partNo === i.partNo && l.wID === 4) &&
				i.shortID.toLowerCase() < listOrder()[100].slice(2).toLowerCase(),
		)!;
		betweenPages(1, () => store.setRestockLevel(item.partNo, 4, { min: 1, max: 5 }));
		expect((await poller.tick()).emitted).toBeUndefined();
		expect(listOrder().indexOf(pairKey(x))).toBe(250);
		// The new row (0 units, below its Min of 1) was added on a page already read: seen next time.
		expect(keysOf((await poller.tick()).emitted)).toEqual([`low 4:${item.shortID}`]);

		// That row removed after page 1 was read pulls x back onto page 1: not read at all.
		betweenPages(1, () => store.setRestockLevel(item.partNo, 4, undefined));
		expect((await poller.tick()).emitted).toBeUndefined();
		expect(listOrder().indexOf(pairKey(x))).toBe(249);
		expect((await poller.tick()).emitted).toBeUndefined();
		// Both stayed low throughout: still remembered, nothing emitted for them.
		const memory = JSON.stringify(poller.memory());
		for (const row of [x, y]) expect(memory).toContain(pairKey(row));
	});

	it('with a poll budget too short for the list: one page a poll, continued next time, each drop alerted once', async () => {
		const poller = lowStockPollerFor(h, {}, 1);
		expect((await poller.activate()).emitted).toBeUndefined();
		const pages = Math.ceil(stockLevels(sandbox.store).length / 250);
		// The first read settles over `pages` polls: nothing old is alerted meanwhile.
		for (let i = 1; i < pages; i++) expect((await poller.tick()).emitted).toBeUndefined();
		const order = listOrder();
		const last = freshPair(10, (l) => order.indexOf(pairKey(l)) > order.length - 100);
		await setUnits(last, 0);
		const emitted: string[] = [];
		const before = stockReads().length;
		for (let i = 0; i < pages; i++) emitted.push(...keysOf((await poller.tick()).emitted));
		expect(emitted).toEqual([key('low', last)]);
		expect(stockReads().length - before).toBe(pages);
		for (let i = 0; i < pages; i++) expect((await poller.tick()).emitted).toBeUndefined();
	});
});

describe('thresholds', () => {
	it('a fixed number: every item in every warehouse below it alerts once', async () => {
		const poller = await activated({ threshold: 'fixed', fixedThreshold: 3 });
		await quiet(poller);
		const pair = freshPair();
		await setUnits(pair, 2);
		const alert = await poller.tick();
		expect(keysOf(alert.emitted)).toEqual([key('low', pair)]);
		expect(alert.emitted![0]).toMatchObject({ units: 2, threshold: 3 });
	});

	it('an expression in a threshold can use $now, $today, $vars and $workflow; one that needs an input item is refused in words', async () => {
		// What the node's notice says an expression can use there: $now, $today, $vars, $workflow.
		const poller = await activated({
			threshold: 'fixed',
			fixedThreshold: '={{ $now.year > 2000 && $today && $workflow.id && $vars ? 1 + 2 : 0 }}',
		});
		await quiet(poller);
		const pair = freshPair();
		await setUnits(pair, 2);
		expect(keysOf((await poller.tick()).emitted)).toEqual([key('low', pair)]);

		const before = stockReads().length;
		const perRow = lowStockPollerFor(h, { threshold: 'fixed', fixedThreshold: '={{ $json.min }}' });
		const refused = await reported(perRow);
		expect(refused?.message).toMatch(/^Below \(fixedThreshold\) could not be evaluated/);
		expect((refused as { description?: string }).description).toMatch(
			/evaluated once per poll.*not \$json/,
		);
		expect(stockReads().length).toBe(before);
	});

	it('per item: listed items only, a warehouse row winning over an all-warehouses row', async () => {
		const { store } = sandbox;
		const a = freshPair(
			5,
			(l) => stockLevels(store).filter((m) => m.partNo === l.partNo).length >= 2,
		);
		const a2 = stockLevels(store).find((l) => l.partNo === a.partNo && l.wID !== a.wID)!;
		const unlisted = freshPair();
		const poller = await activated({
			threshold: 'perItem',
			itemThresholds: JSON.stringify([
				{ shortID: a.shortID.toLowerCase(), threshold: 50 },
				{ shortID: a.shortID, wID: a2.wID, threshold: 2 },
			]),
		});
		await quiet(poller);
		await setUnits(a, 40);
		await setUnits(a2, 3);
		await setUnits(unlisted, 0);
		const alert = await poller.tick();
		expect(keysOf(alert.emitted)).toEqual([key('low', a)]);
		expect(alert.emitted![0]).toMatchObject({ units: 40, threshold: 50 });
		await setUnits(a2, 1);
		expect(keysOf((await poller.tick()).emitted)).toEqual([key('low', a2)]);
	});

	it('another field of the stock level: Restocking Level Field max', async () => {
		const pair = freshPair(0, (l) => l.units < l.max - 5);
		const poller = await activated({ levelField: 'max', options: { alertExisting: false } });
		await quiet(poller);
		// Already below its Max at activation: noted. Restocked to Max, then one below: alerted.
		await setUnits(pair, pair.max);
		expect((await poller.tick()).emitted).toBeUndefined();
		await setUnits(pair, pair.max - 1);
		const alert = await poller.tick();
		expect(keysOf(alert.emitted)).toEqual([key('low', pair)]);
		expect(alert.emitted![0]).toMatchObject({ threshold: pair.max });
	});

	it('an item whose restocking level is removed is no longer watched, and forgotten', async () => {
		const poller = await activated();
		await quiet(poller);
		const pair = freshPair();
		await setUnits(pair, 0);
		expect(keysOf((await poller.tick()).emitted)).toEqual([key('low', pair)]);
		sandbox.store.setRestockLevel(pair.partNo, pair.wID, undefined);
		expect((await poller.tick()).emitted).toBeUndefined();
		sandbox.store.setRestockLevel(pair.partNo, pair.wID, { min: pair.min, max: pair.max });
		// Watched again and still below: a new alert (it was forgotten, not remembered as low).
		expect(keysOf((await poller.tick()).emitted)).toEqual([key('low', pair)]);
	});
});

describe('one warehouse', () => {
	it('reads /Inventory/StockLevels/{wid} only; choosing another warehouse starts the memory over', async () => {
		const pair = freshPair(10, (l) => l.wID === 2);
		const before = stockReads().length;
		const poller = await activated({ warehouses: 'one', warehouseID: 2 });
		await quiet(poller);
		await setUnits(pair, 0);
		expect(keysOf((await poller.tick()).emitted)).toEqual([key('low', pair)]);
		expect(
			new Set(
				stockReads()
					.slice(before)
					.map((r) => r.path),
			),
		).toEqual(new Set(['/api/v2/Inventory/StockLevels/2']));

		// The same workflow, Warehouse changed to 3 (n8n keeps the static data): its low rows are noted anew.
		const moved = lowStockPollerFor(h, { warehouses: 'one', warehouseID: 3 });
		moved.saved = JSON.parse(JSON.stringify(poller.saved)) as IDataObject;
		moved.restart();
		expect((await moved.activate()).emitted).toBeUndefined();
		const low3 = stockLevels(sandbox.store)
			.filter((l) => l.wID === 3 && l.min > 0 && l.units < l.min)
			.map(pairKey)
			.sort();
		expect(low3.length).toBeGreaterThan(5);
		expect(savedLow(moved)).toEqual(low3);
	});
});

describe('bad input', () => {
	it('is refused before any request, naming the field', async () => {
		const before = sandbox.requests.filter((r) => r.endpointId !== 'token').length;
		const refused = async (params: LowStockParams) =>
			(await reported(lowStockPollerFor(h, params)))?.message;
		expect(await refused({ threshold: 'fixed', fixedThreshold: -1 })).toMatch(
			/^Below \(fixedThreshold\) must be a number of 0 or more/,
		);
		expect(await refused({ threshold: 'perItem', itemThresholds: '[{"shortID": "A"' })).toMatch(
			/^Item Thresholds \(itemThresholds\) is not valid JSON/,
		);
		expect(await refused({ threshold: 'perItem', itemThresholds: '[{"threshold": 3}]' })).toMatch(
			/^Item Thresholds \(itemThresholds\) row 1 has no "shortID"/,
		);
		expect(
			await refused({
				threshold: 'perItem',
				itemThresholds: '[{"shortID": "A", "threshold": "x"}]',
			}),
		).toMatch(/row 1 \("A"\) needs a "threshold" of 0 or more, not "x"/);
		expect(
			await refused({
				threshold: 'perItem',
				itemThresholds: '[{"shortID": "A", "threshold": 1}, {"shortID": "a", "threshold": 2}]',
			}),
		).toMatch(/row 2 repeats "a"/);
		expect(
			await refused({
				threshold: 'perItem',
				itemThresholds: '[{"shortID": "A", "wID": 0, "threshold": 1}]',
			}),
		).toMatch(/has a "wID" that is not a warehouse number: 0/);
		expect(await refused({ levelField: ' ' })).toMatch(
			/^Restocking Level Field \(levelField\) is empty/,
		);
		expect(await refused({ warehouses: 'one', warehouseID: 0 })).toMatch(
			/^Warehouse Name or ID \(warehouseID\) must be a warehouse number of 1 or more/,
		);
		expect(sandbox.requests.filter((r) => r.endpointId !== 'token')).toHaveLength(before);
	});

	it('a Restocking Level Field no stock level has is named after the read, with the fields there are, and nothing is remembered', async () => {
		const poller = lowStockPollerFor(h, { levelField: 'minimum' });
		const error = await reported(poller);
		expect(error?.message).toBe(
			'Restocking Level Field (levelField) names a field no stock level has: "minimum"',
		);
		expect((error as { description?: string }).description).toContain(
			'partNo, shortID, description, wID, warehouse, units, min, max',
		);
		expect(JSON.stringify(poller.memory())).not.toContain('lowStock');
	});
});

describe('manual test run', () => {
	it('returns up to five items below their threshold now, as alerts look', async () => {
		const poller = await activated();
		const samples = await poller.manual();
		expect(samples).toHaveLength(5);
		const low = new Map(
			stockLevels(sandbox.store)
				.filter((l) => l.min > 0 && l.units < l.min)
				.map((l) => [pairKey(l), l]),
		);
		for (const sample of samples!) {
			const row = low.get(`${String(sample.wID)}:${String(sample.shortID)}`);
			expect(sample).toEqual({ ...row, threshold: row?.min, event: 'low' });
		}
	});
});
