/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	the sandbox, the tests' stand-in Inventory Pro server: runs on Node and never ships */
/**
 * Time for the sandbox. Token expiry, the rate-limit window, Modified stamps and webhook retries all
 * read a Clock, so tests move time with ManualClock.advance() instead of sleeping.
 */
export interface Clock {
	now(): number;
	/** Runs fn once the clock reaches atMs; returns a cancel function. */
	schedule(atMs: number, fn: () => void): () => void;
}

export class SystemClock implements Clock {
	now(): number {
		return Date.now();
	}

	schedule(atMs: number, fn: () => void): () => void {
		const timer = setTimeout(fn, Math.max(0, atMs - Date.now()));
		timer.unref();
		return () => clearTimeout(timer);
	}
}

interface Task {
	at: number;
	seq: number;
	fn: () => void;
}

export class ManualClock implements Clock {
	private current: number;
	private seq = 0;
	private tasks: Task[] = [];

	constructor(start: number | string = '2026-01-05T08:00:00.000Z') {
		this.current = typeof start === 'number' ? start : Date.parse(start);
	}

	now(): number {
		return this.current;
	}

	schedule(atMs: number, fn: () => void): () => void {
		const task = { at: atMs, seq: this.seq++, fn };
		this.tasks.push(task);
		return () => {
			this.tasks = this.tasks.filter((t) => t !== task);
		};
	}

	/** Moves time forward, running due tasks in time order (a task may schedule more). */
	advance(ms: number): void {
		const target = this.current + ms;
		for (;;) {
			const due = this.tasks
				.filter((t) => t.at <= target)
				.sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
			if (!due) break;
			this.tasks = this.tasks.filter((t) => t !== due);
			this.current = Math.max(this.current, due.at);
			due.fn();
		}
		this.current = target;
	}

	/** Number of scheduled tasks not yet run. */
	pending(): number {
		return this.tasks.length;
	}
}

/**
 * Real time running `scale` times faster: the sandbox's 60 s rate window lasts 60/scale real seconds,
 * so the benchmark meets the service's limits in a short run. Times are service (clock) milliseconds.
 */
export class ScaledClock implements Clock {
	private readonly origin: number;

	constructor(
		readonly scale: number,
		origin: number = Date.now(),
	) {
		if (!(scale > 0)) throw new Error('ScaledClock: scale must be positive');
		this.origin = origin;
	}

	now(): number {
		return this.origin + (Date.now() - this.origin) * this.scale;
	}

	/** Service milliseconds → real milliseconds. */
	toReal(serviceMs: number): number {
		return serviceMs / this.scale;
	}

	schedule(atMs: number, fn: () => void): () => void {
		const timer = setTimeout(fn, Math.max(0, (atMs - this.now()) / this.scale));
		timer.unref();
		return () => clearTimeout(timer);
	}
}
