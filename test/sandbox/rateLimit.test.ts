/** Rate limiting (spec, Errors rule 5 and Limits): per client, sliding 60 s window of the clock. */
import { ScaledClock } from '../../sandbox/clock';
import { expectError, openSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
afterEach(() => t.sandbox.close());

async function burst(count: number, client = t.demo) {
	const statuses: number[] = [];
	for (let i = 0; i < count; i++) statuses.push((await client.get('/Warehouse')).status);
	return statuses;
}

describe('rate limit', () => {
	it('answers the 101st request within a minute with 429, message-only body and Retry-After', async () => {
		t = await openSandbox({ rateLimitPerMinute: 100 });
		await t.demo.token();
		expect(await burst(100)).toEqual(Array(100).fill(200));
		const limited = await t.demo.get('/Warehouse');
		expect(limited.status).toBe(429);
		expect(limited.text).toBe('{"message":"Rate Limit Exceeded. 100 per Minute."}');
		expect(limited.headers['retry-after']).toBe('60');
		expect(limited.headers['x-api-version']).toBe('v2');
		expect(limited.headers['content-type']).toBe('application/json; charset=utf-8');
		expect(t.sandbox.stats.rateLimited).toBe(1);
		expect(t.sandbox.stats.requests['warehouse.list']).toBe(101);
		expect(t.sandbox.stats.byClient.demo).toBe(101);
	});

	it('under a ScaledClock, Retry-After is the wait in real seconds (fractional)', async () => {
		t = await openSandbox({ rateLimitPerMinute: 2, clock: new ScaledClock(10) });
		await t.demo.token();
		expect(await burst(2)).toEqual([200, 200]);
		const limited = await t.demo.get('/Warehouse');
		expect(limited.status).toBe(429);
		// About 60 service seconds until the first slot frees: 6 real seconds at scale 10.
		const seconds = Number(limited.headers['retry-after']);
		expect(seconds).toBeGreaterThan(5);
		expect(seconds).toBeLessThanOrEqual(6);
	});

	it('states the configured limit in the message', async () => {
		t = await openSandbox({ rateLimitPerMinute: 3 });
		await burst(3);
		const limited = await t.demo.get('/Item');
		expect(limited.status).toBe(429);
		expect(limited.body).toEqual({ message: 'Rate Limit Exceeded. 3 per Minute.' });
	});

	it('slides: a slot frees 60 s after the request that took it, and Retry-After counts down to it', async () => {
		t = await openSandbox({ rateLimitPerMinute: 2 });
		await t.demo.token();
		await t.demo.get('/Warehouse'); // t = 0
		t.clock.advance(20_000);
		await t.demo.get('/Warehouse'); // t = 20 s
		t.clock.advance(15_500);
		const first = await t.demo.get('/Warehouse'); // t = 35.5 s: frees at 60 s
		expect(first.status).toBe(429);
		expect(first.headers['retry-after']).toBe('25');
		t.clock.advance(24_499);
		expect((await t.demo.get('/Warehouse')).status).toBe(429); // t = 59.999 s
		t.clock.advance(1);
		expect((await t.demo.get('/Warehouse')).status).toBe(200); // t = 60 s: the first slot is free
		const next = await t.demo.get('/Warehouse');
		expect(next.status).toBe(429);
		expect(next.headers['retry-after']).toBe('20'); // the 20 s request frees at 80 s
	});

	it('does not let 429 answers take slots', async () => {
		t = await openSandbox({ rateLimitPerMinute: 2 });
		await t.demo.token();
		await burst(2);
		expect(await burst(10)).toEqual(Array(10).fill(429));
		t.clock.advance(60_000);
		expect(await burst(2)).toEqual([200, 200]);
	});

	it('counts per client', async () => {
		t = await openSandbox({ rateLimitPerMinute: 2 });
		await burst(2);
		expect((await t.demo.get('/Warehouse')).status).toBe(429);
		expect(await burst(2, t.as('readonly'))).toEqual([200, 200]);
	});

	it('does not count token requests, nor requests without a valid token', async () => {
		t = await openSandbox({ rateLimitPerMinute: 2 });
		for (let i = 0; i < 5; i++) expect((await t.demo.requestToken()).status).toBe(200);
		for (let i = 0; i < 5; i++)
			expectError(await t.demo.get('/Warehouse', {}, { token: 'bogus' }), 401, 'unauthorized');
		expect(await burst(2)).toEqual([200, 200]);
	});

	it('counts requests that fail after the limiter (404, 403, 400)', async () => {
		t = await openSandbox({ rateLimitPerMinute: 3 });
		expect((await t.demo.get('/Nothing')).status).toBe(404);
		expect((await t.demo.post('/Item', {})).status).toBe(400);
		expect((await t.demo.get('/Item', { sort: 'bogus' })).status).toBe(400);
		expect((await t.demo.get('/Warehouse')).status).toBe(429);
	});

	it('resetStats() clears counters, the request log and the windows', async () => {
		t = await openSandbox({ rateLimitPerMinute: 1 });
		await burst(2);
		expect(t.sandbox.stats.rateLimited).toBe(1);
		const stats = t.sandbox.stats;
		t.sandbox.resetStats();
		expect(stats).toEqual({ requests: {}, byClient: {}, tokensIssued: 0, rateLimited: 0 });
		expect(t.sandbox.requests).toHaveLength(0);
		expect((await t.demo.get('/Warehouse')).status).toBe(200);
	});
});
