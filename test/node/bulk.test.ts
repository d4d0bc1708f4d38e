/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * Bulk jobs at the request floor (issue 38): one execution of many rows reads each list it needs once
 * when that is cheaper than the per-row reads (helpers/listOnce.ts), writes only what changed, and keeps
 * the per-row guarantees: a level that moved between the read and the write is reported, a failing row
 * fails alone, every output item is paired with its input. Request counts are the sandbox's own log.
 */
import type { IDataObject, INodeParameters, NodeExecutionHint } from 'n8n-workflow';

import type { RecordedRequest } from '../../sandbox';
import { insertLot } from '../../sandbox/resources/inventory';
import { SandboxClient } from '../support/sandboxClient';
import { capture, harness, mapped, runOp, type Harness, type RunResult } from './setup';

let h: Harness;
/** Warehouse 4 holds this many pages of lots (250 a page) once beforeAll has stocked it. */
let lotPages: number;
let itemPages: number;
const WAREHOUSE = 4;
const SPOT = 'A-04-03';

beforeAll(async () => {
	h = await harness();
	const { store } = h.sandbox;
	const active = store.items.rows.filter((item) => !item.discontinued);
	for (let i = 0; i < 6000; i++)
		insertLot(store, active[(i * 7) % active.length], {
			wID: WAREHOUSE,
			spot: SPOT,
			units: 1 + (i % 5),
			received: '2025-06-01T00:00:00.000Z',
		});
	store.changed();
	lotPages = Math.ceil(store.stock.rows.filter((lot) => lot.wID === WAREHOUSE).length / 250);
	itemPages = Math.ceil(store.items.rows.length / 250);
	expect(lotPages).toBeGreaterThan(20);
});
afterAll(async () => await h?.stop());

const byKind = (requests: RecordedRequest[]) => {
	const kinds: Record<string, number> = {};
	for (const request of requests)
		if (request.endpointId !== 'token')
			kinds[request.endpointId!] = (kinds[request.endpointId!] ?? 0) + 1;
	return kinds;
};
const hintsOf = (result: RunResult): NodeExecutionHint[] =>
	result.runData['Under Test']?.[0]?.hints ?? [];
const pairedOf = (result: RunResult) =>
	result.runData['Under Test']?.[0]?.data?.main?.[0]?.map((item) => item.pairedItem) ?? [];

/** Units of an item at the spot of warehouse 4, from the sandbox's own lots. */
const onHand = (shortID: string) =>
	h.sandbox.store.stock.rows
		.filter(
			(lot) =>
				lot.shortID === shortID &&
				lot.wID === WAREHOUSE &&
				lot.spot === SPOT &&
				lot.shipped === null &&
				lot.units > 0,
		)
		.reduce((sum, lot) => sum + lot.units, 0);

/** `count` items with stock at the spot, spread over the catalogue's pages (each test its own `from`). */
const stockedItems = (from: number, count: number) => {
	const stocked = h.sandbox.store.items.rows.filter(
		(item) => !item.discontinued && onHand(item.shortID) > 0,
	);
	return Array.from({ length: count }, (_, i) => stocked[from + i * 31]);
};

const COUNT: INodeParameters = {
	itemID: { __rl: true, mode: 'id', value: '={{ $json.item }}' },
	wID: { __rl: true, mode: 'id', value: '={{ $json.wID }}' },
	spot: { __rl: true, mode: 'id', value: '={{ $json.spot }}' },
	counted: '={{ $json.counted }}',
	reasonCode: { __rl: true, mode: 'code', value: 'COUNT' },
};
const countSheet = async (lines: IDataObject[], continueOnFail = false, preview = false) =>
	await capture(h, () =>
		runOp(
			h,
			'inventory',
			'setCountedQuantity',
			{ ...COUNT, ...(preview ? { options: { preview: true } } : {}) },
			{
				inputItems: lines.map((line) => ({ wID: WAREHOUSE, spot: SPOT, ...line })),
				continueOnFail,
			},
		),
	);
const WRITES = ['POST', 'PUT', 'DELETE'];

