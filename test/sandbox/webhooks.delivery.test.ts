/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * Delivery contract: signed HTTPS POSTs to a real receiver on 127.0.0.1, event matching, payload modes,
 * retries on the manual clock, disabling after failures, the test endpoint and the delivery log.
 */
import { createHmac } from 'crypto';

import type { Page } from '../../sandbox/lists';
import type { Movement } from '../../sandbox/records';
import type { DomainEvent } from '../../sandbox/types';
import type { LogEntry } from '../../sandbox/webhooks/service';
import type { SubscriptionView } from '../../sandbox/webhooks/subscription';
import { SandboxHarness, type HarnessOptions } from './webhooksHarness';
import {
	expectedSignature,
	loopbackCertificate,
	Receiver,
	type Certificate,
} from './webhooksReceiver';

const LOG_SHAPE = [
	'rec',
	'event',
	'reference',
	'statusCode',
	'success',
	'attempt',
	'duration',
	'errorMessage',
	'payloadSize',
	'created',
];

const received: DomainEvent = {
	event: 'inventory.received',
	data: {
		recNo: 501,
		partNo: 12,
		shortID: 'BOLT-M8',
		wID: 1,
		spot: 'A-01',
		units: 40,
		unitCost: 0.12,
	},
	ids: { recNo: 501, partNo: 12, shortID: 'BOLT-M8', wID: 1 },
	reference: 'RecNo:501',
};

const issued: DomainEvent = { ...received, event: 'inventory.issued', reference: 'RecNo:502' };

let certificate: Certificate;
let receiver: Receiver;
let api: SandboxHarness;

beforeAll(async () => {
	certificate = await loopbackCertificate();
	receiver = await Receiver.start(certificate);
});

afterAll(async () => {
	await receiver.close();
});

beforeEach(() => {
	receiver.deliveries.length = 0;
	receiver.reply = () => ({ status: 200, body: 'ok' });
});

afterEach(async () => await api.close());

/** A harness trusting the receiver's certificate, with small retry settings unless told otherwise. */
async function start(options: HarnessOptions = {}): Promise<SandboxHarness> {
	api = await SandboxHarness.start({
		ca: [certificate.cert],
		maxAttempts: 4,
		backoffBaseMs: 1000,
		disableAfterFailures: 6,
		...options,
	});
	return api;
}

async function subscribe(overrides: Record<string, unknown> = {}, client = 'demo') {
	const answer = await api.call('webhook.create', {
		client,
		body: {
			name: 'Stock feed',
			url: receiver.url(),
			events: 'inventory.received',
			payloadMode: 1,
			active: true,
			...overrides,
		},
	});
	expect(answer.status).toBe(201);
	return answer.body as { rec: number; secret: string };
}

const json = (raw: Buffer) => JSON.parse(raw.toString('utf8'));
const get = async (rec: number) => (await api.call<SubscriptionView>('webhook.get', { rec })).body;
const log = async (rec: number, query: Record<string, string | number> = {}) =>
	(await api.call<Page<LogEntry>>('webhook.log', { rec, query })).body;

