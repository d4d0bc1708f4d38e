/**
 * The poll triggers when n8n is killed (nodes/shared/redelivery.ts): a batch whose execution did not end
 * comes again at the next start, a batch whose execution ended does not. The harness runs each emit as an
 * execution the way n8n does (static data read at its start, saved at its end, the emit's donePromise
 * settled with its run) and `kill()` drops the executions still running, as a SIGKILL does; `restart()`
 * is a graceful stop (executions ran), in a new process. In queue mode the executions run on a worker
 * (the package loaded again, its memory its own) and main learns of their end only from the donePromise.
 */
import type { IDataObject } from 'n8n-workflow';

import { ManualClock, type Sandbox } from '../../sandbox';
import type { StockLevel } from '../../sandbox/records';
import { stockLevels } from '../../sandbox/stockLevels';
import { startHarness, type Harness } from '../harness';
import type { Poller } from '../harness/pollTrigger';
import { DEMO, SandboxClient } from '../support/sandboxClient';
import { lowStockPollerFor, pollerFor } from './setup';
import { MAX_UNCONFIRMED } from '../../nodes/shared/redelivery';

jest.setTimeout(60_000);

let h: Harness;
let sandbox: Sandbox;
let clock: ManualClock;
let writer: SandboxClient;

beforeAll(async () => {
	clock = new ManualClock('2031-03-02T09:00:00.000Z');
	h = await startHarness({ sandbox: { clock, rateLimitPerMinute: 1_000_000 } });
	sandbox = h.sandbox;
	writer = new SandboxClient(sandbox, DEMO);
});

afterAll(async () => await h?.stop());
afterEach(() => sandbox.clearFaults());

let serial = 0;
async function createItems(count: number): Promise<string[]> {
	const made: string[] = [];
	for (let i = 0; i < count; i++) {
		clock.advance(1_000);
		const itemID = `KILL-${++serial}`;
		const answer = await writer.post('/Item', { itemID, description: 'kill test' });
		if (answer.status !== 201) throw new Error(`POST /Item: ${answer.status}`);
		made.push(itemID);
	}
	return made;
}

const ids = (items: IDataObject[] | undefined) => (items ?? []).map((item) => item.shortID);
const unconfirmed = (poller: Poller, where: 'saved' | 'memory' = 'memory') => {
	const data = where === 'saved' ? poller.saved : poller.memory();
	const node = data['node:Changes'] as IDataObject | undefined;
	return ((node?.delivery as IDataObject | undefined)?.unconfirmed ?? []) as IDataObject[];
};

async function changesTrigger(): Promise<Poller> {
	const poller = pollerFor(h, { watch: 'item.listAll' });
	expect((await poller.activate()).error).toBeUndefined();
	for (let i = 0; i < 3 && (await poller.tick()).emitted; i++);
	expect((await poller.tick()).emitted).toBeUndefined();
	return poller;
}

describe('Changes Trigger killed', () => {
	it('during the execution a poll started: the batch comes again at the start, once, with the same id and Modified', async () => {
		const poller = await changesTrigger();
		const made = await createItems(3);
		poller.holdExecutions = true;
		const batch = (await poller.tick()).emitted!;
		expect(ids(batch)).toEqual(made);
		// n8n saved the cursor past the batch with the emit, and the batch as unconfirmed beside it.
		expect(unconfirmed(poller, 'saved')).toHaveLength(1);

		poller.kill();
		poller.holdExecutions = false;
		const again = (await poller.activate()).emitted!;
		expect(again.map((r) => [r.shortID, r.modified])).toEqual(
			batch.map((r) => [r.shortID, r.modified]),
		);
		expect(poller.ran).toContainEqual(again);
		expect((await poller.tick()).emitted).toBeUndefined();
		poller.restart();
		expect((await poller.activate()).emitted).toBeUndefined();
	});

	it('during a poll (before its emit was saved): the changes come at the start', async () => {
		const poller = await changesTrigger();
		const made = await createItems(2);
		sandbox.failNext('item.listAll', 'internal_error', 1);
		expect((await poller.tick()).error).toBeDefined();
		poller.kill();
		expect(ids((await poller.activate()).emitted)).toEqual(made);
		expect((await poller.tick()).emitted).toBeUndefined();
	});

	it('right after the execution ended: nothing comes again', async () => {
		const poller = await changesTrigger();
		const made = await createItems(2);
		poller.holdExecutions = true;
		expect(ids((await poller.tick()).emitted)).toEqual(made);
		await poller.runHeld();
		expect(poller.ran.at(-1)!.map((r) => r.shortID)).toEqual(made);

		poller.kill();
		poller.holdExecutions = false;
		expect((await poller.activate()).emitted).toBeUndefined();
		expect((await poller.tick()).emitted).toBeUndefined();
	});

	it('two batches, the first ran and the second did not: from the second on, nothing older', async () => {
		const poller = await changesTrigger();
		poller.holdExecutions = true;
		const first = await createItems(2);
		expect(ids((await poller.tick()).emitted)).toEqual(first);
		const second = await createItems(2);
		expect(ids((await poller.tick()).emitted)).toEqual(second);
		await poller.runHeld(1);

		poller.kill();
		poller.holdExecutions = false;
		expect(ids((await poller.activate()).emitted)).toEqual(second);
	});

	it('an execution that read the static data from before its emit (n8n races the two) still confirms its batch, and takes nothing back', async () => {
		const poller = await changesTrigger();
		poller.staleReads = true;
		const made = await createItems(2);
		expect(ids((await poller.tick()).emitted)).toEqual(made);
		expect(poller.ran.at(-1)!.map((r) => r.shortID)).toEqual(made);
		poller.kill();
		poller.staleReads = false;
		expect((await poller.activate()).emitted).toBeUndefined();
		const later = await createItems(1);
		expect(ids((await poller.tick()).emitted)).toEqual(later);
	});

	it('a graceful stop (every execution ran): nothing comes again, and the unconfirmed list stays short', async () => {
		const poller = await changesTrigger();
		for (let i = 0; i < MAX_UNCONFIRMED + 2; i++) {
			await createItems(1);
			expect((await poller.tick()).emitted).toHaveLength(1);
			// The executions confirmed in this process: the poller drops them at its next poll.
			expect(unconfirmed(poller).length).toBeLessThanOrEqual(1);
		}
		poller.restart();
		expect((await poller.activate()).emitted).toBeUndefined();
	});
});

