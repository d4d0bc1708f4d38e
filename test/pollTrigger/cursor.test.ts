// The cursor's bookkeeping on its own: stamp parsing, the overlap window, the crowded-stamp walk, one entry per record.
import {
	ChangeSet,
	OVERLAP_MS,
	startCursor,
	stampKey,
	toCursor,
	type Change,
} from '../../nodes/shared/changes/cursor';
import { parseStamp } from '../../nodes/shared/dates';
import { WATCHABLE } from '../../nodes/shared/changes/watchable';
import { ENDPOINTS, type EndpointId } from '../../nodes/shared/endpoints';
import { watchProperties } from '../../nodes/InventoryProPollTrigger/description';

const change = (id: string, modified: string): Change => ({
	id,
	modified,
	modifiedKey: stampKey(modified) as string,
	record: { id, modified },
});
const listed = (set: ChangeSet) => set.changes().map((c) => `${c.id}@${c.modified}`);

describe('stampKey / parseStamp', () => {
	it('orders stamps of different precision and zones by instant, keeping digits past the millisecond', () => {
		const stamps = [
			'2026-01-05T08:00:00.1234567Z',
			'2026-01-05T10:00:00.5+02:00',
			'2026-01-05T08:00:00.123Z',
			'2026-01-05T08:00:00Z',
			'2026-01-05T08:00:00.1234568Z',
		];
		const sorted = [...stamps].sort((a, b) =>
			(stampKey(a) as string) < (stampKey(b) as string) ? -1 : 1,
		);
		expect(sorted).toEqual([
			'2026-01-05T08:00:00Z',
			'2026-01-05T08:00:00.123Z',
			'2026-01-05T08:00:00.1234567Z',
			'2026-01-05T08:00:00.1234568Z',
			'2026-01-05T10:00:00.5+02:00',
		]);
		expect(stampKey('2026-01-05T08:00:00.000Z')).toBe(stampKey('2026-01-05T08:00:00Z'));
		expect(stampKey('2026-01-05T09:30:00+0130')).toBe(stampKey('2026-01-05T08:00:00Z'));
		expect(stampKey(undefined)).toBeUndefined();
	});

	it('reads a stamp without a zone as UTC, whatever the local zone', () => {
		expect(stampKey('2031-03-30T02:30:00')).toBe('2031-03-30T02:30:00.000000000Z');
		expect(parseStamp('2031-03-30T02:30:00.1234567')).toEqual({
			ms: Date.UTC(2031, 2, 30, 2, 30, 0, 123),
			subMs: '456700',
		});
		expect(parseStamp('2031-03-30')?.ms).toBe(Date.UTC(2031, 2, 30));
	});

	it('refuses what is not strict ISO 8601, including dates that do not exist', () => {
		for (const bad of [
			'not a date',
			'Sun, 30 Mar 2031 02:30:00 GMT',
			'2031-02-30T00:00:00Z',
			'2031-03-30T24:00:00Z',
			'2031-03-30T02:30:00+25:00',
			'30/03/2031',
			'',
		]) {
			expect([bad, stampKey(bad)]).toEqual([bad, undefined]);
		}
	});
});

const T0 = '2026-01-05T08:00:00.000Z';
const T1 = '2026-01-05T08:00:01.000Z';
const T2 = '2026-01-05T08:00:02.000Z';

