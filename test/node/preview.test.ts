/**
 * "Preview (Write Nothing)" (issue 44, req 4) on one row: Set Counted Quantity and Create or Update make
 * the reads a run makes, in the same order, stop where the run would write, and say what they would
 * send. Many rows (the planned list reads) are in bulk.test.ts. Run as real workflows against the sandbox.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { RecordedRequest } from '../../sandbox';
import { byId, capture, harness, items, mapped, runOp, type Harness } from './setup';

let h: Harness;
beforeAll(async () => (h = await harness()));
afterAll(async () => await h?.stop());

const WRITES = ['POST', 'PUT', 'DELETE'];
/** The request a preview row says it would send. */
const sentBy = (row: IDataObject) => row.wouldSend as { request: string; body: IDataObject };
/** A request as the comparison sees it: which endpoint, with which query. */
const read = (r: RecordedRequest) => `${r.endpointId} ${JSON.stringify(r.query)}`;

describe('Set Counted Quantity', () => {
	const spot = 'A-01-03';
	let made = 0;
	const stocked = async (units: number) => {
		const itemID = `N8N-PREVIEW-${++made}`;
		await items(h, 'item', 'create', { itemID });
		await items(h, 'inventory', 'receive', {
			itemID: byId(itemID),
			wID: byId(1),
			units,
			additionalFields: { spot },
		});
		return itemID;
	};
	const onHand = (itemID: string) =>
		h.sandbox.store.stock.rows
			.filter((lot) => lot.shortID === itemID && lot.spot === spot && lot.units > 0)
			.reduce((sum, lot) => sum + lot.units, 0);
	const count = async (itemID: string, counted: number, options: IDataObject = {}) =>
		await capture(h, () =>
			items(h, 'inventory', 'setCountedQuantity', {
				itemID: byId(itemID),
				wID: byId(1),
				spot: byId(spot),
				counted,
				reasonCode: { __rl: true, mode: 'code', value: 'COUNT' },
				options: options as INodeParameters,
			}),
		);

	it('says what it would issue, writes nothing, and reads exactly what the run reads before its write', async () => {
		const itemID = await stocked(10);
		const preview = await count(itemID, 7, { preview: true, remark: 'Count 2026-Q1' });
		expect(preview.requests.filter((r) => WRITES.includes(r.method))).toEqual([]);
		expect(onHand(itemID)).toBe(10);
		expect(preview.result).toEqual([
			{
				shortID: itemID,
				wID: 1,
				spot,
				before: 10,
				counted: 7,
				difference: -3,
				moved: 'would issue',
				movement: null,
				wouldSend: {
					request: 'POST /Inventory/Issue',
					body: { itemID, wID: 1, spot, units: 3, reasonCode: 'COUNT', remark: 'Count 2026-Q1' },
				},
				levelChanged: false,
				preview: true,
			},
		]);

		const run = await count(itemID, 7, { remark: 'Count 2026-Q1' });
		const write = run.requests.findIndex((r) => WRITES.includes(r.method));
		// The run's reads up to its write are the preview's, one for one; after it, the run reads the level again.
		expect(run.requests.slice(0, write).map(read)).toEqual(preview.requests.map(read));
		expect(run.requests[write].endpointId).toBe('inventory.issue');
		expect(run.requests[write].body).toEqual(sentBy(preview.result[0]).body);
		expect(run.requests.slice(write + 1).every((r) => r.method === 'GET')).toBe(true);
		expect(onHand(itemID)).toBe(7);
	});

	it('a receipt it would send, a line equal to the level, and a level that moved since the count', async () => {
		const itemID = await stocked(4);
		const above = await count(itemID, 6.5, { preview: true });
		expect(above.result[0]).toEqual(
			expect.objectContaining({
				difference: 2.5,
				moved: 'would receive',
				wouldSend: {
					request: 'POST /Inventory/Receive',
					body: { itemID, wID: 1, spot, units: 2.5, reasonCode: 'COUNT' },
				},
			}),
		);
		const equal = await count(itemID, 4, { preview: true });
		expect(equal.result[0]).toEqual(
			expect.objectContaining({ moved: 'nothing', difference: 0, preview: true }),
		);
		expect(equal.result[0].wouldSend).toBeUndefined();
		const stale = await count(itemID, 3, { preview: true, levelWhenCounted: 5 });
		expect(stale.result[0]).toEqual(
			expect.objectContaining({ moved: 'nothing', levelChanged: true, preview: true }),
		);
		for (const { requests } of [above, equal, stale])
			expect(requests.filter((r) => WRITES.includes(r.method))).toEqual([]);
		expect(onHand(itemID)).toBe(4);
	});

	it('an empty count is refused in preview too, before any request', async () => {
		const itemID = await stocked(2);
		const { result, requests } = await capture(h, () =>
			runOp(h, 'inventory', 'setCountedQuantity', {
				itemID: byId(itemID),
				wID: byId(1),
				spot: byId(spot),
				options: { preview: true },
			}),
		);
		expect(requests).toEqual([]);
		expect(result.error?.message).toBe('Counted Quantity (counted) is empty for item 0');
	});
});