describe("Changes Trigger in queue mode (main learns of a batch only from its execution's end)", () => {
	async function queued(): Promise<Poller> {
		const poller = await changesTrigger();
		poller.queueMode = true;
		return poller;
	}

	it('several batches ran on a worker, then main stops gracefully: nothing comes again, and main saves a short list', async () => {
		const poller = await queued();
		for (let i = 0; i < 4; i++) {
			const made = await createItems(1);
			expect(ids((await poller.tick()).emitted)).toEqual(made);
			// Main's emit saves the list without the batches whose executions ended.
			expect(unconfirmed(poller, 'saved')).toHaveLength(1);
		}
		expect(poller.ran).toHaveLength(4);
		poller.restart();
		expect((await poller.activate()).emitted).toBeUndefined();
		expect((await poller.tick()).emitted).toBeUndefined();
	});

	it('a worker killed while it runs the batch: the next poll emits it again without a restart, and it runs once', async () => {
		const poller = await queued();
		const made = await createItems(2);
		poller.holdExecutions = true;
		const batch = (await poller.tick()).emitted!;
		expect(ids(batch)).toEqual(made);
		poller.stall();
		poller.holdExecutions = false;

		const again = (await poller.tick()).emitted!;
		expect(again.map((r) => [r.shortID, r.modified])).toEqual(
			batch.map((r) => [r.shortID, r.modified]),
		);
		expect(poller.ran).toEqual([again]);
		expect((await poller.tick()).emitted).toBeUndefined();
		poller.restart();
		expect((await poller.activate()).emitted).toBeUndefined();
	});

	it('n8n could not start the execution: the next poll emits the batch again', async () => {
		const poller = await queued();
		const made = await createItems(1);
		poller.failStarts = true;
		expect(ids((await poller.tick()).emitted)).toEqual(made);
		poller.failStarts = false;
		expect(ids((await poller.tick()).emitted)).toEqual(made);
		expect(poller.ran.map(ids)).toEqual([made]);
		expect((await poller.tick()).emitted).toBeUndefined();
	});

	it('an execution whose workflow failed after the trigger counts as run: not emitted again', async () => {
		const poller = await queued();
		await createItems(1);
		poller.holdExecutions = true;
		expect((await poller.tick()).emitted).toHaveLength(1);
		await poller.runHeld(1, { failingAt: 'Send Email' });
		poller.holdExecutions = false;
		expect((await poller.tick()).emitted).toBeUndefined();
		expect(unconfirmed(poller)).toEqual([]);
	});

	it('an execution a person stopped does not come again at the next poll', async () => {
		const poller = await queued();
		await createItems(1);
		poller.holdExecutions = true;
		expect((await poller.tick()).emitted).toHaveLength(1);
		poller.cancel();
		poller.holdExecutions = false;
		expect((await poller.tick()).emitted).toBeUndefined();
		expect(unconfirmed(poller)).toEqual([]);
	});

	it('deactivated and activated again while the execution runs: not emitted again; confirmed when it ends', async () => {
		const poller = await queued();
		const made = await createItems(1);
		poller.holdExecutions = true;
		expect(ids((await poller.tick()).emitted)).toEqual(made);
		poller.reactivate();
		expect((await poller.activate()).emitted).toBeUndefined();
		await poller.runHeld();
		poller.holdExecutions = false;
		expect(poller.ran.map(ids)).toEqual([made]);
		expect((await poller.tick()).emitted).toBeUndefined();
		expect(unconfirmed(poller)).toEqual([]);
	});

	it('killed whole (main and workers) while the batch runs: the first poll after the start emits it again', async () => {
		const poller = await queued();
		const made = await createItems(2);
		poller.holdExecutions = true;
		expect(ids((await poller.tick()).emitted)).toEqual(made);
		poller.kill();
		poller.holdExecutions = false;
		expect(ids((await poller.activate()).emitted)).toEqual(made);
		expect(poller.ran.map(ids)).toEqual([made]);
		expect((await poller.tick()).emitted).toBeUndefined();
	});
});

