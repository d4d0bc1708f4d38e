/**
 * "An acknowledged event runs." Killed before its save, n8n resumes an execution only if it had not
 * started; so this process notes when all it acknowledged had run (`settledAt`), and the first check after
 * a start runs what the log shows acknowledged since (catchup.ts). Regular mode only (docs/triggers.md).
 */
import { memoryOf, nodeKey, type NodeContext as Context } from '../shared/memory';
import { ledgerOf, now, storedNote, type Note } from '../shared/ranLedger';

/** The service's clock may be behind n8n's. */
const CLOCK_MARGIN_MS = 2 * 60_000;
/** An acknowledged event not saved as run after this long is taken as ended (a failed start). */
const GIVE_UP_MS = 60 * 60_000;

const acceptedHere = new Map<string, Map<string, number>>();
const acceptedBy = (context: Context) => memoryOf(acceptedHere, context, () => new Map());

export function accept(context: Context, eventIds: string[]): void {
	const at = now();
	for (const id of eventIds) acceptedBy(context).set(id, at);
}

export function isAccepted(context: Context, eventId: string): boolean {
	return acceptedHere.get(nodeKey(context))?.has(eventId) ?? false;
}

/** Nothing when this process acknowledged nothing: it cannot tell for other processes' deliveries. */
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

/** From when (service time) the first check after a start reads the log again; undefined: unknown. */
export function reconcileFrom(context: Context): string | undefined {
	const settledAt = storedNote(context)?.settledAt;
	if (typeof settledAt !== 'number') return undefined;
	return new Date(settledAt - CLOCK_MARGIN_MS).toISOString();
}
