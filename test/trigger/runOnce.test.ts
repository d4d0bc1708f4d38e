// The trigger's memory at its edges: the count and the days the README promises, a copy of static
// data that another writer left is merged in, never written over what this process knows, and what a
// save writes holds only events whose own execution got to its save (issue 37).

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import {
	claim,
	CLAIM_MS,
	newToken,
	recall,
	releaseOnAnswer,
	rememberedIn,
	runsOnce,
	SEEN_DAYS,
	SEEN_MAX,
	stateOf,
	sync,
	tag,
	testSeam,
	type Live,
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

/**
 * One event the whole way: webhook() claims it, its execution's runsOnce() outputs it, n8n saves the
 * execution's static data into `staticData`. Whether it ran.
 */
function runEvent(context: ReturnType<typeof node>, staticData: IDataObject, key: string): boolean {
	if (stateOf(recall(context, staticData), key) !== 'new') return false;
	const out = runsOnce(context, staticData, [deliver(recall(context, staticData), key)]);
	Object.assign(staticData, save(staticData));
	return out.length === 1;
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
		for (let i = 0; i < SEEN_MAX; i++) {
			time += 1;
			expect(runEvent(context, staticData, `e:${i}`)).toBe(true);
		}
		expect(runEvent(context, staticData, 'e:0')).toBe(false);
		expect(rememberedIn(staticData.seen)).toBe(SEEN_MAX);
		time += 1;
		expect(runEvent(context, staticData, `e:${SEEN_MAX}`)).toBe(true);
		expect(runEvent(context, staticData, 'e:1')).toBe(false);
		expect(runEvent(context, staticData, 'e:0')).toBe(true);
	});

	it(`refuses a repeat for ${SEEN_DAYS} days, and runs it after`, () => {
		const context = node();
		const staticData: IDataObject = {};
		expect(runEvent(context, staticData, 'e:old')).toBe(true);
		time += SEEN_DAYS * DAY - 1;
		expect(runEvent(context, staticData, 'e:old')).toBe(false);
		time += 2;
		expect(runEvent(context, staticData, 'e:new')).toBe(true);
		expect(runEvent(context, staticData, 'e:old')).toBe(true);
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
		expect(runEvent(context, saved, 'e:before-restart')).toBe(false);
		expect(runEvent(context, saved, 'e:now')).toBe(true);
		// n8n hands the next delivery a copy from before that run (it did not save after the execution),
		// once as it was and once as another writer re-saved it.
		const asBefore: IDataObject = { ...saved, seen: { 'e:before-restart': time } };
		expect(runEvent(context, asBefore, 'e:now')).toBe(false);
		const stale: IDataObject = {
			mark: 'another-process:8',
			seen: { 'e:before-restart': time },
			rec: 5,
		};
		expect(runEvent(context, stale, 'e:now')).toBe(false);
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
		const keys = Array.from(
			{ length: SEEN_MAX },
			(_, i) => `item.received:RecNo:${i}:${'x'.repeat(60)}`,
		);
		for (const key of keys) {
			time += 1;
			runEvent(context, staticData, key);
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
		expect(runEvent(context, saved, 'e:old')).toBe(false);
		expect(runEvent(context, saved, 'e:new')).toBe(true);
		expect(typeof saved.seen).toBe('string');
		expect(remembers(saved, ['e:old', 'e:new'])).toEqual([true, true]);
		// A restart keeps when each ran (to the minute): e:old is forgotten when its 7 days are up.
		time += 5 * DAY;
		const afterRestart = node();
		const restarted = recall(afterRestart, { ...saved, mark: 'a-restart:2' });
		expect(restarted.ran.has('e:old')).toBe(true);
		time += DAY;
		expect(runEvent(afterRestart, saved, 'e:newer')).toBe(true);
		expect(restarted.ran.has('e:old')).toBe(false);
		expect(restarted.ran.has('e:new')).toBe(true);
	});
});

/** What n8n writes to its database when it saves a copy of static data (TypeORM JSON-serialises it). */
const save = (copy: IDataObject): IDataObject => JSON.parse(JSON.stringify(copy)) as IDataObject;

/** webhook() for one event: claims its key and returns the execution's item, tagged. */
function deliver(entry: Live, key: string, token = newToken()): INodeExecutionData {
	expect(stateOf(entry, key)).toBe('new');
	claim(entry, key, token);
	const item: INodeExecutionData = { json: { key } };
	tag(item, key, token);
	return item;
}

