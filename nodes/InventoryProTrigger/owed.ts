/**
 * "What a check finds runs once, in order." Each event is owed (in the book) until the ledger shows it
 * ran, and emitted as an execution of its own once the one before ended, so each starts from a save
 * holding those before (a queue-mode worker's too), under n8n's deduplication key (event id, this
 * process's start, attempt); a crashed execution keeps its key, so a start brings a new one.
 */
import { randomBytes } from 'crypto';
import { deepCopy, type IRun, type ITriggerFunctions } from 'n8n-workflow';

import { memoryOf, type NodeContext } from '../shared/memory';
import { keepIn, ledgerOf, now, ranItsNodes } from '../shared/ranLedger';
import { isAccepted, settledNote } from './acknowledged';
import type { Book, Owed } from './book';

const BOOT = randomBytes(4).toString('hex');

const emittedHere = new Map<string, Map<string, { attempt: number; ran?: boolean }>>();
const emittedBy = (context: NodeContext) => memoryOf(emittedHere, context, () => new Map());

/** A check of this process emitted the event and its execution has not ended. */
export function isRunningHere(context: NodeContext, eventId: string): boolean {
	const emitted = emittedBy(context).get(eventId);
	return emitted !== undefined && emitted.ran === undefined;
}

/** The owed events (kept and found) less what ran or a delivery runs; emits those not running here. */
export function runOwed(this: ITriggerFunctions, book: Book, found: Owed[], closed: () => boolean) {
	const ledger = ledgerOf(this);
	const owed = new Map<string, Owed>();
	for (const event of [...(book.owed ?? []), ...found])
		if (!ledger.has(event.eventId) && !isAccepted(this, event.eventId))
			owed.set(event.eventId, event);
	book.owed = [...owed.values()];
	keepIn(this, settledNote(this));
	const emitted = emittedBy(this);
	const toEmit = [...owed.values()].filter(
		({ eventId }) => emitted.get(eventId)?.ran !== true && !isRunningHere(this, eventId),
	);
	void inTurn.call(this, book, toEmit, closed);
	return toEmit.length;
}

async function inTurn(this: ITriggerFunctions, book: Book, events: Owed[], closed: () => boolean) {
	const emitted = emittedBy(this);
	for (const { eventId } of events)
		emitted.set(eventId, { attempt: emitted.get(eventId)?.attempt ?? 0 });
	const ledger = ledgerOf(this);
	for (const [index, event] of events.entries()) {
		if (closed()) {
			emitted.delete(event.eventId);
			continue;
		}
		if (index > 0) {
			// What ran since is saved with this emit: the owed list, and the ledger.
			book.owed = (book.owed ?? []).filter(({ eventId }) => !ledger.has(eventId));
			keepIn(this, settledNote(this));
		}
		await emitOne.call(this, event);
	}
}

async function emitOne(this: ITriggerFunctions, { eventId, json }: Owed): Promise<void> {
	const emitted = emittedBy(this);
	const attempt = (emitted.get(eventId)?.attempt ?? 0) + 1;
	emitted.set(eventId, { attempt });
	const key = `inventory-pro:${this.getWorkflow().id ?? ''}:${this.getNode().id}:${eventId}:${BOOT}.${attempt}`;
	const done = this.helpers.createDeferredPromise<IRun>();
	// A plain copy: static data hands back n8n's proxies, which the next node's expressions cannot read.
	this.emit([[{ json: deepCopy(json) }]], undefined, done, key);
	try {
		// Refused as a duplicate, n8n settles it with nothing: another execution of this attempt has it.
		const run = (await done.promise) as IRun | undefined;
		const ran = run === undefined || ranItsNodes(run);
		emitted.set(eventId, { attempt, ran });
		// In queue mode a worker's save wrote it; main learns it here.
		if (run !== undefined && ran) ledgerOf(this).add([eventId], now());
	} catch {
		emitted.set(eventId, { attempt, ran: false });
	}
}
