import { sleep } from 'n8n-workflow';

export interface PacerClock {
	now(): number;
	sleep(ms: number): Promise<void>;
}

/** A booked request: how long it waited for its slot, and the call that re-dates the slot on the answer. */
export interface Slot {
	waited: number;
	/** Call once the response (or failure) is in: the slot then counts from then on. */
	answered(): void;
}

interface Stamp {
	at: number;
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
 */
export class Pacer {
	private readonly sent = new Map<string, Stamp[]>();

	constructor(private readonly clock: PacerClock) {}

	/** Takes a slot for `key`; resolves with the milliseconds it waited. */
	async take(key: string, budget: number, windowMs: number): Promise<number> {
		return (await this.book(key, budget, windowMs)).waited;
	}

	/** Takes a slot for `key`; call `answered()` on the result when the response arrives. */
	async book(key: string, budget: number, windowMs: number): Promise<Slot> {
		let waited = 0;
		let times = this.sent.get(key);
		if (!times) this.sent.set(key, (times = []));
		for (;;) {
			const now = this.clock.now();
			while (times.length > 0 && times[0].at <= now - windowMs) times.shift();
			// Checked and booked without an await in between, so concurrent callers never share a slot.
			if (times.length < budget) {
				const stamp = { at: now };
				times.push(stamp);
				return { waited, answered: once(() => this.redate(times, stamp)) };
			}
			const wait = Math.max(1, times[times.length - budget].at + windowMs - now);
			await this.clock.sleep(wait);
			waited += wait;
		}
	}

	/** Requests booked for `key` in the current window (for tests and diagnostics). */
	inWindow(key: string, windowMs: number): number {
		const now = this.clock.now();
		return (this.sent.get(key) ?? []).filter((stamp) => stamp.at > now - windowMs).length;
	}

	/** Moves `stamp` to now, keeping the list oldest first. */
	private redate(times: Stamp[], stamp: Stamp): void {
		const now = this.clock.now();
		if (now <= stamp.at) return;
		const index = times.lastIndexOf(stamp);
		if (index >= 0) times.splice(index, 1);
		stamp.at = now;
		let at = times.length;
		while (at > 0 && times[at - 1].at > now) at--;
		times.splice(at, 0, stamp);
	}
}

function once(fn: () => void): () => void {
	let done = false;
	return () => {
		if (done) return;
		done = true;
		fn();
	};
}

/** The process-wide pacer the transport uses. */
export const pacer = new Pacer({ now: () => Date.now(), sleep: async (ms) => await sleep(ms) });
