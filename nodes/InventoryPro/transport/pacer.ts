import { sleep } from 'n8n-workflow';

export interface PacerClock {
	now(): number;
	sleep(ms: number): Promise<void>;
}

/**
 * A sliding-window request budget per credential, shared by every execution in this n8n process:
 * a request goes out at once while fewer than `budget` were sent in the last `windowMs`; otherwise it
 * waits until the oldest of them leaves the window. A long export therefore slows to the service's
 * pace instead of collecting 429s, and a short run is never delayed.
 */
export class Pacer {
	private readonly sent = new Map<string, number[]>();

	constructor(private readonly clock: PacerClock) {}

	/** Takes a slot for `key`; resolves with the milliseconds it waited. */
	async take(key: string, budget: number, windowMs: number): Promise<number> {
		let waited = 0;
		for (;;) {
			const now = this.clock.now();
			let times = this.sent.get(key);
			if (!times) this.sent.set(key, (times = []));
			while (times.length > 0 && times[0] <= now - windowMs) times.shift();
			// Checked and booked without an await in between, so concurrent callers never share a slot.
			if (times.length < budget) {
				times.push(now);
				return waited;
			}
			const wait = Math.max(1, times[times.length - budget] + windowMs - now);
			await this.clock.sleep(wait);
			waited += wait;
		}
	}

	/** Requests booked for `key` in the current window (for tests and diagnostics). */
	inWindow(key: string, windowMs: number): number {
		const now = this.clock.now();
		return (this.sent.get(key) ?? []).filter((time) => time > now - windowMs).length;
	}
}

/** The process-wide pacer the transport uses. */
export const pacer = new Pacer({ now: () => Date.now(), sleep: async (ms) => await sleep(ms) });
