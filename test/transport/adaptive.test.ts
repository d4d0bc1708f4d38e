/**
 * The adaptive budget on a virtual clock (test/transport/simulation.ts): one Pacer per simulated n8n
 * process, all sharing one client of a 100/min service (the sandbox's own RateLimiter decides).
 */
import { ADAPTATION, Pacer, type Outcome } from '../../nodes/shared/transport/pacer';
import { MINUTE, simulate, tMin } from './simulation';

describe('adaptive budget: several processes share one client of a 100/min service', () => {
	// Throughput against the ceiling as the benchmark counts it: 100 requests per service minute.
	const ofCeiling = (requests: number, ms: number) => requests / 100 / (ms / MINUTE);

	// Measured (deterministic; 429s adaptive against without, minutes adaptive against without):
	// 2 × 150 together 11/16, 2.04/2.04; 4 × 150: 46/80, 5.08/5.07; 8 × 150: 159/352, 11.09/11.08;
	// 4 × 100 together 30/48, 3.05/3.05; 5 s apart 31/69, 3.19/3.06; 20 s apart 37/70, 3.18/3.05.
	test.each([
		[2, 150, 0],
		[4, 150, 0],
		[8, 150, 0],
		[4, 100, 0],
		[4, 100, 5_000],
		[4, 100, 20_000],
	])(
		'%i processes × %i pages, started %i ms apart: no export fails, fewer 429s than without adaptation, ≥ 85 %% of the ceiling, close to T_min',
		async (processes, pages, staggerMs) => {
			const adaptive = await simulate({ processes, pages, inFlight: 4, adaptive: true, staggerMs });
			const fixed = await simulate({ processes, pages, inFlight: 4, adaptive: false, staggerMs });

			expect(adaptive.failedExports).toBe(0);
			expect(adaptive.ok).toBe(processes * pages);
			expect(adaptive.limited).toBeLessThanOrEqual(0.7 * fixed.limited);
			expect(ofCeiling(processes * pages, adaptive.finishedAt)).toBeGreaterThanOrEqual(0.85);
			// The pacer alone (no client CPU here): within 1.15 × the burst-aware bound, and within 5 % of throwing requests at the service.
			expect(adaptive.finishedAt).toBeLessThanOrEqual(
				1.15 * tMin(processes * pages, 100, processes * 4, 100),
			);
			expect(adaptive.finishedAt).toBeLessThanOrEqual(1.05 * fixed.finishedAt);
		},
	);

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

	test('a 429 cuts the budget to what got through in the last window, once per round, and holds the key', async () => {
		const clock = fakeClock();
		const pacer = new Pacer(clock);
		for (let i = 0; i < 50; i++) await send(pacer, 100, 'ok');
		const a = await pacer.book('k', 100, MINUTE);
		const b = await pacer.book('k', 100, MINUTE);
		clock.t = 100;
		a.answered('limited', 5_000);
		expect(pacer.budget('k')).toBe(50);
		// b was sent before the cut: its 429 is the same news, not a second cut.
		b.answered('limited', 5_000);
		expect(pacer.budget('k')).toBe(50);
		// Held for the Retry-After, then one probe (the window holds 52 of a budget of 50).
		expect(await pacer.take('k', 100, MINUTE)).toBe(5_000);
	});

	test('one cut takes at most three quarters; a budget never drops below 1', async () => {
		const clock = fakeClock();
		const pacer = new Pacer(clock);
		await send(pacer, 100, 'limited'); // nothing got through: a quarter
		expect(pacer.budget('k')).toBe(25);
		clock.t += 1;
		await send(pacer, 100, 'limited');
		expect(pacer.budget('k')).toBe(6.25);
		for (let i = 0; i < 3; i++) {
			clock.t += MINUTE; // an empty window, so the request is not a probe
			await send(pacer, 100, 'limited');
		}
		expect(pacer.budget('k')).toBe(1);
	});

	test("while its window is full below the credential's value, one probe per quarter slot: through adds one, refused backs off", async () => {
		const clock = fakeClock();
		const pacer = new Pacer(clock);
		for (let i = 0; i < 40; i++) await send(pacer, 100, 'ok');
		await send(pacer, 100, 'limited'); // no Retry-After: no hold
		expect(pacer.budget('k')).toBe(40);
		// 41 in the window, budget 40: the first probe goes at once, the next a quarter slot (150 ms) later.
		const first = await pacer.book('k', 100, MINUTE);
		expect(first.waited).toBe(0);
		first.answered('ok');
		expect(pacer.budget('k')).toBe(41);
		const second = await pacer.book('k', 100, MINUTE);
		expect(second.waited).toBe(MINUTE / 100 / ADAPTATION.probesPerSlot);
		// A refused probe does not cut the budget; the next waits a tenth of a window, then twice that.
		second.answered('limited');
		expect(pacer.budget('k')).toBe(41);
		const third = await pacer.book('k', 100, MINUTE);
		expect(third.waited).toBe(MINUTE * ADAPTATION.probeBackoff);
		third.answered('limited');
		const fourth = await pacer.book('k', 100, MINUTE);
		expect(fourth.waited).toBe(2 * MINUTE * ADAPTATION.probeBackoff);
		fourth.answered('ok');
		expect(pacer.budget('k')).toBe(42);
		expect((await pacer.book('k', 100, MINUTE)).waited).toBe(
			MINUTE / 100 / ADAPTATION.probesPerSlot,
		);
	});

	test("at the credential's value there are no probes: a full window waits for its oldest request; a lower value applies at once", async () => {
		const clock = fakeClock();
		const pacer = new Pacer(clock);
		for (let i = 0; i < 5; i++) await send(pacer, 5, 'ok');
		expect(await pacer.take('k', 5, MINUTE)).toBe(MINUTE);
		expect(pacer.budget('k')).toBe(5);
		await pacer.take('k', 2, MINUTE);
		expect(pacer.budget('k')).toBe(2);
	});
});