describe('Create or Update', () => {
	const upsert = async (resource: 'item' | 'customer', value: IDataObject, preview: boolean) =>
		await capture(h, () =>
			runOp(h, resource, 'upsert', {
				columns: mapped(resource, value as Record<string, string>),
				options: { preview },
			}),
		);

	it('item: create, update and unchanged, each with what it would send; the run then does just that', async () => {
		const shortID = 'N8N-PREVIEW-ITEM';
		const create = await upsert('item', { shortID, description: 'Previewed', uOM: 'BOX' }, true);
		expect(create.requests.map((r) => `${r.method} ${r.status}`)).toEqual(['GET 404']);
		expect(h.sandbox.store.item(shortID)).toBeUndefined();
		expect(create.result.items).toEqual([
			{
				preview: true,
				action: 'create',
				shortID,
				changed: ['description', 'uOM'],
				wouldSend: {
					request: 'POST /Item',
					body: { itemID: shortID, description: 'Previewed', uOM: 'BOX' },
				},
				current: null,
			},
		]);
		const created = await upsert('item', { shortID, description: 'Previewed', uOM: 'BOX' }, false);
		expect(created.requests.map((r) => r.method)).toEqual(['GET', 'POST']);
		expect(created.requests[1].body).toEqual(sentBy(create.result.items[0]).body);

		const update = await upsert('item', { shortID, description: 'Renamed', uOM: 'BOX' }, true);
		expect(update.requests.map((r) => r.method)).toEqual(['GET']);
		expect(update.result.items[0]).toEqual(
			expect.objectContaining({
				action: 'update',
				changed: ['description'],
				wouldSend: {
					request: 'PUT /Item',
					body: { itemID: shortID, description: 'Renamed', uOM: 'BOX' },
				},
				current: expect.objectContaining({ shortID, description: 'Previewed' }),
			}),
		);
		expect(h.sandbox.store.item(shortID)?.description).toBe('Previewed');

		const same = await upsert('item', { shortID, description: 'Previewed' }, true);
		expect(same.result.items[0]).toEqual(
			expect.objectContaining({ action: 'unchanged', changed: [], wouldSend: null }),
		);
	});

	it('customer: the key in the path of the update it would send; a create without a name fails as the run would', async () => {
		const shortID = 'N8N-PREVIEW-CUSTOMER';
		const nameless = await upsert('customer', { shortID, city: 'Berlin' }, true);
		expect(nameless.requests.map((r) => `${r.method} ${r.status}`)).toEqual(['GET 404']);
		expect(nameless.result.error?.message).toContain('(name) is required to create');

		await upsert('customer', { shortID, name: 'Preview Ltd', city: 'Berlin' }, false);
		const moved = await upsert('customer', { shortID, city: 'Hamburg' }, true);
		expect(moved.requests.map((r) => r.method)).toEqual(['GET']);
		expect(moved.result.items[0]).toEqual(
			expect.objectContaining({
				action: 'update',
				changed: ['city'],
				wouldSend: { request: `PUT /Customer/${shortID}`, body: { city: 'Hamburg' } },
			}),
		);
		expect(h.sandbox.store.customers.rows.find((c) => c.shortID === shortID)?.city).toBe('Berlin');
	});
});
