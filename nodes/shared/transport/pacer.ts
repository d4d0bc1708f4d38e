import { sleep } from 'n8n-workflow';

export interface PacerClock {
	now(): number;
	sleep(ms: number): Promise<void>;
}

/** How a booked request ended, for the adaptive budget. */
export type Outcome = 'ok' | 'limited' | 'failed';

/** A booked request: how long it waited for its slot, and the call that re-dates the slot on the answer. */
export interface Slot {
	waited: number;
	/**
	 * Call once the response (or failure) is in: the slot then counts from then on. `limited` (a 429)
	 * shrinks the budget, `ok` on a probe grows it back; `retryAfterMs` holds every request of the key that long.
	 */
	answered(outcome?: Outcome, retryAfterMs?: number): void;
}

interface Stamp {
	at: number;
	ok?: boolean;
	/** Sent beyond the budget to learn whether the service has room. */
	probe?: boolean;
}

export interface Adaptation {
	/** While the budget is below the credential's, one probe may go out per this share of a slot's time (window / budget); */
	probesPerSlot: number;
	/** after a probe answered 429 the next waits this share of the window, doubling up to a whole window. */
	probeBackoff: number;
}

/** Chosen on the simulation in test/transport/adaptive.test.ts (2 to 8 processes, together and staggered, on a 100/min client). */
export const ADAPTATION: Adaptation = { probesPerSlot: 4, probeBackoff: 0.1 };

interface Budget {
	stamps: Stamp[];
	/** The effective budget: at most the credential's, at least 1. */
	limit: number;
	/** When the budget was last cut: a 429 for a request booked before then cuts it no further. */
	shrunkAt: number;
	/** No request goes out before this (the service's Retry-After). */
	holdUntil: number;
	/** No probe goes out before this. */
	nextProbeAt: number;
	/** The last wait after a refused probe (0: the last probe got through). */
	probeBackoffMs: number;
}

/**
 * A sliding-window request budget per credential, shared by every execution in this n8n process:
 * a request goes out at once while fewer than `budget` were sent in the last `windowMs`; otherwise it
 * waits until the oldest of them leaves the window. A long export therefore slows to the service's
 * pace instead of collecting 429s, and a short run is never delayed.
 *
 * The service counts a request when it arrives, which is after we book it (n8n may fetch a token and
 * open a connection in between), so a slot dated at booking would leave our window before it leaves
 * the service's. Re-dating it when the answer arrives (never before the service counted it) keeps our
 * window the later of the two, at the cost of one round trip per window.
 *
 * The budget adapts: other processes (queue-mode workers) may share the client, and the service's
 * 429 is the only sign of them. A 429 cuts this process's budget for the key to the requests that
 * got through in its last window, its share of the service's limit (at most by three quarters in one
 * cut; once per round: answers to requests sent before the cut do not cut again), and holds the key
 * for the Retry-After, so the other pages in flight do not walk into the same full window. Several
 * processes so stop at their shares before the service's window is full, instead of each running
 * into it with every page in flight. A budget below the credential's is not grown blindly (that
 * would lead every process back into the wall each window): while this process's own window is full,
 * one request beyond it goes out every quarter of a slot's time as a probe. A probe that gets through
 * (the others finished, or sent less) adds one to the budget, so a process left alone is back at the
 * credential's value within a window; a refused one holds the key for the Retry-After and backs the
 * probes off (a tenth of a window, doubling up to a window). Never above the credential's value.
 */
export class Pacer {
	private readonly budgets = new Map<string, Budget>();

	constructor(
		private readonly clock: PacerClock,
		private readonly adaptation: Adaptation = ADAPTATION,
	) {}

	/** Takes a slot for `key`; resolves with the milliseconds it waited. */
	async take(key: string, budget: number, windowMs: number): Promise<number> {
		const slot = await this.book(key, budget, windowMs);
		slot.answered();
		return slot.waited;
	}