describe('delivery', () => {
	it('POSTs {event, data} over HTTPS with a signature over the exact bytes and the service headers', async () => {
		await start();
		const { rec, secret } = await subscribe({
			headers: { 'X-Team': 'ops', Authorization: 'Bearer gateway-key' },
		});
		api.publish(received);
		await api.webhooks.idle();

		expect(receiver.deliveries).toHaveLength(1);
		const [delivery] = receiver.deliveries;
		expect(delivery.method).toBe('POST');
		expect(delivery.path).toBe('/hook');
		expect(json(delivery.raw)).toEqual({ event: 'inventory.received', data: received.data });
		expect(delivery.headers['x-webhook-signature']).toBe(expectedSignature(secret, delivery.raw));
		expect(delivery.headers['x-webhook-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
		expect(delivery.headers['content-type']).toBe('application/json');
		expect(delivery.headers['x-webhook-event']).toBe('inventory.received');
		expect(delivery.headers['x-webhook-delivery']).toMatch(/^[0-9a-f-]{36}$/);
		expect(delivery.headers['user-agent']).toBe('InventoryPro-Webhooks/2');
		expect(delivery.headers['x-team']).toBe('ops');
		expect(delivery.headers.authorization).toBe('Bearer gateway-key');
		expect(delivery.headers['content-length']).toBe(String(delivery.raw.length));

		expect(await get(rec)).toMatchObject({
			failureCount: 0,
			lastSuccess: '2026-01-05T08:00:00.000Z',
			lastFailure: null,
			lastError: null,
		});
	});

	it('signs a secret with non-ASCII characters as UTF-8, and a body with non-ASCII data byte for byte', async () => {
		await start();
		const { secret } = await subscribe({ secret: 'clé-secrète-✓' });
		api.publish({ ...received, data: { ...received.data, description: 'Schraube Ø8 – verzinkt' } });
		await api.webhooks.idle();
		const [delivery] = receiver.deliveries;
		expect(json(delivery.raw).data.description).toBe('Schraube Ø8 – verzinkt');
		expect(delivery.headers['x-webhook-signature']).toBe(expectedSignature(secret, delivery.raw));
		expect(delivery.headers['x-webhook-signature']).not.toBe(
			`sha256=${createHmac('sha256', Buffer.from(secret, 'latin1')).update(delivery.raw).digest('hex')}`,
		);
	});

	it('sends identifiers only for payloadMode 2', async () => {
		await start();
		await subscribe({ payloadMode: 2 });
		api.publish(received);
		await api.webhooks.idle();
		expect(json(receiver.deliveries[0].raw)).toEqual({
			event: 'inventory.received',
			data: received.ids,
		});
	});

	it('matches exact event types from the comma-separated list, spaces trimmed', async () => {
		await start();
		await subscribe({ url: receiver.url('/both'), events: ' item.created , inventory.received ' });
		await subscribe({ url: receiver.url('/issued'), events: 'inventory.issued' });
		await subscribe({
			url: receiver.url('/prefix'),
			events: 'inventory.rec,inventory.received.extra',
		});
		api.publish(received);
		api.publish(issued);
		await api.webhooks.idle();
		expect(receiver.at('/both').map((d) => json(d.raw).event)).toEqual(['inventory.received']);
		expect(receiver.at('/issued').map((d) => json(d.raw).event)).toEqual(['inventory.issued']);
		expect(receiver.at('/prefix')).toHaveLength(0);
	});

	it("delivers to every client's matching subscription, and never to an inactive one", async () => {
		await start();
		await subscribe({ url: receiver.url('/demo') });
		await subscribe({ url: receiver.url('/other') }, 'other');
		await subscribe({ url: receiver.url('/inactive'), active: false });
		api.publish(received);
		await api.webhooks.idle();
		expect(receiver.at('/demo')).toHaveLength(1);
		expect(receiver.at('/other')).toHaveLength(1);
		expect(receiver.at('/inactive')).toHaveLength(0);
	});

	it('uses the new secret after a PUT that sends one, keeps the old one after a PUT that does not', async () => {
		await start();
		const { rec, secret } = await subscribe({ headers: { 'X-Old': '1' } });
		const base = {
			name: 'Stock feed',
			url: receiver.url(),
			events: 'inventory.received',
			payloadMode: 1,
			active: true,
		};
		expect(
			(await api.call('webhook.update', { rec, body: { ...base, headers: { 'X-New': '2' } } }))
				.status,
		).toBe(200);
		api.publish(received);
		await api.webhooks.idle();
		expect(receiver.deliveries[0].headers['x-webhook-signature']).toBe(
			expectedSignature(secret, receiver.deliveries[0].raw),
		);
		// Headers are replaced wholesale.
		expect(receiver.deliveries[0].headers['x-new']).toBe('2');
		expect(receiver.deliveries[0].headers['x-old']).toBeUndefined();

		expect(
			(await api.call('webhook.update', { rec, body: { ...base, secret: 'rotated-secret' } }))
				.status,
		).toBe(200);
		api.publish(received);
		await api.webhooks.idle();
		const latest = receiver.deliveries[1];
		expect(latest.headers['x-webhook-signature']).toBe(
			expectedSignature('rotated-secret', latest.raw),
		);
		expect(latest.headers['x-webhook-signature']).not.toBe(expectedSignature(secret, latest.raw));
		expect(latest.headers['x-new']).toBeUndefined();
	});

	it('refuses a receiver whose certificate it does not trust (statusCode 0, TLS error logged)', async () => {
		await start({ ca: undefined, maxAttempts: 1 });
		const { rec } = await subscribe();
		api.publish(received);
		await api.webhooks.idle();
		expect(receiver.deliveries).toHaveLength(0);
		const [entry] = (await log(rec)).value;
		expect(entry).toMatchObject({ success: false, statusCode: 0, attempt: 1 });
		expect(entry.errorMessage).toMatch(/certificate/i);
		expect(await get(rec)).toMatchObject({ failureCount: 1, lastError: entry.errorMessage });
	});

	it('delivers to a self-signed receiver with trustSelfSigned', async () => {
		await start({ ca: undefined, trustSelfSigned: true });
		await subscribe();
		api.publish(received);
		await api.webhooks.idle();
		expect(receiver.deliveries).toHaveLength(1);
	});
});

describe('failures and retries', () => {
	it('retries a non-2xx answer after 1 s, 2 s, 4 s on the clock, same delivery id, each attempt logged', async () => {
		await start({ maxAttempts: 4 });
		receiver.reply = () => ({ status: 500, body: 'database down' });
		const { rec } = await subscribe();
		api.publish(received);
		await api.webhooks.idle();
		expect(receiver.deliveries).toHaveLength(1);
		expect(api.webhooks.pendingRetries()).toBe(1);

		const schedule = [1000, 2000, 4000];
		for (const [index, delay] of schedule.entries()) {
			api.clock.advance(delay - 1);
			await api.webhooks.idle();
			expect(receiver.deliveries).toHaveLength(index + 1);
			api.clock.advance(1);
			await api.webhooks.idle();
			expect(receiver.deliveries).toHaveLength(index + 2);
		}
		// maxAttempts reached: nothing more is scheduled.
		expect(api.webhooks.pendingRetries()).toBe(0);
		api.clock.advance(3_600_000);
		await api.webhooks.idle();
		expect(receiver.deliveries).toHaveLength(4);

		const ids = new Set(receiver.deliveries.map((d) => d.headers['x-webhook-delivery']));
		expect(ids.size).toBe(1);
		expect(new Set(receiver.deliveries.map((d) => d.raw.toString('hex'))).size).toBe(1);

		const page = await log(rec);
		expect(page.totalCount).toBe(4);
		expect(page.value.map((e: { attempt: number }) => e.attempt)).toEqual([4, 3, 2, 1]);
		expect(page.value.map((e: { created: string }) => e.created)).toEqual([
			'2026-01-05T08:00:07.000Z',
			'2026-01-05T08:00:03.000Z',
			'2026-01-05T08:00:01.000Z',
			'2026-01-05T08:00:00.000Z',
		]);
		expect(await get(rec)).toMatchObject({
			active: true,
			disableType: 0,
			failureCount: 4,
			lastSuccess: null,
			lastFailure: '2026-01-05T08:00:07.000Z',
			lastError: 'HTTP 500 Internal Server Error: database down',
		});
	});

	it('logs every attempt in the spec shape, and a success resets failureCount', async () => {
		await start();
		let failures = 1;
		receiver.reply = () => (failures-- > 0 ? { status: 503 } : { status: 204 });
		const { rec } = await subscribe();
		api.publish(received);
		await api.webhooks.idle();
		expect((await get(rec)).failureCount).toBe(1);
		api.clock.advance(1000);
		await api.webhooks.idle();

		const page = await log(rec);
		expect(page).toMatchObject({
			totalCount: 2,
			page: 1,
			pageSize: 25,
			pageCount: 1,
			hasMore: false,
		});
		const [second, first] = page.value;
		for (const entry of page.value) expect(Object.keys(entry)).toEqual(LOG_SHAPE);
		expect(first).toMatchObject({
			event: 'inventory.received',
			reference: 'RecNo:501',
			statusCode: 503,
			success: false,
			attempt: 1,
			errorMessage: 'HTTP 503 Service Unavailable',
			payloadSize: receiver.deliveries[0].raw.length,
			created: '2026-01-05T08:00:00.000Z',
		});
		expect(second).toMatchObject({
			statusCode: 204,
			success: true,
			attempt: 2,
			errorMessage: null,
		});
		expect(second.rec).toBeGreaterThan(first.rec);
		expect(typeof first.duration).toBe('number');
		expect(first.duration).toBeGreaterThan(0);
		expect(await get(rec)).toMatchObject({
			failureCount: 0,
			lastSuccess: '2026-01-05T08:00:01.000Z',
			lastFailure: '2026-01-05T08:00:00.000Z',
			lastError: 'HTTP 503 Service Unavailable',
			failureDays: 0,
		});
		expect(api.webhooks.pendingRetries()).toBe(0);
	});

	it('counts a timeout as a failure with statusCode 0', async () => {
		await start({ timeoutMs: 300, maxAttempts: 1 });
		receiver.reply = () => 'hang';
		const { rec } = await subscribe();
		api.publish(received);
		await api.webhooks.idle();
		const [entry] = (await log(rec)).value;
		expect(entry).toMatchObject({
			success: false,
			statusCode: 0,
			errorMessage: 'Timed out after 300 ms.',
		});
		expect(entry.duration).toBeGreaterThanOrEqual(290);
		expect(receiver.deliveries).toHaveLength(1);
	});

	it('disables the subscription (disableType 1) at the failure threshold and stops delivering', async () => {
		await start({ maxAttempts: 5, disableAfterFailures: 3 });
		receiver.reply = () => ({ status: 502 });
		const { rec } = await subscribe();
		api.publish(received);
		await api.webhooks.idle();
		api.clock.advance(1000);
		await api.webhooks.idle();
		expect(await get(rec)).toMatchObject({ active: true, failureCount: 2 });
		api.clock.advance(2000);
		await api.webhooks.idle();

		expect(await get(rec)).toMatchObject({
			active: false,
			disableType: 1,
			failureCount: 3,
			modified: '2026-01-05T08:00:03.000Z',
		});
		expect(api.webhooks.pendingRetries()).toBe(0);
		api.clock.advance(3_600_000);
		api.publish(received);
		await api.webhooks.idle();
		expect(receiver.deliveries).toHaveLength(3);
		expect((await log(rec)).totalCount).toBe(3);
		const test = await api.call('webhook.test', { rec });
		expect(test.status).toBe(409);
	});

	it('PUT with active true re-enables a subscription disabled by failures, and delivery resumes', async () => {
		await start({ maxAttempts: 1, disableAfterFailures: 2 });
		receiver.reply = () => ({ status: 500 });
		const { rec } = await subscribe();
		api.publish(received);
		api.publish(received);
		await api.webhooks.idle();
		expect(await get(rec)).toMatchObject({ active: false, disableType: 1, failureCount: 2 });

		receiver.reply = () => ({ status: 200 });
		const body = {
			name: 'Stock feed',
			url: receiver.url(),
			events: 'inventory.received',
			payloadMode: 1,
			active: true,
		};
		const answer = await api.call('webhook.update', { rec, body });
		expect(answer.body).toMatchObject({ active: true, disableType: 0, failureCount: 0 });
		api.publish(received);
		await api.webhooks.idle();
		expect(receiver.deliveries).toHaveLength(3);
		expect(await get(rec)).toMatchObject({
			active: true,
			failureCount: 0,
			lastSuccess: '2026-01-05T08:00:00.000Z',
		});
	});

	it('cancels pending retries when the subscription is deleted or disabled manually', async () => {
		await start();
		receiver.reply = () => ({ status: 500 });
		const first = await subscribe({ url: receiver.url('/deleted') });
		const second = await subscribe({ url: receiver.url('/paused') });
		api.publish(received);
		await api.webhooks.idle();
		expect(api.webhooks.pendingRetries()).toBe(2);

		expect((await api.call('webhook.delete', { rec: first.rec })).status).toBe(200);
		const paused = {
			name: 'p',
			url: receiver.url('/paused'),
			events: 'inventory.received',
			payloadMode: 1,
			active: false,
		};
		expect(
			(await api.call('webhook.update', { rec: second.rec, body: paused })).body.disableType,
		).toBe(2);
		expect(api.webhooks.pendingRetries()).toBe(0);
		api.clock.advance(60_000);
		await api.webhooks.idle();
		expect(receiver.at('/deleted')).toHaveLength(1);
		expect(receiver.at('/paused')).toHaveLength(1);
	});

	it('counts failureDays from the last success', async () => {
		await start({ maxAttempts: 1 });
		const { rec } = await subscribe();
		api.clock.advance(5 * 86_400_000);
		api.publish(received);
		await api.webhooks.idle();
		expect((await get(rec)).failureDays).toBe(0);
		receiver.reply = () => ({ status: 500 });
		api.clock.advance(2 * 86_400_000 + 3_600_000);
		api.publish(received);
		await api.webhooks.idle();
		expect(await get(rec)).toMatchObject({ failureDays: 2, failureCount: 1 });
	});
});

describe('POST /Webhook/{rec}/test', () => {
	it('sends {"event":"test","data":{…}} signed, and answers the result with the exact payload text', async () => {
		await start();
		const { rec, secret } = await subscribe();
		const answer = await api.call('webhook.test', { rec });
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.body).sort()).toEqual([
			'duration',
			'errorMessage',
			'payload',
			'statusCode',
			'success',
		]);
		expect(answer.body).toMatchObject({ success: true, statusCode: 200, errorMessage: null });
		expect(answer.body.duration).toBeGreaterThan(0);

		expect(receiver.deliveries).toHaveLength(1);
		const [delivery] = receiver.deliveries;
		expect(delivery.raw.toString('utf8')).toBe(answer.body.payload);
		const payload = json(delivery.raw);
		expect(Object.keys(payload)).toEqual(['event', 'data']);
		expect(payload.event).toBe('test');
		expect(payload.data).toMatchObject({ rec, name: 'Stock feed' });
		expect(delivery.headers['x-webhook-event']).toBe('test');
		expect(delivery.headers['x-webhook-signature']).toBe(expectedSignature(secret, delivery.raw));

		const [entry] = (await log(rec)).value;
		expect(entry).toMatchObject({
			event: 'test',
			reference: `RecNo:${rec}`,
			success: true,
			attempt: 1,
		});
	});

	it('reports a failing receiver without retrying or counting it against the subscription', async () => {
		await start();
		receiver.reply = () => ({ status: 404, body: 'no such hook' });
		const { rec } = await subscribe();
		const answer = await api.call('webhook.test', { rec });
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({
			success: false,
			statusCode: 404,
			errorMessage: 'HTTP 404 Not Found: no such hook',
		});
		expect(api.webhooks.pendingRetries()).toBe(0);
		expect(await get(rec)).toMatchObject({ active: true, failureCount: 0, lastFailure: null });
		expect((await log(rec)).value[0]).toMatchObject({
			event: 'test',
			success: false,
			statusCode: 404,
		});
	});
});

