/**
 * "An acknowledged event runs." The trigger answers a delivery as soon as n8n holds its execution
 * (responseMode onReceived). If n8n is killed before that execution is saved, n8n runs it again itself
 * when it was still waiting to start (`new`), and otherwise marks it crashed and never runs it again. So:
 * - this process notes each event it acknowledged (`accept`) until the execution that ran it is saved
 *   (ranLedger.ts), and writes with every save of the ledger when all it acknowledged had run
 *   (`settledAt`, n8n's clock);
 * - the first check after a start reads the delivery log from a little before the `settledAt` the last
 *   process left (the service's clock may differ from n8n's), rebuilds those acknowledged events from the
 *   lists (catchup.ts), and runs the ones the ledger does not show as run, `recovered: true`.
 * Only a process that both acknowledges deliveries and runs them (n8n's regular mode) writes `settledAt`:
 * in queue mode the webhook processor acknowledges and workers run, and neither can tell; there a run cut
 * short by a killed worker stays n8n's failed execution (README, limits). Process memory per workflow/node.
 */
import { memoryOf, nodeKey, type NodeContext as Context } from '../shared/memory';
import { ledgerOf, now, storedNote, type Note } from '../shared/ranLedger';

/** How much earlier than `settledAt` the log is read: the service's clock may be behind n8n's. */
export const CLOCK_MARGIN_MS = 2 * 60_000;
/** An acknowledged event whose run has not been saved after this long is taken as ended (a failed start). */
const GIVE_UP_MS = 60 * 60_000;

const acceptedHere = new Map<string, Map<string, number>>();
const acceptedBy = (context: Context) => memoryOf(acceptedHere, context, () => new Map());

/** webhook(): the events of a delivery about to be acknowledged. */
export function accept(context: Context, eventIds: string[]): void {
	const accepted = acceptedBy(context);
	const at = now();
	for (const id of eventIds) accepted.set(id, at);
}

/** Whether this process acknowledged the event and its run has not been saved yet. */
export function isAccepted(context: Context, eventId: string): boolean {
	return acceptedBy(context).has(eventId);
}

/**
 * The note written beside the ledger: when everything this process acknowledged had run. Nothing when
 * this process acknowledged nothing (it cannot tell for deliveries other processes acknowledged).
 */
export function settledNote(context: Context): Note {
	return () => {
		const accepted = acceptedHere.get(nodeKey(context));
		if (accepted === undefined) return undefined;
		const ledger = ledgerOf(context);
		const at = now();
		let oldest = at;
		for (const [id, acceptedAt] of accepted) {
			if (ledger.has(id) || at - acceptedAt > GIVE_UP_MS) accepted.delete(id);
			else oldest = Math.min(oldest, acceptedAt);
		}
		return { settledAt: oldest };
	};
}

/**
 * The first check after a start: from when (service time, ISO) the delivery log is read again for
 * acknowledged events that may not have run; undefined when the last process could not tell.
 */
export function reconcileFrom(context: Context): string | undefined {
	const settledAt = storedNote(context)?.settledAt;
	if (typeof settledAt !== 'number') return undefined;
	return new Date(settledAt - CLOCK_MARGIN_MS).toISOString();
}
