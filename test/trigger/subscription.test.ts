import type { INode, NodeOperationError } from 'n8n-workflow';

import { deliveryHeaders } from '../../nodes/InventoryProTrigger/delivery';
import {
	fingerprint,
	plan,
	subscriptionName,
	type SubscriptionBody,
} from '../../nodes/InventoryProTrigger/lifecycle';
import { parseEvents, parseHeaders, requireHttpsUrl } from '../../nodes/shared/validation/webhook';
import { allowing } from '../../nodes/shared/transport/status';

const node: INode = {
	id: 'n1',
	name: 'Inventory Pro Trigger',
	type: 'n8n-nodes-inventory-pro.inventoryProTrigger',
	typeVersion: 2,
	position: [0, 0],
	parameters: {},
};

const body = (overrides: Partial<SubscriptionBody> = {}): SubscriptionBody => ({
	name: 'n8n: Stock (wf1)',
	url: 'https://n8n.example.com/webhook/abc/webhook',
	events: 'inventory.received,item.created',
	payloadMode: 1,
	active: true,
	secret: 'a'.repeat(64),
	headers: { 'X-Team': 'ops' },
	...overrides,
});

describe('parseEvents', () => {
	it('joins chosen and typed events, de-duplicated', () => {
		expect(
			parseEvents(node, ['inventory.received'], 'asset.updated, inventory.received\nlocation.held'),
		).toEqual(['inventory.received', 'asset.updated', 'location.held']);
	});

	it('requires at least one event, naming the field', () => {
		expect(() => parseEvents(node, [], ' , ')).toThrow(
			/^Events \(events\) needs at least one event type/,
		);
	});

	it('refuses something that is not resource.action', () => {
		expect(() => parseEvents(node, [], 'inventory')).toThrow(
			'Other Event Types (otherEvents) "inventory" is not an event type',
		);
		expect(() => parseEvents(node, [], 'item.created;drop')).toThrow(/Other Event Types/);
	});
});

describe('parseHeaders', () => {
	it('turns pairs into an object', () => {
		expect(
			parseHeaders(node, [
				{ name: 'X-Team', value: 'ops' },
				{ name: 'X-Env', value: '' },
			]),
		).toEqual({
			'X-Team': 'ops',
			'X-Env': '',
		});
		expect(parseHeaders(node, undefined)).toEqual({});
	});

	it.each([
		[[{ name: 'Bad Header', value: 'x' }], /not a valid header name/],
		[[{ name: '', value: 'x' }], /not a valid header name/],
		[[{ name: 'X-Webhook-Signature', value: 'x' }], /set by the service/],
		[[{ name: 'content-type', value: 'x' }], /set by the service/],
		[[{ name: 'X-A', value: 'a\r\nX-Injected: 1' }], /line break/],
		[
			[
				{ name: 'X-A', value: '1' },
				{ name: 'x-a', value: '2' },
			],
			/given twice/,
		],
	])('refuses %j', (pairs, message) => {
		expect(() => parseHeaders(node, pairs)).toThrow(message);
		expect(() => parseHeaders(node, pairs)).toThrow(/^Custom Headers \(customHeaders\) /);
	});
});

describe('requireHttpsUrl', () => {
	it('passes an https URL through', () => {
		expect(requireHttpsUrl(node, 'https://n8n.example.com/webhook/x/webhook')).toBe(
			'https://n8n.example.com/webhook/x/webhook',
		);
	});

	it('fails an http URL with the fix in the description', () => {
		let error: NodeOperationError | undefined;
		try {
			requireHttpsUrl(node, 'http://localhost:5678/webhook/x/webhook');
		} catch (caught) {
			error = caught as NodeOperationError;
		}
		expect(error?.message).toContain('only to HTTPS');
		expect(error?.message).toContain('http://localhost:5678/webhook/x/webhook');
		expect(error?.description).toContain('WEBHOOK_URL');
		expect(() => requireHttpsUrl(node, undefined)).toThrow(/only to HTTPS/);
	});
});