	/** Takes a slot for `key` under at most `ceiling` per `windowMs`; call `answered()` on the result. */
	async book(key: string, ceiling: number, windowMs: number): Promise<Slot> {
		let waited = 0;
		let budget = this.budgets.get(key);
		if (!budget) {
			budget = {
				stamps: [],
				limit: ceiling,
				shrunkAt: -Infinity,
				holdUntil: -Infinity,
				nextProbeAt: -Infinity,
				probeBackoffMs: 0,
			};
			this.budgets.set(key, budget);
		}
		const state = budget;
		const times = state.stamps;
		for (;;) {
			const now = this.clock.now();
			while (times.length > 0 && times[0].at <= now - windowMs) times.shift();
			state.limit = Math.min(state.limit, ceiling);
			const limit = Math.max(1, Math.floor(state.limit));
			// Checked and booked without an await in between, so concurrent callers never share a slot.
			const below = state.limit < ceiling;
			if (now >= state.holdUntil && (times.length < limit || (below && now >= state.nextProbeAt))) {
				const stamp: Stamp = { at: now };
				if (times.length >= limit) {
					stamp.probe = true;
					state.nextProbeAt = now + windowMs / ceiling / this.adaptation.probesPerSlot;
				}
				times.push(stamp);
				return {
					waited,
					answered: once((outcome, retryAfterMs) =>
						this.answer(state, stamp, now, ceiling, windowMs, outcome, retryAfterMs),
					),
				};
			}
			const free =
				times.length < limit
					? now
					: Math.min(
							times[times.length - limit].at + windowMs,
							below ? state.nextProbeAt : Infinity,
						);
			const wait = Math.max(1, Math.max(free, state.holdUntil) - now);
			await this.clock.sleep(wait);
			waited += wait;
		}
	}

	/** This process's current budget for `key` (undefined before its first request). */
	budget(key: string): number | undefined {
		return this.budgets.get(key)?.limit;
	}

	private answer(
		state: Budget,
		stamp: Stamp,
		bookedAt: number,
		ceiling: number,
		windowMs: number,
		outcome: Outcome = 'failed',
		retryAfterMs?: number,
	): void {
		const now = this.clock.now();
		this.redate(state.stamps, stamp, now);
		if (outcome === 'ok') {
			stamp.ok = true;
			if (stamp.probe) {
				state.probeBackoffMs = 0;
				state.limit = Math.min(ceiling, state.limit + 1);
			}
		} else if (outcome === 'limited') {
			if (stamp.probe) {
				// The window is full: the budget is right, only the probes were early.
				state.probeBackoffMs = Math.min(
					windowMs,
					Math.max(windowMs * this.adaptation.probeBackoff, 2 * state.probeBackoffMs),
				);
				state.nextProbeAt = now + state.probeBackoffMs;
			} else if (bookedAt >= state.shrunkAt) {
				const through = state.stamps.filter(
					(other) => other.ok === true && other.at > now - windowMs,
				).length;
				state.limit = Math.max(1, state.limit / 4, Math.min(state.limit, through));
				state.shrunkAt = now;
			}
			if (retryAfterMs !== undefined)
				state.holdUntil = Math.max(state.holdUntil, now + retryAfterMs);
		}
	}

	/** Moves `stamp` to now, keeping the list oldest first. */
	private redate(times: Stamp[], stamp: Stamp, now: number): void {
		if (now <= stamp.at) return;
		const index = times.lastIndexOf(stamp);
		if (index >= 0) times.splice(index, 1);
		stamp.at = now;
		let at = times.length;
		while (at > 0 && times[at - 1].at > now) at--;
		times.splice(at, 0, stamp);
	}
}

function once<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
	let done = false;
	return (...args: A) => {
		if (done) return;
		done = true;
		fn(...args);
	};
}

/**
 * The process-wide pacer the transport uses. Queue mode and multi-main: per process by design, each
 * paces itself and yields to the others through the service's 429s (above).
 */
export const pacer = new Pacer({ now: () => Date.now(), sleep: async (ms) => await sleep(ms) });
