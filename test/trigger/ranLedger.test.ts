// The memory of what ran (nodes/shared/ranLedger.ts) at its edges: the count and the days the README
// promises, a saved copy merged in and never written over what this process knows, and what a save of
// an execution's static data writes: that execution's ids, at that save and not before (issue 43).

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import {
	CARRIED,
	carry,
	holdNodeData,
	keepIn,
	KEEP_DAYS,
	KEEP_MAX,
	Ledger,
	ledgerOf,
	ledgerSeam,
	markAtSave,
	markItems,
	notedWhereRan,
	storedCount,
	withoutCarried,
} from '../../nodes/shared/ranLedger';

const DAY = 86_400_000;
const time = Date.UTC(2031, 0, 1);
let workflows = 0;

beforeAll(() => ledgerSeam.useClock(() => time));

/** A context of a node of its own workflow, with static data as n8n hands it out (node and global parts). */
function context(staticData: IDataObject = {}, workflowId = `ledger-wf-${++workflows}`) {
	return {
		staticData,
		getWorkflow: () => ({ id: workflowId }),
		getNode: () => ({ id: `node-of-${workflowId}`, name: 'Changes' }),
		getWorkflowStaticData(type: string): IDataObject {
			const key = type === 'global' ? 'global' : 'node:Changes';
			return (staticData[key] ??= {}) as IDataObject;
		},
	};
}

/** What n8n writes to its database: the static data serialised (toJSON runs here). */
const save = (staticData: IDataObject) => JSON.parse(JSON.stringify(staticData)) as IDataObject;
const slotOf = (saved: IDataObject) =>
	(saved.global as IDataObject | undefined)?.['inventoryPro:Changes'];

describe('the ledger', () => {
	it(`keeps ${KEEP_MAX} ids, the oldest forgotten first`, () => {
		const ledger = new Ledger();
		for (let i = 0; i <= KEEP_MAX; i++) ledger.add([`id-${i}`], time);
		expect(ledger.size).toBe(KEEP_MAX);
		expect(ledger.has('id-0')).toBe(false);
		expect(ledger.has('id-1')).toBe(true);
		expect(ledger.has(`id-${KEEP_MAX}`)).toBe(true);
	});

	it(`keeps an id ${KEEP_DAYS} days, then forgets it`, () => {
		const ledger = new Ledger();
		ledger.add(['old'], time);
		ledger.add(['new'], time + KEEP_DAYS * DAY - 60_000);
		expect(ledger.has('old')).toBe(true);
		ledger.add(['newest'], time + KEEP_DAYS * DAY);
		expect(ledger.has('old')).toBe(false);
		expect(ledger.has('new')).toBe(true);
	});

	it(`holds ${KEEP_MAX} ids in one string of 17 characters each, which a new process reads back whole`, () => {
		const ledger = new Ledger();
		for (let i = 0; i < KEEP_MAX; i++) ledger.add([`e-${i}`], time);
		const text = ledger.text();
		expect(text.length).toBe(KEEP_MAX * 17);
		const read = new Ledger();
		read.merge(text);
		expect(read.size).toBe(KEEP_MAX);
		expect(read.has('e-0') && read.has(`e-${KEEP_MAX - 1}`)).toBe(true);
	});

	it('merges a saved copy into what this process knows, never dropping what it knows', () => {
		const mine = new Ledger();
		mine.add(['a', 'b'], time);
		const theirs = new Ledger();
		theirs.add(['c'], time);
		mine.merge(theirs.text());
		mine.merge('');
		expect(['a', 'b', 'c'].map((id) => mine.has(id))).toEqual([true, true, true]);
	});

	it('an id forgotten as the ledger filled stays forgotten when an older copy is merged', () => {
		const [ledger, elsewhere] = [new Ledger(), new Ledger()];
		for (let i = 0; i < KEEP_MAX; i++) {
			ledger.add([`e-${i}`], time + i * 60_000);
			elsewhere.add([`e-${i}`], time + i * 60_000);
		}
		ledger.add(['newest'], time + KEEP_MAX * 60_000);
		expect(ledger.has('e-0')).toBe(false);
		// Written by another process before this one forgot e-0 (one this process wrote is not even read).
		ledger.merge(elsewhere.text());
		expect(ledger.has('e-0')).toBe(false);
		expect(ledger.size).toBe(KEEP_MAX);
	});

	it('its text, kept as ids come, go and come again, is the one a new process reads back', () => {
		const ledger = new Ledger();
		for (let i = 0; i < KEEP_MAX + 3; i++) ledger.add([`e-${i}`], time + i * 60_000);
		ledger.add(['e-10', 'e-4000'], time + (KEEP_MAX + 3) * 60_000);
		ledger.add(['later'], time + (KEEP_MAX + 4) * 60_000);
		const read = new Ledger();
		read.merge(ledger.text());
		expect(read.text()).toBe(ledger.text());
		expect(['e-3', 'e-4', 'e-10', 'e-4000', 'later'].map((id) => read.has(id))).toEqual([
			false,
			true,
			true,
			true,
			true,
		]);
	});
});

