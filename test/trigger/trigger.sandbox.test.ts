/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Test code that never ships: it waits on setImmediate, not on the clock. */
// The trigger's lifecycle and deliveries, end to end in-process: n8n-core's HookContext and
// WebhookContext drive the built node, which talks to the sandbox over HTTPS; the sandbox delivers
// signed events to the harness's HTTPS receiver.
import { createHmac } from 'crypto';

import type { INodeParameters, NodeApiError, NodeOperationError } from 'n8n-workflow';

import { deriveSigningSecret } from '../../nodes/InventoryProTrigger/signature';
import type { Page } from '../../sandbox/lists';
import type { Movement } from '../../sandbox/records';
import type { SubscriptionView } from '../../sandbox/webhooks/subscription';
import { WEBHOOK_ID, TriggerHarness } from '../harness/triggerHarness';
import { startTriggerSuite, type TriggerSuite } from '../harness/triggerSuite';

let suite: TriggerSuite;
const open: TriggerHarness[] = [];

const RECEIPT_EVENTS: INodeParameters = { events: ['inventory.received'] };

async function trigger(
	parameters: INodeParameters = RECEIPT_EVENTS,
	options: { webhookScheme?: 'http' } = {},
) {
	const harness = await suite.newTrigger({ parameters, ...options });
	open.push(harness);
	return harness;
}

/** The subscriptions of the demo client delivering to `url`, as the service reports them. */
async function subscriptionsFor(url: string): Promise<SubscriptionView[]> {
	const answer = await suite.api.get<Page<SubscriptionView>>('/Webhook', { pageSize: 250 });
	expect(answer.status).toBe(200);
	return answer.body.value.filter((sub) => sub.url === url);
}

async function receive(units = 5): Promise<Movement> {
	const shortID = suite.sandbox.store.items.rows[0].shortID;
	const answer = await suite.api.post<Movement>('/Inventory/Receive', {
		itemID: shortID,
		wID: 1,
		units,
	});
	expect(answer.status).toBe(201);
	return answer.body;
}

/** Waits (on events, not the clock) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
	while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

/** Waits for the service's deliveries and the executions they started. */
async function settle(harness: TriggerHarness): Promise<void> {
	await suite.sandbox.webhooks.idle();
	await harness.idle();
}

const sign = (body: Buffer, secret: string) =>
	`sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex')}`;

beforeAll(async () => {
	suite = await startTriggerSuite();
});

afterEach(async () => {
	for (const harness of open.splice(0)) {
		if (harness.memory().rec !== undefined) await harness.deactivate();
		await harness.close();
	}
	suite.sandbox.resetStats();
});

afterAll(async () => {
	await suite?.close();
});

