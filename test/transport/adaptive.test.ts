/**
 * The adaptive budget on a virtual clock: one Pacer per simulated n8n process, all sharing one client
 * of a service that allows 100 requests per sliding minute (the sandbox's own RateLimiter decides).
 * Each process runs exports page by page, waits out 429s as the transport does (Retry-After, at most
 * 5 retries) and tells its pacer how each request ended. Nothing sleeps: time jumps to the next wake-up.
 */
import { ADAPTATION, Pacer, type Adaptation, type Outcome } from '../../nodes/InventoryPro/transport/pacer';
import { RateLimiter } from '../../sandbox/rateLimit';

const MINUTE = 60_000;

/** A clock whose sleepers wake in time order; run() advances it until every task is done. */
class VirtualTime {
	t = 0;
	private sleepers: Array<{ at: number; seq: number; wake: () => void }> = [];
	private seq = 0;

	now = () => this.t;
	sleep = async (ms: number) => await new Promise<void>((wake) => this.sleepers.push({ at: this.t + ms, seq: this.seq++, wake }));

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

interface Totals {
	ok: number;
	limited: number;
	failedExports: number;
	finishedAt: number;
}

/** `processes` exports of `pages` pages each, `inFlight` requests at a time per process. */
async function simulate(options: { processes: number; pages: number; inFlight: number; adaptive: boolean; latencyMs?: number; adaptation?: Adaptation }): Promise<Totals> {
	const time = new VirtualTime();
	const service = new RateLimiter(100);
	const latency = options.latencyMs ?? 100;
	const totals: Totals = { ok: 0, limited: 0, failedExports: 0, finishedAt: 0 };

	async function request(pacer: Pacer): Promise<void> {
		for (let attempt = 0; ; attempt++) {
			const slot = await pacer.book('client', 100, MINUTE);
			await time.sleep(latency / 2);
			const decision = service.take('client', time.t);
			await time.sleep(latency / 2);
			if (decision.allowed) {
				totals.ok++;
				slot.answered('ok');
				return;
			}
			totals.limited++;
			const retryAfter = decision.retryAfterSeconds * 1000;
			slot.answered((options.adaptive ? 'limited' : 'failed') as Outcome, options.adaptive ? retryAfter : undefined);
			if (attempt >= 5) throw new Error('429 after 5 retries');
			await time.sleep(retryAfter);
		}
	}

	async function exportAll(pacer: Pacer): Promise<void> {
		let next = 1;
		const worker = async () => {
			while (next <= options.pages) {
				next++;
				await request(pacer);
			}
		};
		await request(pacer); // page 1 tells the page count
		next = 2;
		await Promise.all(Array.from({ length: options.inFlight }, worker));
	}

	const all = Promise.all(
		Array.from({ length: options.processes }, async () => {
			const pacer = new Pacer(time, options.adaptation);
			try {
				await exportAll(pacer);
			} catch {
				totals.failedExports++;
			}
		}),
	);
	await time.run(all);
	totals.finishedAt = time.t;
	return totals;
}

describe('adaptive budget: several processes share one client of a 100/min service', () => {
	// Throughput against the ceiling as the benchmark counts it: 100 requests per service minute.
	const ofCeiling = (requests: number, ms: number) => requests / 100 / (ms / MINUTE);

	test.each([2, 4, 8])('%i processes: no export fails, fewer 429s than without adaptation, ≥ 85 %% of the ceiling', async (processes) => {
		const pages = 150;
		const adaptive = await simulate({ processes, pages, inFlight: 4, adaptive: true });
		const fixed = await simulate({ processes, pages, inFlight: 4, adaptive: false });

		expect(adaptive.failedExports).toBe(0);
		expect(adaptive.ok).toBe(processes * pages);
		// Measured (deterministic): 2 processes 16 against 40, 4: 44 against 80, 8: 110 against 224 (429s).
		expect(adaptive.limited).toBeLessThanOrEqual(0.6 * fixed.limited);
		expect(ofCeiling(processes * pages, adaptive.finishedAt)).toBeGreaterThanOrEqual(0.85);
	});

	test('a process alone never meets a 429', async () => {
		const alone = await simulate({ processes: 1, pages: 250, inFlight: 4, adaptive: true });
		expect(alone.limited).toBe(0);
		expect(alone.failedExports).toBe(0);
		// 250 requests: two full windows of waiting, the rest bursts.
		expect(alone.finishedAt).toBeLessThan(2 * MINUTE + 10_000);
	});
});

describe('Pacer budget (fake clock)', () => {
	function fakeClock() {
		const clock = { t: 0, now: () => clock.t, sleep: async (ms: number) => void (clock.t += ms) };
		return clock;
	}
	const send = async (pacer: Pacer, ceiling: number, outcome: Outcome, retryAfterMs?: number) =>
		(await pacer.book('k', ceiling, MINUTE)).answered(outcome, retryAfterMs);

	test('a 429 cuts the budget to 80 % of what got through in the last window, once per round, and holds the key', async () => {
		const clock = fakeClock();
		const pacer = new Pacer(clock);
		for (let i = 0; i < 50; i++) await send(pacer, 100, 'ok');
		const a = await pacer.book('k', 100, MINUTE);
		const b = await pacer.book('k', 100, MINUTE);
		clock.t = 100;
		a.answered('limited', 5_000);
		expect(pacer.budget('k')).toBe(50 * ADAPTATION.shrink);
		// b was sent before the cut: its 429 is the same news, not a second cut.
		b.answered('limited', 5_000);
		expect(pacer.budget('k')).toBe(40);
		// 52 requests in the window and a budget of 40: the next waits for the first to leave it.
		expect(await pacer.take('k', 100, MINUTE)).toBe(MINUTE - 100);
	});

	test('after a 429 with Retry-After nothing goes out for the key until it has passed', async () => {
		const clock = fakeClock();
		const pacer = new Pacer(clock);
		await send(pacer, 100, 'ok');
		await send(pacer, 100, 'limited', 5_000);
		expect(pacer.budget('k')).toBe(25);
		expect(await pacer.take('k', 100, MINUTE)).toBe(5_000);
		expect(await pacer.take('k', 100, MINUTE)).toBe(0);
	});

	test('one cut takes at most three quarters; a budget never drops below 1', async () => {
		const clock = fakeClock();
		const pacer = new Pacer(clock);
		await send(pacer, 100, 'limited'); // nothing got through: a quarter
		expect(pacer.budget('k')).toBe(25);
		for (let i = 0; i < 5; i++) {
			clock.t += 1;
			await send(pacer, 100, 'limited');
		}
		expect(pacer.budget('k')).toBe(1);
	});

	test('answered requests grow it back by about three per window; after three quiet windows it doubles per window; never above the credential', async () => {
		const clock = fakeClock();
		const pacer = new Pacer(clock);
		await send(pacer, 200, 'limited');
		expect(pacer.budget('k')).toBe(50);
		for (let i = 0; i < 50; i++) {
			clock.t += MINUTE / 50;
			await send(pacer, 200, 'ok');
		}
		expect(pacer.budget('k')).toBeGreaterThan(52.8);
		expect(pacer.budget('k')).toBeLessThan(53.1);
		clock.t = 3 * MINUTE;
		for (let i = 0; i < 53; i++) await send(pacer, 200, 'ok');
		expect(pacer.budget('k')).toBeCloseTo(106, 0);
		clock.t += MINUTE;
		for (let i = 0; i < 200; i++) await send(pacer, 200, 'ok');
		expect(pacer.budget('k')).toBe(200);
		// A lower value on the credential applies at once.
		await pacer.take('k', 5, MINUTE);
		expect(pacer.budget('k')).toBe(5);
	});
});
