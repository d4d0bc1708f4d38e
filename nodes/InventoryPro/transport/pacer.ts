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
	 * shrinks the budget, `ok` lets it grow back; `retryAfterMs` holds every request of the key that long.
	 */
	answered(outcome?: Outcome, retryAfterMs?: number): void;
}

interface Stamp {
	at: number;
	ok?: boolean;
}

export interface Adaptation {
	/** On a 429 the budget becomes this share of what got through in the last window (never below a quarter of it); */
	shrink: number;
	/** it grows back by this many requests per window's worth of answered requests (additive); */
	growPerWindow: number;
	/** and after this many windows without a 429, by one per answered request (it doubles per window). */
	quietWindows: number;
}

/** Chosen on the simulation in test/transport/adaptive.test.ts (2, 4 and 8 processes on a 100/min client). */
export const ADAPTATION: Adaptation = { shrink: 0.8, growPerWindow: 3, quietWindows: 3 };

interface Budget {
	stamps: Stamp[];
	/** The effective budget: at most the credential's, at least 1. */
	limit: number;
	/** When the budget was last cut: a 429 for a request booked before then cuts it no further. */
	shrunkAt: number;
	/** No request goes out before this (the service's Retry-After). */
	holdUntil: number;
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
 * The budget adapts (AIMD, as TCP does): other processes (queue-mode workers) may share the client,
 * and the service's 429 is the only sign of them. A 429 cuts this process's budget for the key to
 * 80 % of the requests that got through in the last window, its share of the service's limit (at
 * most to a quarter in one cut; once per round: answers to requests sent before the cut do not cut
 * again), and holds the key for the Retry-After, so the other pages in flight do not run into the
 * same full window. Each answered request adds 3/budget, about three requests per window; after
 * three windows without a 429 (the others have finished) it doubles per window, up to the
 * credential's value. Several processes so settle around the service's limit between them.
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
		if (!budget) this.budgets.set(key, (budget = { stamps: [], limit: ceiling, shrunkAt: -Infinity, holdUntil: -Infinity }));
		const state = budget;
		const times = state.stamps;
		for (;;) {
			const now = this.clock.now();
			while (times.length > 0 && times[0].at <= now - windowMs) times.shift();
			state.limit = Math.min(state.limit, ceiling);
			const limit = Math.max(1, Math.floor(state.limit));
			// Checked and booked without an await in between, so concurrent callers never share a slot.
			if (now >= state.holdUntil && times.length < limit) {
				const stamp = { at: now };
				times.push(stamp);
				return { waited, answered: once((outcome, retryAfterMs) => this.answer(state, stamp, now, ceiling, windowMs, outcome, retryAfterMs)) };
			}
			const free = times.length < limit ? now : times[times.length - limit].at + windowMs;
			const wait = Math.max(1, Math.max(free, state.holdUntil) - now);
			await this.clock.sleep(wait);
			waited += wait;
		}
	}

	/** Requests booked for `key` in the current window (for tests and diagnostics). */
	inWindow(key: string, windowMs: number): number {
		const now = this.clock.now();
		return (this.budgets.get(key)?.stamps ?? []).filter((stamp) => stamp.at > now - windowMs).length;
	}

	/** This process's current budget for `key` (undefined before its first request). */
	budget(key: string): number | undefined {
		return this.budgets.get(key)?.limit;
	}

	private answer(state: Budget, stamp: Stamp, bookedAt: number, ceiling: number, windowMs: number, outcome: Outcome = 'failed', retryAfterMs?: number): void {
		const now = this.clock.now();
		this.redate(state.stamps, stamp, now);
		if (outcome === 'ok') {
			stamp.ok = true;
			const quiet = now - state.shrunkAt >= this.adaptation.quietWindows * windowMs;
			const step = quiet ? 1 : this.adaptation.growPerWindow / Math.max(1, state.limit);
			state.limit = Math.min(ceiling, state.limit + step);
		} else if (outcome === 'limited') {
			if (bookedAt >= state.shrunkAt) {
				const through = state.stamps.filter((other) => other.ok === true && other.at > now - windowMs).length;
				state.limit = Math.max(1, state.limit / 4, this.adaptation.shrink * Math.min(state.limit, through));
				state.shrunkAt = now;
			}
			if (retryAfterMs !== undefined) state.holdUntil = Math.max(state.holdUntil, now + retryAfterMs);
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

/** The process-wide pacer the transport uses. */
export const pacer = new Pacer({ now: () => Date.now(), sleep: async (ms) => await sleep(ms) });