describe('saved with the executions that ran', () => {
	it("never saves a key whose execution has not reached its save, whichever execution's save comes first", () => {
		const context = node();
		const database: IDataObject = {};
		const entry = recall(context, database);
		const a = deliver(entry, 'e:a');
		const b = deliver(entry, 'e:b');
		// Each execution runs on its own fresh copy from the database and starts at the trigger's execute().
		const copyA = { ...database };
		const copyB = { ...database };
		expect(runsOnce(context, copyA, [a])).toEqual([{ json: { key: 'e:a' } }]);
		expect(runsOnce(context, copyB, [b])).toEqual([{ json: { key: 'e:b' } }]);
		// B ends first: its save holds e:b and not e:a, which is still running (a kill now must not lose it).
		const afterB = save(copyB);
		expect(remembers(afterB, ['e:a', 'e:b'])).toEqual([false, true]);
		expect(stateOf(entry, 'e:a')).toBe('running');
		expect(stateOf(entry, 'e:b')).toBe('ran');
		// A ends later, from a copy read before B saved: its save keeps B's key (no lost update).
		const afterA = save(copyA);
		expect(remembers(afterA, ['e:a', 'e:b'])).toEqual([true, true]);
		expect(stateOf(entry, 'e:a')).toBe('ran');
	});

	it('answers a copy of a running event "running", and a claim that never saved ends after CLAIM_MS', () => {
		const entry = recall(node(), {});
		deliver(entry, 'e:stuck');
		expect(stateOf(entry, 'e:stuck')).toBe('running');
		time += CLAIM_MS - 1;
		expect(stateOf(entry, 'e:stuck')).toBe('running');
		time += 1;
		expect(stateOf(entry, 'e:stuck')).toBe('new');
	});

	it("an execution a check started runs nothing a delivery's execution holds, and records its own at its save", () => {
		const context = node('trigger');
		const entry = recall(context, {});
		deliver(entry, 'e:held');
		// The check claimed e:other for its execution (healing.ts); its items carry the check's token.
		const items = [deliver(entry, 'e:other', 'check-token'), { json: { key: 'e:held' } }];
		tag(items[1], 'e:held', 'check-token');
		const copy: IDataObject = {};
		expect(runsOnce(context, copy, items)).toEqual([{ json: { key: 'e:other' } }]);
		expect(stateOf(entry, 'e:other')).toBe('running');
		expect(remembers(save(copy), ['e:other', 'e:held'])).toEqual([true, false]);
		expect(stateOf(entry, 'e:held')).toBe('running');
	});

	it('an execution n8n resumes after a restart runs nothing that ran meanwhile or that another delivery holds', () => {
		const context = node();
		const entry = recall(context, {});
		// After the restart: the service's retry of e:1 was delivered first (its execution holds it), e:3
		// ran already; the resumed execution still carries its own tags from before the kill.
		deliver(entry, 'e:1');
		const copyOf3: IDataObject = {};
		expect(runsOnce(context, copyOf3, [deliver(entry, 'e:3')])).toHaveLength(1);
		save(copyOf3);
		const resumed: INodeExecutionData[] = [
			{ json: { key: 'e:1' } },
			{ json: { key: 'e:3' } },
			{ json: { key: 'e:4' } },
		];
		tag(resumed[0], 'e:1', 'token-before-the-kill');
		tag(resumed[1], 'e:3', 'token-before-the-kill');
		tag(resumed[2], 'e:4', 'token-before-the-kill');
		const copy: IDataObject = {};
		expect(runsOnce(context, copy, resumed)).toEqual([{ json: { key: 'e:4' } }]);
		expect(stateOf(entry, 'e:4')).toBe('running');
		save(copy);
		expect(stateOf(entry, 'e:4')).toBe('ran');
	});

	it('passes untagged items as they are and writes nothing for them', () => {
		const copy: IDataObject = {};
		const items = [{ json: { event: 'test' } }];
		expect(runsOnce(node(), copy, items)).toBe(items);
		expect(copy).toEqual({});
	});

	it('writes no bookkeeping where the trigger was not activated (a queue-mode worker): only what ran', () => {
		const context = node();
		const first: IDataObject = { rec: 7, mark: 'main:1' };
		const item = (key: string): INodeExecutionData => {
			const tagged: INodeExecutionData = { json: {} };
			tag(tagged, key, 'webhook-processor-token');
			return tagged;
		};
		runsOnce(context, first, [item('e:w1')]);
		// Later the main process re-created the subscription (rec 8); the worker's next execution keeps that.
		const later: IDataObject = { ...save(first), rec: 8, mark: 'main:2' };
		runsOnce(context, later, [item('e:w2')]);
		const saved = save(later);
		expect(saved.rec).toBe(8);
		expect(remembers(saved, ['e:w1', 'e:w2'])).toEqual([true, true]);
	});
});

/** n8n's response to one delivery: sent later, with a status ('finish' once it is sent). */
class Response {
	statusCode = 200;
	private sent?: () => void;

	once(_event: 'finish', listener: () => void): this {
		this.sent = listener;
		return this;
	}

	send(status: number): void {
		this.statusCode = status;
		this.sent?.();
	}
}

describe("a webhook process's claims end with n8n's answer (queue mode: the run is a worker's)", () => {
	it('a 2xx answer: the event ran here too; a retry is a repeat', () => {
		const entry = recall(node(), {});
		const token = newToken();
		const response = new Response();
		deliver(entry, 'e:ok', token);
		releaseOnAnswer(response, entry, ['e:ok'], token);
		expect(stateOf(entry, 'e:ok')).toBe('running');
		response.send(200);
		expect(stateOf(entry, 'e:ok')).toBe('ran');
	});

	it('a 500 (the worker died and Bull gave its job up): the claim ends, the retry runs at once', () => {
		const entry = recall(node(), {});
		const token = newToken();
		const response = new Response();
		deliver(entry, 'e:worker-died', token);
		releaseOnAnswer(response, entry, ['e:worker-died'], token);
		response.send(500);
		expect(stateOf(entry, 'e:worker-died')).toBe('new');
	});

	it("leaves another delivery's claim and what a save recorded alone", () => {
		const context = node();
		const entry = recall(context, {});
		const first = newToken();
		const response = new Response();
		deliver(entry, 'e:taken-over', first);
		releaseOnAnswer(response, entry, ['e:taken-over'], first);
		// The first claim ran out (CLAIM_MS) and a retry holds the event now: the late answer is not its.
		time += CLAIM_MS;
		const retry = deliver(entry, 'e:taken-over');
		response.send(500);
		expect(stateOf(entry, 'e:taken-over')).toBe('running');
		// Regular mode: the save came first (atSave), then the answer; a 500 there does not undo the save.
		const copy: IDataObject = {};
		runsOnce(context, copy, [retry]);
		save(copy);
		const second = new Response();
		releaseOnAnswer(second, entry, ['e:taken-over'], 'another-token');
		second.send(500);
		expect(stateOf(entry, 'e:taken-over')).toBe('ran');
	});
});