describe('written by n8n’s save of the execution that ran them', () => {
	it("an execution's ids enter the memory when n8n serialises its static data, not when it marks them", () => {
		const running = context();
		markAtSave(running, ['event-1']);
		expect(ledgerOf(running).has('event-1')).toBe(false);
		const saved = save(running.staticData);
		expect(ledgerOf(running).has('event-1')).toBe(true);
		expect(storedCount(slotOf(saved))).toBe(1);
	});

	it('an execution killed before its save leaves nothing; the save of another writes what this process knows', () => {
		const workflowId = `ledger-wf-${++workflows}`;
		const first = context({}, workflowId);
		const killed = context({}, workflowId);
		const later = context({}, workflowId);
		markAtSave(first, ['ran']);
		markAtSave(killed, ['cut']);
		markAtSave(later, ['also-ran']);
		save(first.staticData);
		// `killed` never reaches its save; `later`'s save (its copy older than `first`'s) writes both that ran.
		const saved = save(later.staticData);
		const fresh = new Ledger();
		fresh.merge(slotOf(saved));
		expect([fresh.has('ran'), fresh.has('also-ran'), fresh.has('cut')]).toEqual([
			true,
			true,
			false,
		]);
	});

	it("a poll's emit writes the memory first, so its save never carries an older copy", () => {
		const workflowId = `ledger-wf-${++workflows}`;
		const execution = context({}, workflowId);
		markAtSave(execution, ['x']);
		save(execution.staticData);
		const poll = context({ global: { 'inventoryPro:Changes': '' } }, workflowId);
		keepIn(poll);
		expect(storedCount(slotOf(save(poll.staticData)))).toBe(1);
	});

	it("takes the trigger's live node data rather than an older copy; without it, a stale copy marks nothing", () => {
		const workflowId = `ledger-wf-${++workflows}`;
		const live = { pollState: { cursor: 'after the batch' } };
		const poll = context({}, workflowId);
		holdNodeData(poll, live);
		const execution = context({ 'node:Changes': { pollState: { cursor: 'before' } } }, workflowId);
		expect(markAtSave(execution, ['y'], { stale: () => true })).toBe(true);
		expect(save(execution.staticData)['node:Changes']).toEqual(live);

		holdNodeData(poll, undefined);
		const worker = context({ 'node:Changes': { pollState: { cursor: 'before' } } }, workflowId);
		expect(markAtSave(worker, ['z'], { stale: () => true })).toBe(false);
		expect(slotOf(save(worker.staticData))).toBeUndefined();
	});

	it('a queue-mode worker (no static data) takes what the emit carried; the items go on without it', () => {
		const workflowId = `ledger-wf-${++workflows}`;
		const poll = context(
			{
				global: { other: 'kept', 'inventoryPro:Changes': '' },
				'node:Changes': { cursor: 'after' },
			},
			workflowId,
		);
		markAtSave(poll, ['ran-before']);
		save(poll.staticData);
		keepIn(poll);
		const items: INodeExecutionData[] = [{ json: { id: 1 } }, { json: { id: 2 } }];
		carry(poll, items, poll.getWorkflowStaticData('node'), poll.getWorkflowStaticData('global'));
		ledgerSeam.forget(); // the worker: another process

		const worker = context({}, workflowId);
		const stale = (copy: IDataObject) => copy.cursor !== 'after';
		expect(markAtSave(worker, ['batch'], { stale, carried: items[0][CARRIED] })).toBe(true);
		const saved = save(worker.staticData);
		expect(saved['node:Changes']).toEqual({ cursor: 'after' });
		expect((saved.global as IDataObject).other).toBe('kept');
		expect(storedCount(slotOf(saved))).toBe(2);
		expect(withoutCarried(items)).toEqual([{ json: { id: 1 } }, { json: { id: 2 } }]);
		expect(CARRIED in items[0]).toBe(true);

		// Without it, a worker marks nothing: its save would replace the workflow's static data.
		expect(markAtSave(context({}, workflowId), ['batch'], { stale })).toBe(false);
	});

	it("a delivery's execution on a worker keeps the book it carried, and without it saves nothing", () => {
		const workflowId = `ledger-wf-${++workflows}`;
		const hook = context({ 'node:Changes': { rec: 7, owed: [] } }, workflowId);
		const items = carry(hook, [{ json: { eventId: 'e1' } }], hook.getWorkflowStaticData('node'));
		ledgerSeam.forget();

		const worker = context({}, workflowId);
		expect(markItems(worker, items, ['e1'], {})).toEqual([{ json: { eventId: 'e1' } }]);
		const saved = save(worker.staticData);
		expect(saved['node:Changes']).toEqual({ rec: 7, owed: [] });
		expect(storedCount(slotOf(saved))).toBe(1);

		const bare = context({}, workflowId);
		markItems(bare, [{ json: { eventId: 'e2' } }], ['e2'], {});
		expect(slotOf(save(bare.staticData))).toBeUndefined();
	});

	it('carries nothing once a run of the node came back from this process (no queue job)', () => {
		const workflowId = `ledger-wf-${++workflows}`;
		const poll = context({}, workflowId);
		const items = () => [{ json: {} }] as Array<{ json: IDataObject; [key: string]: unknown }>;
		const queued = items();
		notedWhereRan(poll, { status: 'success', jobId: '7' } as never);
		carry(poll, queued as never, {});
		expect(CARRIED in queued[0]).toBe(true);
		const here = items();
		notedWhereRan(poll, { status: 'success' } as never);
		carry(poll, here as never, {});
		expect(CARRIED in here[0]).toBe(false);
	});

	it('writes a note beside the ids when asked, computed at the save', () => {
		let settled = 1;
		const running = context();
		markAtSave(running, ['n'], { note: () => ({ settledAt: settled }) });
		settled = 2;
		expect(slotOf(save(running.staticData))).toEqual({
			settledAt: 2,
			ran: expect.any(String) as string,
		});
	});
});
