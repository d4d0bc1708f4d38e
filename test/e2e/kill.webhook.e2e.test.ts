// The webhook trigger when n8n 2.41.1 is killed (issues 37, 43), on the rig and at the moments of
// support/killWebhook.ts (shared with kill.webhook.compat.test.ts, the compatibility subset's 1.x): SIGKILL
// before the answer, then in a burst of 24 with 8 saved, 15 mid-run and 1 after its last node. The trigger
// answers a delivery as soon as n8n holds its execution. Then SIGTERM with runs in flight: they finish
// within n8n's grace, and nothing runs twice.
//
// First, catch-up: events a check recovers run one at a time, each an execution of its own, and count as
// run only when that execution is saved. A second workflow's subscription is deleted out of band, items are
// created meanwhile, and the next check re-creates it and runs the three item.created events: n8n is
// killed while the first is held at "start", then while the first check after the start has it held at
// "done" (its effect happened, n8n has not saved), then right after all three saved.

import type { Page } from '../../sandbox/lists';
import type { SubscriptionView as Subscription } from '../../sandbox/webhooks/subscription';

import { Gate } from './support/gate';
import {
	burstTitle,
	gatedWorkflow,
	killedBeforeTheAnswer,
	killedInABurst,
	killWebhookRig,
	MINUTE,
	type Burst,
} from './support/killWebhook';
import { until } from './support/wait';

const rig = killWebhookRig();

const CAUGHT_UP = 'On item created';

/** The catch-up's workflow: item.created, held at the gate by the item's partNo. */
const catchUpWorkflow = (port: number) =>
	gatedWorkflow({
		name: 'e2e: catch-up killed',
		trigger: CAUGHT_UP,
		event: 'item.created',
		field: 'partNo',
		port,
	});

// First in the file: the gap a check catches up is n8n's time, the records' Modified the service's, and
// the burst below moves the service's clock ahead of n8n's.
describe('SIGKILL while the execution a check started runs (catch-up)', () => {
	test(
		'killed during it, then after its last node before the save: each recovered event runs, twice at most, never again after its save',
		async () => {
			const { n8n, owner, credential, rec } = rig;
			const itemGate = new Gate();
			await itemGate.listen();
			try {
				const created = await n8n.createWorkflow(catchUpWorkflow(itemGate.port), [credential]);
				await n8n.activate(created.id);
				const ours = async () =>
					(await owner.get<Page<Subscription>>('/Webhook', { pageSize: 250 })).body.value.filter(
						(subscription) => Number(subscription.rec) !== rec,
					);
				const [first] = await ours();
				// Deleted out of band: the items created now reach no one until a check re-creates it.
				expect((await owner.delete(`/Webhook/${first.rec}`)).status).toBe(200);
				const parts: number[] = [];
				for (const n of [1, 2, 3]) {
					const answer = await owner.post<{ partNo: number }>('/Item', {
						itemID: `CATCH-UP-${n}`,
						description: 'kill test',
					});
					expect(answer.status).toBe(201);
					parts.push(Number(answer.body.partNo));
				}
				const [firstPart] = parts;
				// One at a time: the first is held at "start", the other two wait their turn.
				itemGate.holds = (step, part) => step === 'start' && part === firstPart;
				await until(
					'the check ran the first, held at "start"',
					() => itemGate.heldNow('start').join() === String(firstPart),
					4 * MINUTE,
				);
				expect(parts.slice(1).map((part) => itemGate.count('start', part))).toEqual([0, 0]);
				await n8n.kill();
				itemGate.holds = (step, part) => step === 'done' && part === firstPart;
				itemGate.release();
				await n8n.resume();
				await until(
					'the first check after the start ran the first again, held at "done"',
					() => itemGate.heldNow('done').join() === String(firstPart),
					4 * MINUTE,
				);
				await n8n.kill();
				itemGate.holds = () => false;
				itemGate.release();
				await n8n.resume();
				await until(
					'the first check after the next start ran the three to the end and n8n saved them',
					async () =>
						(await n8n.executions(created.id)).filter((run) => run.status === 'success').length ===
						3,
					4 * MINUTE,
				);
				// The first: started three times, its effect twice (killed after it, before the save); the
				// other two once.
				expect(
					parts.map((part) => [itemGate.count('start', part), itemGate.count('done', part)]),
				).toEqual([
					[3, 2],
					[1, 1],
					[1, 1],
				]);

				// Killed right after those saves: the first check after the start runs nothing again.
				const [recreated] = await ours();
				const recreatedRec = Number(recreated.rec);
				await n8n.kill();
				const reads = rig.logReads(recreatedRec);
				await n8n.resume();
				await rig.pastTheFirstCheck(reads, recreatedRec);
				expect(parts.map((part) => itemGate.count('start', part))).toEqual([3, 1, 1]);
				const runs = await n8n.executions(created.id);
				// Two crashed (the first, twice), three saved.
				expect(runs).toHaveLength(5);
				expect(runs.filter((run) => run.status === 'success')).toHaveLength(3);
				await n8n.deactivate(created.id);
			} finally {
				await itemGate.close();
			}
		},
		25 * MINUTE,
	);
});

/** 24 deliveries: 1–8 saved, 21 after its last node, the others mid-run. */
const BURST: Burst = {
	events: Array.from({ length: 24 }, (_, i) => i + 1),
	saved: [1, 2, 3, 4, 5, 6, 7, 8],
	afterEffect: 21,
};

describe('SIGKILL at each moment of a delivery, then a restart on the same database', () => {
	test(
		'before the answer (n8n has the request, not all of it): the service retries it; it runs once',
		() => killedBeforeTheAnswer(rig, 41),
		15 * MINUTE,
	);

	test(burstTitle(BURST), () => killedInABurst(rig, BURST), 25 * MINUTE);

	test(
		'SIGTERM with runs in flight: they finish within the grace, nothing runs twice',
		async () => {
			const { gate, n8n } = rig;
			const more = [31, 32, 33];
			gate.holds = (step) => step === 'start';
			for (const units of more) await rig.receive(units);
			await until('3 runs at "start"', () => gate.heldNow('start').length === 3, 5 * MINUTE);
			const halted = n8n.halt();
			// n8n is shutting down (it stops taking requests first): the held runs may finish now.
			await until(
				'n8n shutting down',
				() => rig.lines.some((line) => /shutting down|Received SIGTERM|Stopping/i.test(line)),
				MINUTE,
			);
			gate.release();
			await halted;
			const reads = rig.logReads();
			await n8n.resume();
			// The first check after the start finds nothing to run again.
			await rig.pastTheFirstCheck(reads);
			expect(more.map((u) => gate.count('done', u))).toEqual([1, 1, 1]);
			expect(
				BURST.events
					.filter((u) => u !== BURST.afterEffect)
					.every((u) => gate.count('done', u) === 1),
			).toBe(true);
		},
		25 * MINUTE,
	);
});