describe("on n8n's durable scheduler (durable cursors: the poll's state is n8n's cursor, committed with the emit)", () => {
	async function durable(): Promise<Poller> {
		const poller = pollerFor(h, { watch: 'item.listAll' });
		poller.durable = true;
		expect((await poller.activate()).error).toBeUndefined();
		for (let i = 0; i < 3 && (await poller.tick()).emitted; i++);
		expect((await poller.tick()).emitted).toBeUndefined();
		return poller;
	}
	const kept = (poller: Poller) =>
		((poller.cursor?.delivery as IDataObject | undefined)?.unconfirmed ?? []) as IDataObject[];

	it('killed during the execution: the batch comes again at the start, once', async () => {
		const poller = await durable();
		const made = await createItems(3);
		poller.holdExecutions = true;
		const batch = (await poller.tick()).emitted!;
		expect(ids(batch)).toEqual(made);
		// Committed with the execution: the cursor past the batch, the batch kept beside it.
		expect(kept(poller)).toHaveLength(1);
		poller.kill();
		poller.holdExecutions = false;
		expect(ids((await poller.activate()).emitted)).toEqual(made);
		expect((await poller.tick()).emitted).toBeUndefined();
		poller.restart();
		expect((await poller.activate()).emitted).toBeUndefined();
	});

	it('killed right after the execution was saved (before the next poll): nothing comes again', async () => {
		const poller = await durable();
		const made = await createItems(2);
		poller.holdExecutions = true;
		expect(ids((await poller.tick()).emitted)).toEqual(made);
		await poller.runHeld();
		// The next poll has not committed that the batch ran: n8n's cursor still keeps it.
		expect(kept(poller)).toHaveLength(1);
		poller.kill();
		poller.holdExecutions = false;
		expect((await poller.activate()).emitted).toBeUndefined();
		expect((await poller.tick()).emitted).toBeUndefined();
		expect(poller.ran.map(ids)).toEqual([made]);
	});

	it('stopped gracefully after several batches ran: nothing comes again', async () => {
		const poller = await durable();
		for (let i = 0; i < 3; i++) {
			await createItems(1);
			expect((await poller.tick()).emitted).toHaveLength(1);
		}
		poller.restart();
		expect((await poller.activate()).emitted).toBeUndefined();
		expect((await poller.tick()).emitted).toBeUndefined();
	});

	it('two batches, the first ran and the second did not: only the second comes again', async () => {
		const poller = await durable();
		poller.holdExecutions = true;
		const first = await createItems(2);
		expect(ids((await poller.tick()).emitted)).toEqual(first);
		const second = await createItems(2);
		expect(ids((await poller.tick()).emitted)).toEqual(second);
		await poller.runHeld(1);
		poller.kill();
		poller.holdExecutions = false;
		expect(ids((await poller.activate()).emitted)).toEqual(second);
		expect((await poller.tick()).emitted).toBeUndefined();
	});

	it('killed during a poll: nothing was committed, the changes come at the start', async () => {
		const poller = await durable();
		const made = await createItems(2);
		sandbox.failNext('item.listAll', 'internal_error', 1);
		expect((await poller.tick()).error).toBeDefined();
		poller.kill();
		expect(ids((await poller.activate()).emitted)).toEqual(made);
		expect((await poller.tick()).emitted).toBeUndefined();
	});
});

// ——— Low Stock ———