describe('ChangeSet', () => {
	it('reads a cursor of the previous version with the same meaning: ids handled at its stamp stay handled', () => {
		const set = new ChangeSet({ since: T0, atSince: ['A'] });
		expect(set.firstQuery()).toEqual({ modifiedSince: T0, order: 'modified', page: 1 });
		expect(
			set.nextQuery([change('A', T0), change('B', T0), change('A', T1)], false),
		).toBeUndefined();
		expect(listed(set)).toEqual([`B@${T0}`, `A@${T1}`]);
		expect(set.next()).toEqual({
			since: T1,
			floor: T0,
			seen: [
				[stampKey(T0), ['B']],
				[stampKey(T1), ['A']],
			],
		});
		expect(toCursor({ since: T0, atSince: ['A'] })).toEqual(startCursor(T0, ['A']));
	});

	it('re-reads the window behind the cursor: a late record is taken once, a seen one skipped, a new stamp is a new change', () => {
		const stored = {
			since: T2,
			seen: [
				[stampKey(T1) as string, ['A']],
				[stampKey(T2) as string, ['B']],
			] as [string, string[]][],
		};
		const set = new ChangeSet(stored);
		expect(set.firstQuery().modifiedSince).toBe(
			new Date(Date.parse(T2) - OVERLAP_MS).toISOString(),
		);
		set.nextQuery(
			[
				change('LATE', T0),
				change('A', T1),
				change('B', T2),
				change('A', '2026-01-05T08:00:03.000Z'),
			],
			false,
		);
		expect(listed(set)).toEqual([`LATE@${T0}`, 'A@2026-01-05T08:00:03.000Z']);
		const next = set.next();
		expect(next.since).toBe('2026-01-05T08:00:03.000Z');
		// Read again with nothing new: nothing is emitted twice.
		const again = new ChangeSet(next);
		again.nextQuery(
			[change('LATE', T0), change('B', T2), change('A', '2026-01-05T08:00:03.000Z')],
			false,
		);
		expect(listed(again)).toEqual([]);
	});

	it('forgets ids once their stamp falls out of the window, and never reads before the floor', () => {
		const late = '2026-01-05T08:10:00.000Z';
		const set = new ChangeSet(startCursor(T0, ['A']));
		set.nextQuery([change('A', T0), change('B', T1), change('C', late)], false);
		expect(set.next()).toEqual({ since: late, seen: [[stampKey(late), ['C']]] });
		expect(new ChangeSet(set.next()).firstQuery().modifiedSince).toBe('2026-01-05T08:05:00.000Z');

		const floored = new ChangeSet({ since: T1, floor: T1, seen: [] });
		expect(floored.firstQuery().modifiedSince).toBe(T1);
		expect(floored.add(change('OLD', T0))).toBe(false);
	});

	it('writes the window start like the service writes its stamps: without a zone when they have none', () => {
		const set = new ChangeSet({ since: '2031-03-30T02:30:00.000', seen: [] });
		expect(set.firstQuery().modifiedSince).toBe('2031-03-30T02:25:00.000');
	});

	it('keeps one entry per record: its latest state, placed by its latest stamp', () => {
		const set = new ChangeSet(undefined);
		set.nextQuery([change('A', T0), change('B', T0), change('A', T1), change('A', T0)], false);
		expect(listed(set)).toEqual([`B@${T0}`, `A@${T1}`]);
	});

	it('restarts at the newest stamp of a page, and walks a page full of one stamp by id to the end', () => {
		const set = new ChangeSet(startCursor(T0));
		expect(set.nextQuery([change('A', T0), change('B', T1)], true)).toEqual({
			modifiedSince: T1,
			order: 'modified',
			page: 1,
		});
		expect(set.canStop()).toBe(true);
		expect(set.nextQuery([change('B', T1), change('C', T1)], true)).toEqual({
			modifiedSince: T1,
			order: 'id',
			page: 1,
		});
		expect(set.nextQuery([change('B', T1), change('C', T1)], true)).toEqual({
			modifiedSince: T1,
			order: 'id',
			page: 2,
		});
		expect(set.canStop()).toBe(false);
		expect(set.nextQuery([change('D', T1), change('E', T2)], true)).toEqual({
			modifiedSince: T1,
			order: 'id',
			page: 3,
		});
		expect(set.canStop()).toBe(true);
		// Stopped here (out of time): the cursor stays at the crowded stamp and remembers the walk.
		const stopped = set.next();
		expect(stopped.since).toBe(T1);
		expect(stopped.walk).toEqual({ stamp: T1, page: 3 });
		expect(listed(set)).toEqual([`A@${T0}`, `B@${T1}`, `C@${T1}`, `D@${T1}`, `E@${T2}`]);

		// The next read resumes the walk one page back and finishes it; nothing repeats.
		const resumed = new ChangeSet(stopped);
		expect(resumed.nextQuery([change('B', T1), change('C', T1)], true)).toEqual({
			modifiedSince: T1,
			order: 'id',
			page: 2,
		});
		expect(resumed.nextQuery([change('D', T1), change('E', T2)], true)).toEqual({
			modifiedSince: T1,
			order: 'id',
			page: 3,
		});
		expect(resumed.nextQuery([change('F', T1)], false)).toBeUndefined();
		expect(listed(resumed)).toEqual([`F@${T1}`]);
		expect(resumed.next().since).toBe(T2);
		expect(resumed.next().walk).toBeUndefined();
	});

	it('cannot stop before it read past the stored cursor, so a tight budget still moves forward', () => {
		const set = new ChangeSet({ since: T1, seen: [[stampKey(T1) as string, ['A']]] });
		set.nextQuery([change('X', T0), change('A', T1)], true);
		expect(set.canStop()).toBe(false);
		set.nextQuery([change('A', T1), change('B', T2)], true);
		expect(set.canStop()).toBe(true);
	});

	it('tells new records from updates: never seen, and created inside what the read covers', () => {
		const set = new ChangeSet(startCursor(T0, ['OLD']));
		const updated = change('U', T1);
		expect(set.isCreated(updated, stampKey('2025-12-01T00:00:00Z'))).toBe(false);
		expect(set.isCreated(change('N0', T1), stampKey(T0))).toBe(true);
		expect(set.isCreated(change('OLD', T1), stampKey(T0))).toBe(false);
		expect(set.isCreated(change('N1', T1), stampKey(T1))).toBe(true);
		expect(set.isCreated(change('N2', T1), undefined)).toBe(false);
		expect(new ChangeSet(undefined).isCreated(updated, undefined)).toBe(true);
	});
});

