// The trigger's memory at its edges: the count and the days the README promises, and a copy of static
// data that another writer left is merged in, never written over what this process knows.

import type { IDataObject } from 'n8n-workflow';

import {
	firstRun,
	keepWithExecution,
	recall,
	rememberedIn,
	SAVE_EVERY_MS,
	SEEN_DAYS,
	SEEN_MAX,
	startsExecution,
	sync,
	testSeam,
} from '../../nodes/InventoryProTrigger/runOnce';

const DAY = 86_400_000;
let time = Date.UTC(2031, 0, 1);
let workflows = 0;

beforeAll(() => testSeam.useClock(() => time));

/** A node of its own workflow, as n8n's contexts describe it. */
function node(mode = 'webhook') {
	const id = `memory-wf-${++workflows}`;
	return {
		getWorkflow: () => ({ id }),
		getNode: () => ({ name: 'Inventory Pro Trigger' }),
		getMode: () => mode,
	};
}

/** The keys a saved copy holds, as a process that starts from it (a restart) sees them. */
function remembers(copy: IDataObject, keys: string[]): boolean[] {
	const entry = recall(node(), { ...copy, mark: 'a-restart:1' });
	return keys.map((key) => entry.ran.has(key));
}

describe('memory of what ran', () => {
	it(`refuses a repeat of the oldest of ${SEEN_MAX} events, and forgets it after one more`, () => {
		const context = node();
		const staticData: IDataObject = {};
		const entry = recall(context, staticData);
		for (let i = 0; i < SEEN_MAX; i++) {
			time += 1;
			expect(firstRun(entry, staticData, `e:${i}`)).toBe(true);
		}
		expect(firstRun(entry, staticData, 'e:0')).toBe(false);
		expect(rememberedIn(staticData.seen)).toBe(SEEN_MAX);
		time += 1;
		expect(firstRun(entry, staticData, `e:${SEEN_MAX}`)).toBe(true);
		expect(firstRun(entry, staticData, 'e:1')).toBe(false);
		expect(firstRun(entry, staticData, 'e:0')).toBe(true);
	});

	it(`refuses a repeat for ${SEEN_DAYS} days, and runs it after`, () => {
		const context = node();
		const staticData: IDataObject = {};
		const entry = recall(context, staticData);
		expect(firstRun(entry, staticData, 'e:old')).toBe(true);
		time += SEEN_DAYS * DAY - 1;
		expect(firstRun(entry, staticData, 'e:old')).toBe(false);
		time += 2;
		expect(firstRun(entry, staticData, 'e:new')).toBe(true);
		expect(firstRun(entry, staticData, 'e:old')).toBe(true);
	});

	it('merges a copy another writer saved, and keeps what this process knows over a stale copy', () => {
		const context = node();
		const saved: IDataObject = {
			mark: 'another-process:7',
			seen: { 'e:before-restart': time },
			rec: 5,
		};
		const entry = recall(context, saved);
		expect(entry.book.rec).toBe(5);
		expect(firstRun(entry, saved, 'e:before-restart')).toBe(false);
		expect(firstRun(entry, saved, 'e:now')).toBe(true);
		// n8n hands the next delivery a copy from before that run (it did not save after the execution),
		// once as it was and once as another writer re-saved it.
		const asBefore: IDataObject = { ...saved, seen: { 'e:before-restart': time } };
		expect(firstRun(recall(context, asBefore), asBefore, 'e:now')).toBe(false);
		const stale: IDataObject = {
			mark: 'another-process:8',
			seen: { 'e:before-restart': time },
			rec: 5,
		};
		expect(firstRun(recall(context, stale), stale, 'e:now')).toBe(false);
		// And the copy n8n saves next holds both.
		sync(entry, stale);
		expect(rememberedIn(stale.seen)).toBe(2);
		expect(remembers(stale, ['e:before-restart', 'e:now', 'e:never'])).toEqual([true, true, false]);
	});
});

describe('what static data holds', () => {
	it(`holds ${SEEN_MAX} events in one string of under 90 KB, which a restart reads back whole`, () => {
		const context = node();
		const staticData: IDataObject = {};
		const entry = recall(context, staticData);
		const keys = Array.from(
			{ length: SEEN_MAX },
			(_, i) => `item.received:RecNo:${i}:${'x'.repeat(60)}`,
		);
		for (const key of keys) {
			time += 1;
			firstRun(entry, staticData, key);
		}
		expect(typeof staticData.seen).toBe('string');
		expect(JSON.stringify(staticData).length).toBeLessThan(90_000);
		expect(remembers(staticData, keys).every(Boolean)).toBe(true);
		expect(remembers(staticData, ['item.received:RecNo:5000'])).toEqual([false]);
	});

	it('reads a copy saved in the format before (an object of keys), and keeps its days', () => {
		const saved: IDataObject = {
			mark: 'older-version:3',
			seen: { 'e:old': time - DAY, 'e:older': time - 8 * DAY },
		};
		expect(remembers(saved, ['e:old', 'e:older'])).toEqual([true, false]);
		const context = node();
		const entry = recall(context, saved);
		expect(firstRun(entry, saved, 'e:old')).toBe(false);
		expect(firstRun(entry, saved, 'e:new')).toBe(true);
		expect(typeof saved.seen).toBe('string');
		expect(remembers(saved, ['e:old', 'e:new'])).toEqual([true, true]);
		// A restart keeps when each ran (to the minute): e:old is forgotten when its 7 days are up.
		time += 5 * DAY;
		const restarted = recall(node(), { ...saved, mark: 'a-restart:2' });
		expect(restarted.ran.has('e:old')).toBe(true);
		time += DAY;
		expect(firstRun(restarted, saved, 'e:newer')).toBe(true);
		expect(restarted.ran.has('e:old')).toBe(false);
		expect(restarted.ran.has('e:new')).toBe(true);
	});
});

describe('saved with the executions', () => {
	it(`writes what ran into the execution's static data at the last delivery on its way, and at least every ${SAVE_EVERY_MS} ms while more arrive`, () => {
		const context = node();
		const entry = recall(context, {});
		const keys = ['e:a', 'e:b', 'e:c'];
		for (const key of keys) {
			expect(firstRun(entry, {}, key)).toBe(true);
			startsExecution(entry);
		}
		// Three executions end, each on a fresh copy from the database: the first writes (nothing was
		// saved yet), the second not (one more is on its way), the last one does.
		const copies = keys.map((): IDataObject => ({}));
		expect(copies.map((copy) => keepWithExecution(context, copy))).toEqual([true, false, true]);
		expect(rememberedIn(copies[2].seen)).toBe(keys.length);
		expect(remembers(copies[2], keys)).toEqual([true, true, true]);
		// While deliveries keep arriving, a write at least every SAVE_EVERY_MS.
		for (let i = 0; i < 3; i++) startsExecution(entry);
		expect(keepWithExecution(context, {})).toBe(false);
		time += SAVE_EVERY_MS;
		expect(keepWithExecution(context, {})).toBe(true);
		expect(keepWithExecution(context, {})).toBe(true);
	});

	it('writes nothing in a process that never received the delivery (a queue-mode worker)', () => {
		const copy: IDataObject = {};
		expect(keepWithExecution(node(), copy)).toBe(false);
		expect(copy).toEqual({});
	});
});