describe('Set Counted Quantity over many lines', () => {
	it('reads the catalogue and the lots once, writes the lines that differ, confirms with one more read', async () => {
		const chosen = stockedItems(0, 30);
		const lines = chosen.map((item, i) => {
			const level = onHand(item.shortID);
			// 25 equal, 3 below, 2 above the level.
			const counted = i < 25 ? level : i < 28 ? level - 1 : level + 2;
			return { item: item.shortID, counted };
		});
		const { result, requests } = await countSheet(lines);
		expect(result.error).toBeUndefined();
		expect(byKind(requests)).toEqual({
			'item.listAll': itemPages,
			// The lots once before the writes and once after them.
			'inventory.listByWarehouse': 2 * lotPages,
			'inventory.issue': 3,
			'inventory.receive': 2,
		});
		expect(result.items.map((row) => [row.shortID, row.before, row.after, row.moved])).toEqual(
			lines.map((line, i) => [
				line.item,
				i < 25 ? line.counted : i < 28 ? line.counted + 1 : line.counted - 2,
				line.counted,
				i < 25 ? 'nothing' : i < 28 ? 'issued' : 'received',
			]),
		);
		expect(result.items.every((row) => row.levelChanged === false)).toBe(true);
		expect(lines.map((line) => onHand(line.item))).toEqual(lines.map((line) => line.counted));
		expect(pairedOf(result)).toEqual(lines.map((_, item) => ({ item })));
		const spent = requests.filter((r) => r.endpointId !== 'token').length;
		expect(hintsOf(result)).toContainEqual(
			expect.objectContaining({
				message: expect.stringMatching(
					new RegExp(`^Read each list once for 30 rows: ${spent} requests in all .* fewer than`),
				),
			}),
		);
	});

	// Issue 44: the variance report before the write. Same plan, same reads; no write and nothing to confirm.
	it('Preview: the same planned reads as the run, no write; each line says what the run then does', async () => {
		const chosen = stockedItems(5, 30);
		const lines = chosen.map((item, i) => {
			const level = onHand(item.shortID);
			return { item: item.shortID, counted: i < 25 ? level : i < 28 ? level - 1 : level + 2 };
		});
		const levels = lines.map((line) => onHand(line.item));

		const preview = await countSheet(lines, false, true);
		expect(preview.result.error).toBeUndefined();
		expect(preview.requests.filter((r) => WRITES.includes(r.method))).toEqual([]);
		expect(lines.map((line) => onHand(line.item))).toEqual(levels);
		expect(byKind(preview.requests)).toEqual({
			'item.listAll': itemPages,
			'inventory.listByWarehouse': lotPages,
		});
		expect(preview.result.items.every((row) => row.preview === true)).toBe(true);
		expect(pairedOf(preview.result)).toEqual(lines.map((_, item) => ({ item })));

		const run = await countSheet(lines);
		expect(run.result.error).toBeUndefined();
		// The run: the same reads, its 5 writes, and one more read of the lots to confirm them.
		expect(byKind(run.requests)).toEqual({
			'item.listAll': itemPages,
			'inventory.listByWarehouse': 2 * lotPages,
			'inventory.issue': 3,
			'inventory.receive': 2,
		});
		const beforeWrites = run.requests.slice(
			0,
			run.requests.findIndex((r) => WRITES.includes(r.method)),
		);
		const asRead = (r: RecordedRequest) => `${r.endpointId} ${JSON.stringify(r.query)}`;
		expect(beforeWrites.map(asRead).sort()).toEqual(preview.requests.map(asRead).sort());
		// Line by line the preview said what the run did: the level, the difference, what it sends.
		const said = preview.result.items;
		const did = run.result.items;
		expect(said.map((row) => [row.before, row.difference])).toEqual(
			did.map((row) => [row.before, row.difference]),
		);
		const wouldHave = { nothing: 'nothing', issued: 'would issue', received: 'would receive' };
		expect(said.map((row) => row.moved)).toEqual(
			did.map((row) => wouldHave[row.moved as keyof typeof wouldHave]),
		);
		const sent = run.requests.filter((r) => WRITES.includes(r.method)).map((r) => r.body);
		expect(
			said.filter((row) => row.wouldSend).map((row) => (row.wouldSend as IDataObject).body),
		).toEqual(sent);
	});

	it('Preview: a later line of the same item and location compares with what the earlier one would leave', async () => {
		const [item] = stockedItems(7, 1);
		const level = onHand(item.shortID);
		const lines = [
			{ item: item.shortID, counted: level - 1 },
			{ item: item.shortID, counted: level - 1 },
			{ item: item.shortID, counted: level + 1 },
		];
		const preview = await countSheet(lines, false, true);
		expect(preview.result.items.map((row) => [row.before, row.moved])).toEqual([
			[level, 'would issue'],
			[level - 1, 'nothing'],
			[level - 1, 'would receive'],
		]);
		const run = await countSheet(lines);
		expect(run.result.items.map((row) => [row.before, row.moved])).toEqual([
			[level, 'issued'],
			[level - 1, 'nothing'],
			[level - 1, 'received'],
		]);
	});

	it('reports a level that moved between the read and the write (levelChanged), and does not correct it', async () => {
		const chosen = stockedItems(1, 5);
		const lines = chosen.map((item) => ({ item: item.shortID, counted: onHand(item.shortID) }));
		lines[0].counted += 3; // the one line that writes: a receipt of 3
		const moved = lines[0].item;
		let release!: () => void;
		h.sandbox.inject('inventory.receive', {
			kind: 'slow',
			ms: 0,
			until: new Promise<void>((resolve) => (release = resolve)),
		});
		const mark = h.sandbox.requests.length;
		const running = countSheet(lines);
		for (let waited = 0; ; waited += 5) {
			if (h.sandbox.requests.slice(mark).some((r) => r.endpointId === 'inventory.receive')) break;
			if (waited > 1000) throw new Error('the receipt never came');
			await new Promise((resolve) => setTimeout(resolve, 5));
		}
		// Someone issues 2 at the spot while the node's receipt is under way.
		const other = await new SandboxClient(h.sandbox).post('/Inventory/Issue', {
			itemID: moved,
			wID: WAREHOUSE,
			spot: SPOT,
			units: 2,
		});
		expect(other.status).toBe(201);
		release();
		const { result } = await running;
		expect(result.items[0]).toEqual(
			expect.objectContaining({
				shortID: moved,
				counted: lines[0].counted,
				moved: 'received',
				after: lines[0].counted - 2,
				levelChanged: true,
				message: expect.stringMatching(/level is now \d+, not \d+\. It did not correct that/),
			}),
		);
		expect(result.items.slice(1).map((row) => row.levelChanged)).toEqual([
			false,
			false,
			false,
			false,
		]);
		expect(onHand(moved)).toBe(lines[0].counted - 2);
	});

	it('with continue on fail, a line the service refuses fails alone; the others run and stay paired', async () => {
		const chosen = stockedItems(2, 19);
		const lines: IDataObject[] = chosen.map((item) => ({
			item: item.shortID,
			counted: onHand(item.shortID),
		}));
		lines.splice(4, 0, { item: 'N8N-NO-SUCH-ITEM', counted: 1 });
		const { result, requests } = await countSheet(lines, true);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(20);
		expect(result.items[4]).toEqual(
			expect.objectContaining({ error: expect.stringMatching(/not found|does not exist/i) }),
		);
		expect(result.items.filter((_, i) => i !== 4).map((row) => row.moved)).toEqual(
			Array(19).fill('nothing'),
		);
		expect(pairedOf(result)).toEqual(lines.map((_, item) => ({ item })));
		// The catalogue read once; only the unknown item is looked up on its own.
		expect(byKind(requests)['item.get']).toBe(1);
	});

	// Issue 44: a sheet whose count column is empty for a line is refused before anything is read or written.
	it('a line without a count stops the run before any request; with continue on fail it fails alone, unread', async () => {
		const chosen = stockedItems(3, 6);
		const lines: IDataObject[] = chosen.map((item) => ({
			item: item.shortID,
			counted: onHand(item.shortID) - 1,
		}));
		lines[4] = { item: lines[4].item }; // its Counted cell is empty
		const before = chosen.map((item) => onHand(item.shortID));

		const stopped = await countSheet(lines);
		expect(stopped.result.error?.message).toBe('Counted Quantity (counted) is empty for item 4');
		expect(stopped.result.error?.context?.itemIndex).toBe(4);
		expect(byKind(stopped.requests)).toEqual({});
		expect(chosen.map((item) => onHand(item.shortID))).toEqual(before);

		const alone = await countSheet(lines, true);
		expect(alone.result.error).toBeUndefined();
		expect(alone.result.items[4]).toEqual({
			error: 'Counted Quantity (counted) is empty for item 4',
			description: expect.stringMatching(/^Map the count of every row/),
		});
		expect(alone.result.items.filter((_, i) => i !== 4).map((row) => row.moved)).toEqual(
			Array(5).fill('issued'),
		);
		// Five lines planned and written (their items all on the catalogue's first page); the line
		// without a count made no request of its own.
		expect(byKind(alone.requests)).toEqual({
			'item.listAll': 1,
			'inventory.listByWarehouse': 2 * lotPages,
			'inventory.issue': 5,
		});
		expect(onHand(chosen[4].shortID)).toBe(before[4]);
	});

	it('a single line, or a few in a warehouse of many pages, reads per line (the first page decides)', async () => {
		const [one, two] = stockedItems(400, 2);
		const single = await countSheet([{ item: one.shortID, counted: onHand(one.shortID) }]);
		expect(byKind(single.requests)['item.listAll']).toBeUndefined();
		expect(byKind(single.requests)['item.get']).toBe(1);

		const pair = await countSheet([
			{ item: one.shortID, counted: onHand(one.shortID) },
			{ item: two.shortID, counted: onHand(two.shortID) },
		]);
		const kinds = byKind(pair.requests);
		// Page 1 of each list told its page count; bisecting for two lines costs less than the rest.
		expect(kinds['item.listAll']).toBe(1);
		expect(kinds['item.get']).toBe(2);
		expect(kinds['inventory.listByWarehouse']).toBeLessThan(lotPages);
		expect(pair.result.items.map((row) => row.moved)).toEqual(['nothing', 'nothing']);
	});
});