describe('watchable lists', () => {
	it('are exactly the table rows whose list supports modifiedSince, each with an id field', () => {
		const expected = (Object.keys(ENDPOINTS) as EndpointId[]).filter((id) => {
			const list = (ENDPOINTS[id] as { list?: { modifiedSince: string } }).list;
			return list?.modifiedSince === 'supported' || list?.modifiedSince === 'headerOnly';
		});
		expect(WATCHABLE.map((w) => w.id)).toEqual(expected);
		expect(expected).toEqual(
			expect.arrayContaining([
				'item.list',
				'inventory.materialIn',
				'purchaseOrder.list',
				'asset.types',
			]),
		);
		expect(expected).not.toContain('inventory.list');
		expect(expected).not.toContain('report.run');
		const idOf = Object.fromEntries(WATCHABLE.map((w) => [w.id, w.idField]));
		expect(idOf['item.list']).toBe('shortID');
		expect(idOf['inventory.materialOut']).toBe('recNo');
		expect(idOf['asset.types']).toBe('typeID');
		expect(WATCHABLE.find((w) => w.id === 'inventory.materialInByWarehouse')?.pathParams).toEqual([
			'warehouseID',
		]);
	});

	it("are exactly the Changes Trigger's Watch options, written out in its description, with their path fields and notice", () => {
		const shownFor = (name: string) =>
			[...(watchProperties.find((p) => p.name === name)?.displayOptions?.show?.watch ?? [])].sort();
		const watch = watchProperties.find((p) => p.name === 'watch')!;
		const values = (watch.options as Array<{ value: string; name: string }>).map((o) => o.value);
		expect([...values].sort()).toEqual(WATCHABLE.map((w) => w.id).sort());
		expect(values).toContain(watch.default);
		for (const name of new Set(WATCHABLE.flatMap((w) => w.pathParams)))
			expect({ name, shownFor: shownFor(name) }).toEqual({
				name,
				shownFor: WATCHABLE.filter((w) => w.pathParams.includes(name))
					.map((w) => w.id)
					.sort(),
			});
		expect(shownFor('headerOnlyNotice')).toEqual(
			WATCHABLE.filter((w) => w.endpoint.list.modifiedSince === 'headerOnly')
				.map((w) => w.id)
				.sort(),
		);
		// Each option names its request: the row's path, then at most a colon or a bracket.
		for (const option of watch.options as Array<{ value: string; description: string }>) {
			const path = WATCHABLE.find((w) => w.id === option.value)!.endpoint.path;
			expect(option.description.split(/:| \(/)[0]).toBe(`GET ${path}`);
		}
	});
});