describe('activation', () => {
	it('registers exactly one subscription with the node URL, events and a name for the workflow', async () => {
		const harness = await trigger({
			events: ['inventory.received', 'item.created'],
			otherEvents: 'asset.updated',
		});
		await harness.activate();
		// One list (to adopt a lost registration), one create; nothing else.
		expect(suite.webhookRequests()).toEqual({ 'webhook.list': 1, 'webhook.create': 1 });

		const subs = await subscriptionsFor(harness.productionUrl);
		expect(subs).toHaveLength(1);
		expect(subs[0]).toMatchObject({
			name: `n8n: Stock alerts (${harness.workflowId})`,
			url: harness.productionUrl,
			payloadMode: 1,
			active: true,
			disableType: 0,
		});
		expect(subs[0].events.split(',').sort()).toEqual([
			'asset.updated',
			'inventory.received',
			'item.created',
		]);

		// Static data: the subscription id and a fingerprint, nothing secret.
		const saved = harness.memory();
		expect(Object.keys(saved)).toEqual(['node:Inventory Pro Trigger']);
		expect(saved['node:Inventory Pro Trigger']).toMatchObject({
			rec: subs[0].rec,
			fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
			url: harness.productionUrl,
			// A new subscription: its whole delivery log is the trigger's to catch up from.
			logOf: subs[0].rec,
			logAfter: 0,
		});
		const secret = deriveSigningSecret(suite.clientSecret, harness.workflowId, WEBHOOK_ID);
		expect(JSON.stringify(saved)).not.toContain(secret);
		expect(JSON.stringify(saved)).not.toContain(suite.clientSecret);
	});

	it('re-checks without writing when nothing changed (restart on the re-checking path)', async () => {
		const harness = await trigger();
		await harness.activate();
		suite.sandbox.resetStats();
		await harness.activate('init');
		expect(suite.webhookRequests()).toEqual({ 'webhook.get': 1 });
		expect(await subscriptionsFor(harness.productionUrl)).toHaveLength(1);
	});

	it('fails on an http:// webhook URL, saying how to fix it, before sending anything', async () => {
		const harness = await trigger(RECEIPT_EVENTS, { webhookScheme: 'http' });
		const error = await harness.activate().then(
			() => undefined,
			(thrown: NodeOperationError) => thrown,
		);
		expect(error?.message).toMatch(/only to HTTPS.*"http:\/\/127\.0\.0\.1:\d+\/webhook\//);
		expect(error?.description).toContain("n8n's WEBHOOK_URL environment variable");
		expect(error?.description).toContain('https://');
		expect(suite.webhookRequests()).toEqual({});
	});

	it('refuses an empty event list, naming the field, before sending anything', async () => {
		const harness = await trigger({ events: [], otherEvents: '' });
		await expect(harness.activate()).rejects.toThrow(
			/^Events \(events\) needs at least one event type/,
		);
		expect(suite.webhookRequests()).toEqual({});
	});

	it('adopts subscriptions left at its URL (static data lost) instead of duplicating them', async () => {
		const harness = await trigger();
		await harness.activate();
		const { rec } = harness.memory()['node:Inventory Pro Trigger'] as { rec: number };
		// A second leftover at the same URL, e.g. from a create whose static data n8n never saved.
		const current = (await suite.api.get(`/Webhook/${rec}`)).body;
		const extra = await suite.api.post('/Webhook', {
			...current,
			rec: undefined,
			active: true,
			events: 'item.created',
		});
		expect(extra.status).toBe(201);
		harness.saved = {};
		harness.forgetProcessMemory();

		suite.sandbox.resetStats();
		await harness.activate();
		// The log read sets the catch-up start of the adopted subscription to now.
		expect(suite.webhookRequests()).toEqual({
			'webhook.list': 1,
			'webhook.update': 1,
			'webhook.delete': 1,
			'webhook.log': 1,
		});
		const subs = await subscriptionsFor(harness.productionUrl);
		expect(subs).toEqual([
			expect.objectContaining({ rec, events: 'inventory.received', active: true }),
		]);
		expect(harness.memory()['node:Inventory Pro Trigger']).toMatchObject({ rec });

		await receive();
		await settle(harness);
		expect(harness.executions).toHaveLength(1);
	});

	it('keeps every secret out of errors: a failed create reports the service, not the request', async () => {
		const harness = await trigger();
		suite.sandbox.failNext('webhook.create', 'validation_error');
		const error = await harness.activate().then(
			() => undefined,
			(thrown: NodeApiError) => thrown,
		);
		expect(error).toBeDefined();
		expect(error?.httpCode).toBe('400');
		const secret = deriveSigningSecret(suite.clientSecret, harness.workflowId, WEBHOOK_ID);
		const everything =
			JSON.stringify(error, Object.getOwnPropertyNames(error)) + String(error?.stack);
		expect(everything).not.toContain(secret);
		expect(everything).not.toContain(suite.clientSecret);
		expect(await subscriptionsFor(harness.productionUrl)).toHaveLength(0);
	});
});

describe('deliveries', () => {
	it('turns a stock receipt into one execution with event, data and the delivery headers', async () => {
		const harness = await trigger();
		await harness.activate();
		const receipt = await receive(7);
		await settle(harness);

		expect(harness.calls).toHaveLength(1);
		expect(harness.calls[0]).toMatchObject({ status: 200, executed: true });
		expect(harness.executions).toHaveLength(1);
		const [item] = harness.executions[0];
		expect(harness.executions[0]).toHaveLength(1);
		expect(item).toEqual({
			event: 'inventory.received',
			data: receipt,
			headers: {
				'user-agent': 'InventoryPro-Webhooks/2',
				'x-webhook-event': 'inventory.received',
				'x-webhook-delivery': expect.stringMatching(/^[0-9a-f-]{36}$/),
			},
			eventId: expect.stringMatching(/^[0-9a-f]{24}$/),
		});
		expect(JSON.stringify(item)).not.toContain('sha256=');

		const rec = harness.memory()['node:Inventory Pro Trigger'] as { rec: number };
		const log = await suite.api.get(`/Webhook/${rec.rec}/log`);
		expect(log.body.value).toEqual([
			expect.objectContaining({ event: 'inventory.received', success: true, statusCode: 200 }),
		]);
	});

	it('rejects tampered body, wrong secret, missing header and a replay with another body: 401, no execution', async () => {
		const harness = await trigger();
		await harness.activate();
		await receive(3);
		await receive(4);
		await settle(harness);
		expect(harness.executions).toHaveLength(2);
		const [first, second] = harness.calls;
		const headers = TriggerHarness.headersOf(first);
		const unsigned = { ...headers };
		delete unsigned['x-webhook-signature'];

		const tampered = Buffer.from(
			first.rawBody.toString('utf8').replace('"units":3', '"units":3000'),
		);
		expect(tampered.equals(first.rawBody)).toBe(false);
		const attempts: Array<[string, Buffer, Record<string, string>]> = [
			['tampered body', tampered, headers],
			[
				'wrong secret',
				first.rawBody,
				{ ...unsigned, 'x-webhook-signature': sign(first.rawBody, 'not-the-secret') },
			],
			['missing header', first.rawBody, unsigned],
			['replay with other body', second.rawBody, headers],
			[
				'malformed header',
				first.rawBody,
				{ ...unsigned, 'x-webhook-signature': headers['x-webhook-signature'].toUpperCase() },
			],
		];
		for (const [label, body, sent] of attempts) {
			expect([label, await harness.post(body, sent)]).toEqual([label, 401]);
		}
		expect(harness.calls.slice(2).map((call) => [call.status, call.executed])).toEqual(
			attempts.map(() => [401, false]),
		);
		expect(harness.executions).toHaveLength(2);

		// Control: the same request unaltered is accepted (200), so the 401s came from the signature
		// check; being a repeat of a delivery already run, it starts nothing.
		expect(await harness.post(first.rawBody, headers)).toBe(200);
		await harness.idle();
		expect(harness.calls[harness.calls.length - 1]).toMatchObject({ status: 200, executed: false });
		expect(harness.executions).toHaveLength(2);
	});

	it('acknowledges and drops a signed event the node did not subscribe to', async () => {
		const harness = await trigger();
		await harness.activate();
		const { rec } = harness.memory()['node:Inventory Pro Trigger'] as { rec: number };
		// Out of band: the subscription gains item.created (no secret sent, so the service keeps it).
		const current = (await suite.api.get(`/Webhook/${rec}`)).body;
		const put = await suite.api.put(`/Webhook/${rec}`, {
			name: current.name,
			url: current.url,
			events: 'inventory.received,item.created',
			payloadMode: 1,
			active: true,
		});
		expect(put.status).toBe(200);
		expect((await suite.api.post('/Item', { itemID: 'TRIGGER-DROP-1' })).status).toBe(201);
		await settle(harness);

		expect(harness.calls).toHaveLength(1);
		expect(harness.calls[0]).toMatchObject({ status: 200, executed: false });
		expect(JSON.parse(harness.calls[0].rawBody.toString()).event).toBe('item.created');
		expect(harness.executions).toHaveLength(0);
	});

	it('outputs identifiers as given and, when asked, the full item', async () => {
		const harness = await trigger({
			events: ['inventory.received'],
			payloadMode: 'identifiers',
			options: { fetchItem: true },
		});
		await harness.activate();
		const receipt = await receive(2);
		await settle(harness);

		const [item] = harness.executions[0];
		expect(item.data).toEqual({
			recNo: receipt.recNo,
			partNo: receipt.partNo,
			shortID: receipt.shortID,
			wID: receipt.wID,
		});
		expect(item.item).toMatchObject({ shortID: receipt.shortID, partNo: receipt.partNo });
		expect(suite.webhookRequests(['item.get'])).toEqual({ 'item.get': 1 });
	});
});

describe('answered on receipt (issue 43)', () => {
	it('before the run ends; a copy while it runs, or after it ran, starts nothing', async () => {
		const harness = await trigger({
			events: ['inventory.received'],
			payloadMode: 'identifiers',
			options: { fetchItem: true },
		});
		await harness.activate();
		// The run's Fetch Item Details waits until released: the run is on its way, its delivery answered.
		let release!: () => void;
		suite.sandbox.inject('item.get', {
			kind: 'slow',
			ms: 0,
			until: new Promise<void>((resolve) => (release = resolve)),
		});
		const { shortID } = suite.sandbox.store.items.rows[0];
		const payload = { event: 'inventory.received', data: { recNo: 880_201, shortID } };
		expect(await suite.deliver(harness, payload)).toBe(200);
		await until(() => suite.webhookRequests(['item.get'])['item.get'] === 1);
		expect(harness.executions).toHaveLength(0);
		expect(await suite.deliver(harness, payload)).toBe(200);
		release();
		await harness.idle();
		expect(await suite.deliver(harness, payload)).toBe(200);
		await harness.idle();
		expect(harness.executions).toHaveLength(1);
		expect(harness.executions[0][0]).toMatchObject({ data: { recNo: 880_201 }, item: { shortID } });
		expect(harness.calls.map((call) => [call.status, call.executed])).toEqual([
			[200, true],
			[200, false],
			[200, false],
		]);
	});
});

describe('healing and deactivation', () => {
	it('deletes the subscription on deactivation; a second deactivation and a 404 are no errors', async () => {
		const harness = await trigger();
		await harness.activate();
		const { rec } = harness.memory()['node:Inventory Pro Trigger'] as { rec: number };
		await harness.deactivate();
		expect(await subscriptionsFor(harness.productionUrl)).toHaveLength(0);
		expect(harness.memory()).toEqual({ 'node:Inventory Pro Trigger': {} });
		await receive();
		await settle(harness);
		expect(harness.calls).toHaveLength(0);

		await harness.deactivate();
		// Deleted out of band while active: deactivation meets a 404 and carries on.
		await harness.activate();
		const again = harness.memory()['node:Inventory Pro Trigger'] as { rec: number };
		expect(again.rec).not.toBe(rec);
		expect((await suite.api.delete(`/Webhook/${again.rec}`)).status).toBe(200);
		suite.sandbox.resetStats();
		await expect(harness.deactivate()).resolves.toBeUndefined();
		expect(suite.webhookRequests()).toEqual({ 'webhook.delete': 1 });
		expect(harness.memory()).toEqual({ 'node:Inventory Pro Trigger': {} });
	});

	it('creates a subscription deleted out of band again on the next activation', async () => {
		const harness = await trigger();
		await harness.activate();
		const { rec } = harness.memory()['node:Inventory Pro Trigger'] as { rec: number };
		expect((await suite.api.delete(`/Webhook/${rec}`)).status).toBe(200);

		suite.sandbox.resetStats();
		await harness.activate('init');
		expect(suite.webhookRequests()).toEqual({
			'webhook.get': 1,
			'webhook.list': 1,
			'webhook.create': 1,
		});
		const subs = await subscriptionsFor(harness.productionUrl);
		expect(subs).toHaveLength(1);
		expect(subs[0].rec).not.toBe(rec);

		await receive();
		await settle(harness);
		expect(harness.executions).toHaveLength(1);
	});

	it('re-enables a subscription disabled by failures with one PUT on the next activation', async () => {
		const harness = await trigger();
		await harness.activate();
		const { rec } = harness.memory()['node:Inventory Pro Trigger'] as { rec: number };

		harness.failWith = 503;
		for (let attempt = 0; attempt < 3; attempt++) {
			await receive(1);
			await settle(harness);
		}
		const disabled = (await suite.api.get(`/Webhook/${rec}`)).body;
		expect(disabled).toMatchObject({ active: false, disableType: 1, failureCount: 3 });

		harness.failWith = undefined;
		suite.sandbox.resetStats();
		await harness.activate('init');
		expect(suite.webhookRequests()).toEqual({ 'webhook.get': 1, 'webhook.update': 1 });
		const healed = await subscriptionsFor(harness.productionUrl);
		expect(healed).toEqual([
			expect.objectContaining({ rec, active: true, disableType: 0, failureCount: 0 }),
		]);

		await receive(9);
		await settle(harness);
		expect(harness.executions).toHaveLength(1);
		expect(harness.executions[0][0]).toMatchObject({
			event: 'inventory.received',
			data: { units: 9 },
		});
	});

	it('updates the subscription when the node settings changed', async () => {
		const harness = await trigger();
		await harness.activate();
		const { rec } = harness.memory()['node:Inventory Pro Trigger'] as { rec: number };
		harness.setParameters({
			events: ['inventory.received', 'inventory.issued'],
			payloadMode: 'identifiers',
			options: { customHeaders: { header: [{ name: 'X-Team', value: 'warehouse' }] } },
		});
		suite.sandbox.resetStats();
		await harness.activate('init');
		expect(suite.webhookRequests()).toEqual({ 'webhook.get': 1, 'webhook.update': 1 });
		const [sub] = await subscriptionsFor(harness.productionUrl);
		expect(sub).toMatchObject({
			rec,
			payloadMode: 2,
			events: 'inventory.received,inventory.issued',
		});

		await receive(1);
		await settle(harness);
		expect(harness.calls[0].headers['x-team']).toBe('warehouse');
		// Custom headers may carry a gateway key: they stay out of the output.
		expect(harness.executions[0][0].headers).not.toHaveProperty('x-team');
	});

	it('keeps verifying across a client-secret rotation and re-keys the subscription on the next activation', async () => {
		const harness = await trigger();
		await harness.activate();
		const { rec } = harness.memory()['node:Inventory Pro Trigger'] as { rec: number };
		suite.rotateSecret('rotated-demo-secret-2');
		try {
			// The service still signs with the secret derived from the old client secret: this process
			// verified with it before, so it still verifies until the re-key.
			await receive(1);
			await settle(harness);
			expect(harness.calls.map((call) => [call.status, call.executed])).toEqual([[200, true]]);

			suite.sandbox.resetStats();
			await harness.activate('init');
			expect(suite.webhookRequests()).toEqual({ 'webhook.get': 1, 'webhook.update': 1 });
			await receive(1);
			await settle(harness);
			expect(harness.calls.map((call) => [call.status, call.executed])).toEqual([
				[200, true],
				[200, true],
			]);
			// After the re-key the old secret no longer verifies.
			const oldSecret = deriveSigningSecret(
				'trigger-tests-dummy-secret-1',
				harness.workflowId,
				WEBHOOK_ID,
			);
			const body = Buffer.from(
				JSON.stringify({ event: 'inventory.received', data: { recNo: 999001 } }),
			);
			expect(
				await harness.post(body, {
					'content-type': 'application/json',
					'x-webhook-signature': sign(body, oldSecret),
				}),
			).toBe(401);
			expect((await suite.api.get(`/Webhook/${rec}`)).body).toMatchObject({ active: true });
		} finally {
			suite.rotateSecret(undefined);
		}
	});
});

describe('the test event', () => {
	it('flows through "listen for test event" and the registration is removed after it', async () => {
		const harness = await trigger();
		await harness.listenForTestEvent();
		const subs = await subscriptionsFor(harness.testUrl);
		expect(subs).toEqual([
			expect.objectContaining({
				name: `n8n (test): Stock alerts (${harness.workflowId})`,
				active: true,
			}),
		]);

		const result = await suite.api.post(`/Webhook/${subs[0].rec}/test`);
		expect(result.body).toMatchObject({ success: true, statusCode: 200 });
		await harness.idle();
		expect(harness.executions).toHaveLength(1);
		expect(harness.executions[0][0]).toMatchObject({
			event: 'test',
			data: { rec: subs[0].rec, message: expect.any(String) },
			headers: { 'x-webhook-event': 'test' },
		});
		expect(harness.listening).toBe(false);
		expect(await subscriptionsFor(harness.testUrl)).toHaveLength(0);
		// The editor's test never touched the saved static data.
		expect(harness.memory()).toEqual({});
	});

	it('starts each "listen for test event" afresh: a second one creates its subscription without looking for the first', async () => {
		const harness = await trigger();
		for (let round = 0; round < 2; round++) {
			suite.sandbox.resetStats();
			await harness.listenForTestEvent();
			expect(suite.webhookRequests()).toEqual({ 'webhook.list': 1, 'webhook.create': 1 });
			const [testSub] = await subscriptionsFor(harness.testUrl);
			expect((await suite.api.post(`/Webhook/${testSub.rec}/test`)).body).toMatchObject({
				success: true,
			});
			await harness.idle();
			expect(harness.executions).toHaveLength(round + 1);
			expect(harness.executions[round][0]).toMatchObject({ event: 'test' });
		}
	});

	it('registers the test URL beside an active production subscription and leaves that one alone', async () => {
		const harness = await trigger();
		await harness.activate();
		expect(await harness.tick()).toEqual({});
		await harness.listenForTestEvent();
		expect(await subscriptionsFor(harness.productionUrl)).toHaveLength(1);
		const [testSub] = await subscriptionsFor(harness.testUrl);
		expect(testSub).toBeDefined();

		await receive(1);
		await settle(harness);
		// Both subscriptions deliver; the test registration ends after its execution.
		expect(harness.calls.map((call) => call.path).sort()).toEqual(
			[new URL(harness.productionUrl).pathname, new URL(harness.testUrl).pathname].sort(),
		);
		expect(harness.executions).toHaveLength(2);
		expect(await subscriptionsFor(harness.testUrl)).toHaveLength(0);
		expect(await subscriptionsFor(harness.productionUrl)).toHaveLength(1);
		expect(harness.memory()['node:Inventory Pro Trigger']).toMatchObject({
			rec: expect.any(Number),
		});
		// Removing the test registration left the production trigger's process memory alone: the next
		// tick is a check, not treated as a fresh activation.
		suite.clock.advance(60_000);
		suite.sandbox.resetStats();
		expect(await harness.tick()).toEqual({});
		expect(suite.webhookRequests()).toMatchObject({ 'webhook.get': 1 });
	});

	it('can be acknowledged and dropped instead', async () => {
		const harness = await trigger({
			events: ['inventory.received'],
			options: { testEvent: 'drop' },
		});
		await harness.activate();
		const { rec } = harness.memory()['node:Inventory Pro Trigger'] as { rec: number };
		const result = await suite.api.post(`/Webhook/${rec}/test`);
		expect(result.body).toMatchObject({ success: true, statusCode: 200 });
		await harness.idle();
		expect(harness.calls).toHaveLength(1);
		expect(harness.executions).toHaveLength(0);
	});
});