describe('Create or Update over many rows', () => {
	// Each field mapped by an expression, as "Map Each Field Below" with a sheet of other column names.
	const UPSERT: INodeParameters = {
		columns: mapped('item', {
			shortID: '={{ $json.id }}',
			description: '={{ $json.description }}',
			uOM: '={{ $json.uOM }}',
		}),
	};

	it('reads the catalogue once and writes only the rows that differ; identical rows are unchanged', async () => {
		const existing = h.sandbox.store.items.rows.filter((item) => !item.discontinued).slice(0, 25);
		const rows = [
			...existing.map((item, i) => ({
				id: item.shortID,
				description: i < 20 ? item.description : `${item.description} (changed)`,
				uOM: item.uOM,
			})),
			...Array.from({ length: 5 }, (_, i) => ({
				id: `N8N-BULK-NEW-${i}`,
				description: 'New',
				uOM: 'EA',
			})),
		];
		const { result, requests } = await capture(h, () =>
			runOp(h, 'item', 'upsert', UPSERT, { inputItems: rows }),
		);
		expect(result.error).toBeUndefined();
		expect(byKind(requests)).toEqual({
			'item.listAll': itemPages,
			'item.update': 5,
			'item.create': 5,
		});
		expect(result.items.map((row) => row.outcome)).toEqual([
			...Array(20).fill('unchanged'),
			...Array(5).fill('updated'),
			...Array(5).fill('created'),
		]);
		expect(h.sandbox.store.item(existing[22].shortID)?.description).toMatch(/\(changed\)$/);
		expect(pairedOf(result)).toEqual(rows.map((_, item) => ({ item })));
	});

	it('Preview: the catalogue read as in the run, no write; each row says the action the run then takes', async () => {
		const existing = h.sandbox.store.items.rows.filter((item) => !item.discontinued).slice(60, 80);
		const rows = [
			...existing.map((item, i) => ({
				id: item.shortID,
				description: i < 16 ? item.description : `${item.description} (previewed)`,
				uOM: item.uOM,
			})),
			...Array.from({ length: 4 }, (_, i) => ({
				id: `N8N-BULK-PREVIEW-${i}`,
				description: 'New',
				uOM: 'EA',
			})),
		];
		const previewed = { ...UPSERT, options: { preview: true } };
		const preview = await capture(h, () =>
			runOp(h, 'item', 'upsert', previewed, { inputItems: rows }),
		);
		expect(preview.result.error).toBeUndefined();
		expect(byKind(preview.requests)).toEqual({ 'item.listAll': itemPages });
		expect(h.sandbox.store.item('N8N-BULK-PREVIEW-0')).toBeUndefined();
		const run = await capture(h, () => runOp(h, 'item', 'upsert', UPSERT, { inputItems: rows }));
		expect(byKind(run.requests)).toEqual({
			'item.listAll': itemPages,
			'item.update': 4,
			'item.create': 4,
		});
		const past = { create: 'created', update: 'updated', unchanged: 'unchanged' };
		expect(preview.result.items.map((row) => past[row.action as keyof typeof past])).toEqual(
			run.result.items.map((row) => row.outcome),
		);
		expect(preview.result.items.map((row) => row.changed)).toEqual(
			run.result.items.map((row) => row.changed),
		);
	});

	it('one identical row reads its item and writes nothing', async () => {
		const item = h.sandbox.store.items.rows.filter((i) => !i.discontinued)[40];
		const { result, requests } = await capture(h, () =>
			runOp(h, 'item', 'upsert', {
				columns: mapped('item', {
					shortID: item.shortID,
					description: item.description,
					uOM: item.uOM,
				}),
			}),
		);
		expect(requests.filter((r) => r.endpointId !== 'token').map((r) => r.method)).toEqual(['GET']);
		expect(result.items).toEqual([
			expect.objectContaining({ shortID: item.shortID, outcome: 'unchanged' }),
		]);
	});

	for (const resource of ['customer', 'vendor'] as const) {
		it(`${resource}s: created, unchanged, updated by shortID; many rows read the list once`, async () => {
			const path = resource === 'customer' ? '/Customer' : '/Vendor';
			const shortID = `N8N-UPSERT-${resource.toUpperCase()}`;
			const one = async (fields: IDataObject) =>
				await capture(h, () =>
					runOp(h, resource, 'upsert', { columns: mapped(resource, { shortID, ...fields }) }),
				);
			const wire = (requests: RecordedRequest[]) =>
				requests.filter((r) => r.endpointId !== 'token').map((r) => `${r.method} ${r.status}`);

			const nameless = await one({ city: 'Berlin' });
			expect(wire(nameless.requests)).toEqual(['GET 404']);
			expect(nameless.result.error?.message).toContain('(name) is required to create');

			const made = await one({ name: 'Bulk Ltd', city: 'Berlin' });
			expect(wire(made.requests)).toEqual(['GET 404', 'POST 201']);
			expect(made.result.items[0]).toEqual(
				expect.objectContaining({ shortID, name: 'Bulk Ltd', city: 'Berlin', outcome: 'created' }),
			);
			const same = await one({ name: 'Bulk Ltd', city: 'Berlin' });
			expect(wire(same.requests)).toEqual(['GET 200']);
			expect(same.result.items[0].outcome).toBe('unchanged');
			const moved = await one({ city: 'Hamburg' });
			expect(wire(moved.requests)).toEqual(['GET 200', 'PUT 200']);
			expect(moved.requests.at(-1)?.path).toBe(`/api/v2${path}/${shortID}`);
			expect(moved.result.items[0]).toEqual(
				expect.objectContaining({ city: 'Hamburg', name: 'Bulk Ltd', outcome: 'updated' }),
			);

			const table = resource === 'customer' ? h.sandbox.store.customers : h.sandbox.store.vendors;
			const rows = table.rows.slice(0, 8).map((party, i) => ({
				shortID: party.shortID,
				name: party.name,
				city: i < 6 ? party.city : 'Elsewhere',
			}));
			const many = await capture(h, () =>
				runOp(
					h,
					resource,
					'upsert',
					// The rows' fields are named like the record's: Map Automatically.
					{ columns: mapped(resource, 'auto') },
					{ inputItems: rows },
				),
			);
			expect(byKind(many.requests)).toEqual({
				[`${resource}.listAll`]: Math.ceil(table.rows.length / 250),
				[`${resource}.update`]: 2,
			});
			expect(many.result.items.map((row) => row.outcome)).toEqual([
				...Array(6).fill('unchanged'),
				'updated',
				'updated',
			]);
		});
	}
});
