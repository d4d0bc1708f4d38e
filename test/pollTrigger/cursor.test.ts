// The cursor's bookkeeping on its own: stamp ordering, the inclusive boundary, one entry per record.
import { ChangeSet, stampKey, type Change } from '../../nodes/InventoryProPollTrigger/cursor';
import { WATCHABLE } from '../../nodes/InventoryProPollTrigger/watchable';
import { ENDPOINTS, type EndpointId } from '../../nodes/InventoryPro/endpoints';

const change = (id: string, modified: string): Change => ({
	id,
	modified,
	modifiedKey: stampKey(modified) as string,
	record: { id, modified },
});

describe('stampKey', () => {
	it('orders stamps of different precision and zones by instant, keeping digits past the millisecond', () => {
		const stamps = [
			'2026-01-05T08:00:00.1234567Z',
			'2026-01-05T10:00:00.5+02:00',
			'2026-01-05T08:00:00.123Z',
			'2026-01-05T08:00:00Z',
			'2026-01-05T08:00:00.1234568Z',
		];
		const sorted = [...stamps].sort((a, b) => ((stampKey(a) as string) < (stampKey(b) as string) ? -1 : 1));
		expect(sorted).toEqual([
			'2026-01-05T08:00:00Z',
			'2026-01-05T08:00:00.123Z',
			'2026-01-05T08:00:00.1234567Z',
			'2026-01-05T08:00:00.1234568Z',
			'2026-01-05T10:00:00.5+02:00',
		]);
		expect(stampKey('2026-01-05T08:00:00.000Z')).toBe(stampKey('2026-01-05T08:00:00Z'));
		expect(stampKey('not a date')).toBeUndefined();
		expect(stampKey(undefined)).toBeUndefined();
	});
});

describe('ChangeSet', () => {
	const T0 = '2026-01-05T08:00:00.000Z';
	const T1 = '2026-01-05T08:00:01.000Z';

	it('skips ids already handled at the cursor instant but takes new ones at that instant', () => {
		const set = new ChangeSet({ since: T0, atSince: ['A'] });
		expect(set.add(change('A', T0))).toBe(false);
		expect(set.add(change('B', T0))).toBe(true);
		expect(set.add(change('A', T1))).toBe(true);
		expect(set.changes().map((c) => `${c.id}@${c.modified}`)).toEqual([`B@${T0}`, `A@${T1}`]);
		expect(set.next()).toEqual({ since: T1, atSince: ['A'] });
	});

	it('keeps the cursor and adds to its handled ids when nothing newer arrived', () => {
		const set = new ChangeSet({ since: T0, atSince: ['A'] });
		set.add(change('B', T0));
		expect(set.next()).toEqual({ since: T0, atSince: ['A', 'B'] });
		expect(new ChangeSet({ since: T0, atSince: ['A'] }).next()).toEqual({ since: T0, atSince: ['A'] });
	});

	it('keeps one entry per record: its latest state, placed by its latest stamp', () => {
		const set = new ChangeSet({ atSince: [] });
		set.add(change('A', T0));
		set.add(change('B', T0));
		set.add(change('A', T1));
		set.add(change('A', T0));
		expect(set.changes().map((c) => `${c.id}@${c.modified}`)).toEqual([`B@${T0}`, `A@${T1}`]);
	});

	it('tells new records from updates by Created against the previous cursor', () => {
		const set = new ChangeSet({ since: T0, atSince: ['OLD'] });
		const updated = change('U', T1);
		const createdAtCursor = change('N0', T1);
		expect(set.isCreated(updated, stampKey('2025-12-01T00:00:00Z'))).toBe(false);
		expect(set.isCreated(createdAtCursor, stampKey(T0))).toBe(true);
		expect(set.isCreated(change('OLD', T1), stampKey(T0))).toBe(false);
		expect(set.isCreated(change('N1', T1), stampKey(T1))).toBe(true);
		expect(new ChangeSet({ atSince: [] }).isCreated(updated, undefined)).toBe(true);
	});
});

describe('watchable lists', () => {
	it('are exactly the table rows whose list supports modifiedSince, each with an id field', () => {
		const expected = (Object.keys(ENDPOINTS) as EndpointId[]).filter((id) => {
			const list = (ENDPOINTS[id] as { list?: { modifiedSince: string } }).list;
			return list?.modifiedSince === 'supported' || list?.modifiedSince === 'headerOnly';
		});
		expect(WATCHABLE.map((w) => w.id)).toEqual(expected);
		expect(expected).toEqual(expect.arrayContaining(['item.list', 'inventory.materialIn', 'purchaseOrder.list', 'asset.types']));
		expect(expected).not.toContain('inventory.list');
		expect(expected).not.toContain('report.run');
		const idOf = Object.fromEntries(WATCHABLE.map((w) => [w.id, w.idField]));
		expect(idOf['item.list']).toBe('shortID');
		expect(idOf['inventory.materialOut']).toBe('recNo');
		expect(idOf['asset.types']).toBe('typeID');
		expect(WATCHABLE.find((w) => w.id === 'inventory.materialInByWarehouse')?.pathParams).toEqual(['warehouseID']);
	});
});