describe('GET /Webhook/{rec}/log', () => {
	it('pages newest first by default, and sorts as asked', async () => {
		await start({ maxAttempts: 1 });
		const { rec } = await subscribe({ events: 'inventory.received,inventory.issued' });
		for (let i = 0; i < 3; i++) {
			api.publish(i === 1 ? issued : received);
			await api.webhooks.idle();
			api.clock.advance(1000);
		}
		const first = await api.call<Page<LogEntry>>('webhook.log', { rec, query: { pageSize: 2 } });
		expect(first.status).toBe(200);
		expect(first.headers).toMatchObject({
			'x-total-count': '3',
			'x-page-size': '2',
			'x-page': '1',
		});
		expect(first.body).toMatchObject({
			totalCount: 3,
			page: 1,
			pageSize: 2,
			pageCount: 2,
			hasMore: true,
		});
		const recs = first.body.value.map((e: { rec: number }) => e.rec);
		expect(recs[0]).toBeGreaterThan(recs[1]);
		expect(first.body.value.map((e: { reference: string }) => e.reference)).toEqual([
			'RecNo:501',
			'RecNo:502',
		]);

		const ascending = await log(rec, { direction: 'ASC' });
		expect(ascending.value.map((e: { event: string }) => e.event)).toEqual([
			'inventory.received',
			'inventory.issued',
			'inventory.received',
		]);
		const byEvent = await log(rec, { sort: 'event', direction: 'DESC' });
		expect(byEvent.value.map((e: { event: string }) => e.event)).toEqual([
			'inventory.received',
			'inventory.received',
			'inventory.issued',
		]);
		const bad = await api.call('webhook.log', { rec, query: { direction: 'sideways' } });
		expect(bad.status).toBe(400);
		expect(bad.body.message).toBe('Invalid sort column or direction.');
	});
});

