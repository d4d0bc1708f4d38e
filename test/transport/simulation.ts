/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * The adaptive budget on a virtual clock: one Pacer per simulated n8n process, all sharing one client
 * of a service that allows 100 requests per sliding minute (the sandbox's own RateLimiter decides).
 * Each process runs an export as the transport does: page 1 alone, then `inFlight` pages at a time,
 * 429s waited out (Retry-After, at most 5 retries), each answer told to its pacer.
 * Nothing sleeps: time jumps to the next wake-up.
 */
import { Pacer, type Adaptation, type Outcome } from '../../nodes/shared/transport/pacer';
import { RateLimiter } from '../../sandbox/rateLimit';

export const MINUTE = 60_000;

/** A clock whose sleepers wake in time order; run() advances it until every task is done. */
export class VirtualTime {
	t = 0;
	private sleepers: Array<{ at: number; seq: number; wake: () => void }> = [];
	private seq = 0;

	now = () => this.t;
	sleep = async (ms: number) =>
		await new Promise<void>((wake) =>
			this.sleepers.push({ at: this.t + ms, seq: this.seq++, wake }),
		);

	async run<T>(work: Promise<T>): Promise<T> {
		let done = false;
		void work.finally(() => (done = true)).catch(() => undefined);
		for (;;) {
			for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
			if (done || this.sleepers.length === 0) break;
			this.sleepers.sort((a, b) => a.at - b.at || a.seq - b.seq);
			const next = this.sleepers.shift()!;
			this.t = Math.max(this.t, next.at);
			next.wake();
		}
		return await work;
	}
}

export interface Totals {
	ok: number;
	limited: number;
	failedExports: number;
	finishedAt: number;
}

export interface Scenario {
	processes: number;
	pages: number;
	inFlight: number;
	/** false: a 429 is told to the pacer as a plain failure with no Retry-After (the rule before adaptation). */
	adaptive: boolean;
	latencyMs?: number;
	adaptation?: Adaptation;
	/** Process i starts this many ms after process i − 1. */
	staggerMs?: number;
	/** Called on every answer: which process, how it ended, and its pacer's budget afterwards. */
	trace?: (event: {
		t: number;
		process: number;
		outcome: Outcome;
		budget: number;
		attempt: number;
	}) => void;
}

/** `processes` exports of `pages` pages each through one client of a 100/min service. */
export async function simulate(options: Scenario): Promise<Totals> {
	const time = new VirtualTime();
	const service = new RateLimiter(100);
	const latency = options.latencyMs ?? 100;
	const totals: Totals = { ok: 0, limited: 0, failedExports: 0, finishedAt: 0 };

	async function request(pacer: Pacer, process: number): Promise<void> {
		for (let attempt = 0; ; attempt++) {
			const slot = await pacer.book('client', 100, MINUTE);
			await time.sleep(latency / 2);
			const decision = service.take('client', time.t);
			await time.sleep(latency / 2);
			if (decision.allowed) {
				totals.ok++;
				slot.answered('ok');
				options.trace?.({
					t: time.t,
					process,
					outcome: 'ok',
					budget: pacer.budget('client')!,
					attempt,
				});
				return;
			}
			totals.limited++;
			const retryAfter = decision.retryAfterSeconds * 1000;
			slot.answered(
				(options.adaptive ? 'limited' : 'failed') as Outcome,
				options.adaptive ? retryAfter : undefined,
			);
			options.trace?.({
				t: time.t,
				process,
				outcome: 'limited',
				budget: pacer.budget('client')!,
				attempt,
			});
			if (attempt >= 5) throw new Error('429 after 5 retries');
			await time.sleep(retryAfter);
		}
	}

	async function exportAll(pacer: Pacer, process: number): Promise<void> {
		let next = 2;
		const worker = async () => {
			while (next <= options.pages) {
				next++;
				await request(pacer, process);
			}
		};
		await request(pacer, process); // page 1 tells the page count
		await Promise.all(Array.from({ length: options.inFlight }, worker));
	}

	const all = Promise.all(
		Array.from({ length: options.processes }, async (_, i) => {
			if (options.staggerMs) await time.sleep(i * options.staggerMs);
			const pacer = new Pacer(time, options.adaptation);
			try {
				await exportAll(pacer, i);
			} catch {
				totals.failedExports++;
			}
		}),
	);
	await time.run(all);
	totals.finishedAt = time.t;
	return totals;
}

/** T_min = latency × ceil(P / in-flight) + 60 s × floor((P − 1) / budget), as the benchmark states it. */
export function tMin(pages: number, latencyMs: number, inFlight: number, budget: number): number {
	return latencyMs * Math.ceil(pages / inFlight) + MINUTE * Math.floor((pages - 1) / budget);
}
