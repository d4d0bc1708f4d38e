/**
 * "One alert per drop": which stock levels alert, which recovered, and what to remember. Pure
 * bookkeeping, no I/O; the node stores the result in its static data once every page it read was read.
 *
 * Rules, and why:
 * - An item in a warehouse (its key) alerts when a poll sees it below its threshold and it is not
 *   remembered as low; it is then remembered. A poll that sees it at or above its threshold forgets it
 *   (a "restocked" item when asked for), so the next drop alerts again.
 * - A key this poll did not see (the service no longer lists it, or a read that stopped early) keeps its
 *   state: nothing says it was restocked. Memory is the low keys only, so it stays small.
 * - A key without a threshold (no restocking level, not in the Per Item list) is not watched and is
 *   forgotten.
 * - Until the first complete read after activation, a low key is remembered without an alert unless
 *   the user asked for items already low: a new trigger does not re-announce old shortages.
 */
import type { IDataObject } from 'n8n-workflow';

/** What the node keeps in its static data. */
export interface AlertState {
	/** What the memory belongs to (the warehouse choice); a change starts over. */
	scope: string;
	/** Keys remembered as below their threshold (alerted, or found low at activation). */
	low: string[];
	/** Still reading the first complete list after activation: low keys are noted, not alerted. */
	settling?: boolean;
	/** Where a read that ran out of time stopped: the next poll continues at this page. */
	page?: number;
}

/** One stock-level row as the poll saw it. */
export interface Level {
	/** The item in one warehouse: `${wID}:${shortID}`. */
	key: string;
	units: number;
	/** The threshold for this row; undefined when the row is not watched. */
	threshold?: number;
	row: IDataObject;
}

export interface Outcome {
	/** Levels that fell below their threshold since the last poll. */
	alerts: Level[];
	/** Levels back at or above their threshold after an alert. */
	restocked: Level[];
	/** The low keys to remember. */
	low: string[];
}

/** The key of one item in one warehouse. */
export const levelKey = (shortID: string, wID: number) => `${wID}:${shortID}`;

/**
 * Compares what a poll read with what is remembered. `settling`: this read belongs to the first
 * complete read after activation and items already low are not to be announced.
 */
export function compare(
	low: readonly string[],
	levels: readonly Level[],
	settling: boolean,
): Outcome {
	const remembered = new Set(low);
	const alerts: Level[] = [];
	const restocked: Level[] = [];
	for (const level of levels) {
		const wasLow = remembered.has(level.key);
		if (level.threshold === undefined) {
			remembered.delete(level.key);
		} else if (level.units < level.threshold) {
			if (!wasLow && !settling) alerts.push(level);
			remembered.add(level.key);
		} else if (wasLow) {
			restocked.push(level);
			remembered.delete(level.key);
		}
	}
	return { alerts, restocked, low: [...remembered].sort() };
}