describe('sandbox writes', () => {
	it('POST /Inventory/Receive delivers a signed inventory.received event: the record, or its identifiers', async () => {
		await start();
		const full = await subscribe({ url: receiver.url('/full') });
		const ids = await subscribe({
			url: receiver.url('/ids'),
			payloadMode: 2,
			events: 'inventory.received,inventory.issued',
		});
		const item = api.sandbox.store.items.rows[0];
		const warehouseID = api.sandbox.store.warehouses.rows[0].warehouseID;
		const answer = await api
			.client()
			.post<Movement>('/Inventory/Receive', { itemID: item.shortID, wID: warehouseID, units: 7 });
		expect(answer.status).toBe(201);
		await api.webhooks.idle();

		const [delivery] = receiver.at('/full');
		expect(receiver.at('/full')).toHaveLength(1);
		expect(delivery.headers['x-webhook-signature']).toBe(
			expectedSignature(full.secret, delivery.raw),
		);
		expect(delivery.headers['x-webhook-event']).toBe('inventory.received');
		expect(json(delivery.raw)).toEqual({ event: 'inventory.received', data: answer.body });
		expect(answer.body).toMatchObject({ shortID: item.shortID, wID: warehouseID, units: 7 });

		const [short] = receiver.at('/ids');
		expect(receiver.at('/ids')).toHaveLength(1);
		expect(short.headers['x-webhook-signature']).toBe(expectedSignature(ids.secret, short.raw));
		expect(json(short.raw)).toEqual({
			event: 'inventory.received',
			data: {
				recNo: answer.body.recNo,
				partNo: item.partNo,
				shortID: item.shortID,
				wID: warehouseID,
			},
		});

		const [entry] = (await log(full.rec)).value;
		expect(entry).toMatchObject({
			event: 'inventory.received',
			reference: `RecNo:${answer.body.recNo}`,
			statusCode: 200,
			success: true,
			attempt: 1,
			payloadSize: delivery.raw.length,
		});
	});

	it('a failed write publishes nothing', async () => {
		await start();
		await subscribe();
		const answer = await api
			.client()
			.post('/Inventory/Receive', { itemID: 'NO-SUCH-ITEM', wID: 1, units: 7 });
		expect(answer.status).toBeGreaterThanOrEqual(400);
		await api.webhooks.idle();
		expect(receiver.deliveries).toHaveLength(0);
	});
});

describe('shutdown', () => {
	it('close() aborts a delivery under way and drops pending retries', async () => {
		await start({ timeoutMs: 60_000 });
		receiver.reply = (delivery) => (delivery.path === '/slow' ? 'hang' : { status: 500 });
		await subscribe({ url: receiver.url('/slow') });
		await subscribe({ url: receiver.url('/failing') });
		api.publish(received);
		// Wait until the hanging request has reached the receiver (up to 10 s: a busy machine is slow).
		for (let i = 0; i < 1000 && receiver.at('/slow').length === 0; i++)
			await new Promise((r) => setTimeout(r, 10));
		expect(receiver.at('/slow')).toHaveLength(1);
		const started = Date.now();
		api.webhooks.close();
		await api.webhooks.idle();
		// Aborted, not waited out: the delivery's own timeout is 60 s (a generous bound, for a busy machine).
		expect(Date.now() - started).toBeLessThan(30_000);
		expect(api.webhooks.pendingRetries()).toBe(0);
	});
});