const used = new Set<string>();
function freshPair(): StockLevel {
	const { store } = sandbox;
	const pair = stockLevels(store).find(
		(l) =>
			!used.has(l.shortID) &&
			l.min > 0 &&
			l.units >= l.min + 10 &&
			!store.items.get(l.partNo)!.discontinued &&
			store
				.lots(l.partNo, l.wID)
				.every((lot) => !lot.hold && !store.location(l.wID, lot.spot)!.hold),
	);
	if (!pair) throw new Error('no stocked pair left');
	used.add(pair.shortID);
	return pair;
}
async function drop(pair: StockLevel): Promise<void> {
	const now = stockLevels(sandbox.store).find(
		(l) => l.partNo === pair.partNo && l.wID === pair.wID,
	)!;
	const answer = await writer.post('/Inventory/Issue', {
		itemID: pair.shortID,
		wID: pair.wID,
		units: now.units - (pair.min - 1),
	});
	if (answer.status !== 201) throw new Error(`Issue: ${answer.status}`);
}

async function lowStockTrigger(): Promise<Poller> {
	const poller = lowStockPollerFor(h, { options: { emitRestocked: true } });
	expect((await poller.activate()).error).toBeUndefined();
	for (let i = 0; i < 3 && (await poller.tick()).emitted; i++);
	expect((await poller.tick()).emitted).toBeUndefined();
	return poller;
}

describe('Low Stock Trigger killed', () => {
	it('during the execution: the alert comes again at the start, the same item with the same alertId', async () => {
		const poller = await lowStockTrigger();
		const pair = freshPair();
		await drop(pair);
		poller.holdExecutions = true;
		const alert = (await poller.tick()).emitted!;
		expect(alert.map((a) => `${String(a.wID)}:${String(a.shortID)}`)).toEqual([
			`${pair.wID}:${pair.shortID}`,
		]);

		poller.kill();
		poller.holdExecutions = false;
		// The item is still low and remembered as alerted: only the redelivery brings it back.
		expect((await poller.activate()).emitted).toEqual(alert);
		expect(poller.ran.at(-1)).toEqual(alert);
		expect((await poller.tick()).emitted).toBeUndefined();
		poller.restart();
		expect((await poller.activate()).emitted).toBeUndefined();
	});

	it('right after the execution ended: nothing comes again', async () => {
		const poller = await lowStockTrigger();
		const pair = freshPair();
		await drop(pair);
		poller.holdExecutions = true;
		expect((await poller.tick()).emitted).toHaveLength(1);
		await poller.runHeld();
		poller.kill();
		poller.holdExecutions = false;
		expect((await poller.activate()).emitted).toBeUndefined();
	});

	it('an execution that read the static data from before its emit: killed after it, nothing comes again', async () => {
		const poller = await lowStockTrigger();
		poller.staleReads = true;
		const pair = freshPair();
		await drop(pair);
		expect((await poller.tick()).emitted).toHaveLength(1);
		poller.kill();
		poller.staleReads = false;
		expect((await poller.activate()).emitted).toBeUndefined();
		expect((await poller.tick()).emitted).toBeUndefined();
	});

	it('a start-up poll that fails keeps the batch: the next poll emits it again', async () => {
		const poller = await lowStockTrigger();
		const pair = freshPair();
		await drop(pair);
		poller.holdExecutions = true;
		const alert = (await poller.tick()).emitted!;
		poller.kill();
		poller.holdExecutions = false;
		sandbox.failNext('inventory.stockLevels', 'internal_error', 1);
		// Logged, not reported (see startup.ts): the schedule stays, the next poll reads again.
		expect(await poller.activate()).toEqual({ emitted: undefined });
		expect((await poller.tick()).emitted).toEqual(alert);
	});
});

describe('Low Stock Trigger in queue mode', () => {
	it('a worker killed while it runs the alert: the next poll emits it again, the same item with the same alertId', async () => {
		const poller = await lowStockTrigger();
		poller.queueMode = true;
		const pair = freshPair();
		await drop(pair);
		poller.holdExecutions = true;
		const alert = (await poller.tick()).emitted!;
		expect(alert).toHaveLength(1);
		poller.stall();
		poller.holdExecutions = false;
		expect((await poller.tick()).emitted).toEqual(alert);
		expect(poller.ran).toEqual([alert]);
		expect((await poller.tick()).emitted).toBeUndefined();
		poller.restart();
		expect((await poller.activate()).emitted).toBeUndefined();
	});

	it('alerts that ran on a worker do not come again after a graceful restart of main', async () => {
		const poller = await lowStockTrigger();
		poller.queueMode = true;
		for (let i = 0; i < 3; i++) {
			await drop(freshPair());
			expect((await poller.tick()).emitted).toHaveLength(1);
		}
		expect(poller.ran).toHaveLength(3);
		poller.restart();
		expect((await poller.activate()).emitted).toBeUndefined();
	});
});
