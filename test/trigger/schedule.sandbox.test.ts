// One schedule (issue 30): the health check and catch-up run from the node's trigger() on its own Check
// Interval, with no poller beside the webhook (so n8n adds no Poll Times); the editor's test event is the
// node's output through execute(), with nothing handed on in process memory; any body is verified over its
// exact bytes.
import { createHmac } from 'crypto';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { deriveSigningSecret } from '../../nodes/InventoryProTrigger/signature';
import { triggerMemory, WEBHOOK_ID, type TriggerHarness } from '../harness/triggerHarness';
import { startTriggerSuite, type TriggerSuite } from '../harness/triggerSuite';

let suite: TriggerSuite;
const open: TriggerHarness[] = [];
const MINUTE = 60_000;
const NODE = 'node:Inventory Pro Trigger';

async function trigger(parameters: INodeParameters, typeVersion?: number) {
	const harness = await suite.newTrigger({ parameters, typeVersion });
	open.push(harness);
	return harness;
}

beforeAll(async () => {
	suite = await startTriggerSuite();
});

afterEach(async () => {
	for (const harness of open.splice(0)) {
		if ((harness.memory()[NODE] as IDataObject | undefined)?.rec !== undefined)
			await harness.deactivate();
		await harness.close();
	}
	suite.sandbox.resetStats();
	suite.clock.advance(MINUTE);
});

afterAll(async () => {
	await suite?.close();
});

describe('one schedule', () => {
	it('has no poller: n8n adds no Poll Times, and the node’s own Check Interval is the only schedule', () => {
		const nodeType = suite.harness.nodeTypes.getByNameAndVersion(
			'n8n-nodes-inventory-pro.inventoryProTrigger',
			2,
		);
		expect(nodeType.description.polling).toBeUndefined();
		expect(nodeType.poll).toBeUndefined();
		expect(typeof nodeType.trigger).toBe('function');
		const names = JSON.stringify(nodeType.description.properties);
		expect(names).not.toMatch(/pollTimes|Poll Times/);
		expect(names).toContain('"checkInterval"');
	});

	it('registers one tick a minute when activated, and checks on it once per Check Interval', async () => {
		const harness = await trigger({
			events: ['inventory.received'],
			options: { checkInterval: 2 },
		});
		const crons: string[] = [];
		harness.onCron = (expression) => crons.push(expression);
		await harness.activate();
		expect(crons).toEqual([expect.stringMatching(/^([0-9]|[1-5][0-9]) \* \* \* \* \*$/)]);
		suite.sandbox.resetStats();
		for (let minute = 1; minute <= 6; minute++) {
			suite.clock.advance(MINUTE);
			expect(await harness.tick()).toEqual({});
		}
		// Minutes 1 (the first check after activation), 3 and 5.
		expect(suite.webhookRequests(['webhook.get'])).toEqual({ 'webhook.get': 3 });
	});

	it('starts no second check while one is still running', async () => {
		const harness = await trigger({
			events: ['inventory.received'],
			options: { checkInterval: 1 },
		});
		await harness.activate();
		suite.clock.advance(MINUTE);
		suite.sandbox.inject('webhook.get', { kind: 'slow', ms: 600 });
		suite.sandbox.resetStats();
		const first = harness.tick();
		suite.clock.advance(5 * MINUTE);
		const second = await harness.tick();
		expect(second).toEqual({});
		expect(await first).toEqual({});
		expect(suite.webhookRequests(['webhook.get'])).toEqual({ 'webhook.get': 1 });
		suite.sandbox.clearFaults();
	});

	it('stops ticking when the workflow is deactivated', async () => {
		const harness = await trigger({
			events: ['inventory.received'],
			options: { checkInterval: 1 },
		});
		await harness.activate();
		const onTick = harness.registeredTick!;
		await harness.deactivate();
		suite.clock.advance(5 * MINUTE);
		suite.sandbox.resetStats();
		onTick();
		await triggerMemory().checking(harness.workflowId);
		expect(suite.webhookRequests()).toEqual({});
	});
});

describe('exact bytes', () => {
	it('verifies a body of any content type over its exact bytes (n8n reads them only for JSON, text, form and XML)', async () => {
		const harness = await trigger({ events: ['inventory.received'] });
		await harness.activate();
		const body = Buffer.from(
			JSON.stringify({ event: 'inventory.received', data: { recNo: 880_101, units: 4 } }),
		);
		const secret = deriveSigningSecret(suite.clientSecret, harness.workflowId, WEBHOOK_ID);
		const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
		expect(
			await harness.post(body, {
				'content-type': 'application/octet-stream',
				'x-webhook-signature': signature,
			}),
		).toBe(200);
		await harness.idle();
		expect(harness.executions).toEqual([
			[expect.objectContaining({ event: 'inventory.received' })],
		]);
		// The same bytes tampered with: refused.
		const tampered = Buffer.from(body.toString().replace('880101', '880102'));
		expect(
			await harness.post(tampered, {
				'content-type': 'application/octet-stream',
				'x-webhook-signature': signature,
			}),
		).toBe(401);
	});
});