describe('subscriptionName', () => {
	it('identifies the workflow, and test registrations', () => {
		expect(subscriptionName('Stock in', 'wf1', false)).toBe('n8n: Stock in (wf1)');
		expect(subscriptionName('Stock in', 'wf1', true)).toBe('n8n (test): Stock in (wf1)');
		expect(subscriptionName(undefined, 'wf1', false)).toBe('n8n: workflow (wf1)');
	});
});

describe('fingerprint', () => {
	it('ignores order, follows every setting and the secret, reveals neither', () => {
		const base = fingerprint(body());
		expect(fingerprint(body({ events: 'item.created,inventory.received' }))).toBe(base);
		expect(fingerprint(body({ headers: { 'X-Team': 'ops' } }))).toBe(base);
		expect(fingerprint(body({ secret: 'b'.repeat(64) }))).not.toBe(base);
		expect(fingerprint(body({ headers: { 'X-Team': 'dev' } }))).not.toBe(base);
		expect(fingerprint(body({ payloadMode: 2 }))).not.toBe(base);
		expect(base).toMatch(/^[0-9a-f]{64}$/);
		expect(base).not.toContain('a'.repeat(16));
	});
});

describe('plan', () => {
	const desired = body();
	const stored = fingerprint(desired);
	const current = {
		rec: 7,
		name: desired.name,
		url: desired.url,
		events: 'item.created, inventory.received',
		payloadMode: 1,
		active: true,
		disableType: 0,
	};

	it('keeps a matching, delivering subscription', () => {
		expect(plan(current, desired, stored)).toBe('keep');
	});

	it('updates when disabled by failures, settings changed, or the secret moved on', () => {
		expect(plan({ ...current, active: false, disableType: 1 }, desired, stored)).toBe('update');
		expect(plan({ ...current, events: 'item.created' }, desired, stored)).toBe('update');
		expect(plan({ ...current, payloadMode: 2 }, desired, stored)).toBe('update');
		expect(plan({ ...current, name: 'renamed' }, desired, stored)).toBe('update');
		expect(plan(current, desired, fingerprint(body({ secret: 'old'.padEnd(64, '0') })))).toBe(
			'update',
		);
		expect(plan(current, desired, undefined)).toBe('update');
	});

	it('leaves a subscription for another URL, and reports a manual disable', () => {
		expect(
			plan({ ...current, url: 'https://old.example.com/webhook/abc/webhook' }, desired, stored),
		).toBe('foreign');
		expect(plan({ ...current, active: false, disableType: 2 }, desired, stored)).toBe(
			'disabledManually',
		);
	});
});

describe('allowing(404, …)', () => {
	it('turns only a 404 into a value', async () => {
		const gone = Object.assign(new Error('gone'), { httpCode: '404' });
		await expect(allowing(404, Promise.reject(gone))).resolves.toEqual({ ok: false, error: gone });
		await expect(
			allowing(404, Promise.reject(Object.assign(new Error('no'), { httpCode: '403' }))),
		).rejects.toThrow('no');
		await expect(allowing(404, Promise.resolve(3))).resolves.toEqual({ ok: true, value: 3 });
	});
});

describe('delivery headers', () => {
	it('keeps the service headers, never the signature or custom headers', () => {
		expect(
			deliveryHeaders({
				'x-webhook-signature': 'sha256=abc',
				'x-webhook-event': 'item.created',
				'x-webhook-delivery': 'd-1',
				'user-agent': 'InventoryPro-Webhooks/2',
				'x-gateway-key': 'secret-key',
				'content-type': 'application/json',
			}),
		).toEqual({
			'x-webhook-event': 'item.created',
			'x-webhook-delivery': 'd-1',
			'user-agent': 'InventoryPro-Webhooks/2',
		});
	});
});
