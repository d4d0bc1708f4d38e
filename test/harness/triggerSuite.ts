/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * Shared set-up for the webhook trigger's in-process tests: one sandbox on a ManualClock (deliveries
 * to self-signed receivers allowed, a client of its own so secret rotation touches nothing else),
 * the n8n-core harness for credentials and node loading, and a TriggerHarness per test.
 */
import { createHmac } from 'crypto';
import type { Agent } from 'https';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { deriveSigningSecret } from '../../nodes/InventoryProTrigger/signature';

import { ALL_SECURITY_IDS, DEMO_CLIENTS, ManualClock, type Sandbox } from '../../sandbox';
import { SandboxClient, type Credentials } from '../support/sandboxClient';
import { CREDENTIAL_TYPE, startHarness, type Harness } from './index';
import { PACKAGE } from './nodeTypes';
import { TriggerHarness, triggerMemory, WEBHOOK_ID } from './triggerHarness';

const CLIENT: Credentials = {
	clientId: 'trigger-tests',
	clientSecret: 'trigger-tests-dummy-secret-1',
};
const TYPE_NAME = `${PACKAGE}.inventoryProTrigger`;

export interface TriggerSuite {
	sandbox: Sandbox;
	clock: ManualClock;
	harness: Harness;
	/** The trigger's client, for out-of-band calls a test makes (it sees the same subscriptions). */
	api: SandboxClient;
	/** The client secret the credential holds now. */
	clientSecret: string;
	newTrigger(options: {
		parameters: INodeParameters;
		webhookScheme?: 'http';
		workflowName?: string;
		/** The node's typeVersion (default: the one a new node gets). */
		typeVersion?: number;
	}): Promise<TriggerHarness>;
	/**
	 * Posts a body signed as the service signs it (the secret derived from the credential's client
	 * secret) to the production URL, with a delivery id when given; resolves with the status.
	 */
	deliver(
		harness: TriggerHarness,
		payload: IDataObject,
		deliveryId?: string,
		agent?: Agent,
	): Promise<number>;
	/**
	 * Posts exact bytes (any shape, or not JSON) signed as the service signs them, with the headers given;
	 * `secret` overrides the signing secret (a forger's). Resolves with the status.
	 */
	deliverBytes(
		harness: TriggerHarness,
		body: Buffer | string,
		headers?: Record<string, string>,
		secret?: string,
	): Promise<number>;
	/** Rotates the client secret in the service and in the stored credential; undefined restores it. */
	rotateSecret(secret: string | undefined): void;
	/** Non-zero request counts since the last resetStats(), for webhook.* endpoints or the ids given. */
	webhookRequests(ids?: string[]): Record<string, number>;
	close(): Promise<void>;
}

export async function startTriggerSuite(): Promise<TriggerSuite> {
	const clock = new ManualClock();
	const harness = await startHarness({
		sandbox: {
			clock,
			rateLimitPerMinute: 1_000_000,
			seed: { items: 30 },
			clients: [...DEMO_CLIENTS, { ...CLIENT, securityIds: ALL_SECURITY_IDS }],
			// Three failed attempts disable a subscription, so a test gets there without many writes.
			webhooks: { maxAttempts: 3, disableAfterFailures: 3 },
			trustSelfSigned: true,
		},
		credential: { clientId: CLIENT.clientId, clientSecret: CLIENT.clientSecret },
	});
	const { sandbox } = harness;
	// n8n's clock, as the trigger reads it, moves with the sandbox's: check intervals without sleeping.
	triggerMemory().useClock(() => clock.now());
	const nodeType = harness.nodeTypes.getByNameAndVersion(TYPE_NAME, 1);
	const stored = harness.credentials.get(harness.credentialId);
	let clientSecret = CLIENT.clientSecret;

	return {
		sandbox,
		clock,
		harness,
		api: new SandboxClient(sandbox, CLIENT),
		get clientSecret() {
			return clientSecret;
		},
		newTrigger: async ({ parameters, webhookScheme, workflowName, typeVersion }) =>
			await TriggerHarness.start({
				nodeType,
				typeName: TYPE_NAME,
				parameters,
				credentials: { [CREDENTIAL_TYPE]: { id: stored.id, name: stored.name } },
				additionalData: (mode, workflowData) => harness.additionalData(mode, workflowData),
				webhookScheme,
				workflowName,
				typeVersion,
			}),
		deliver: async (trigger, payload, deliveryId, agent) => {
			const body = Buffer.from(JSON.stringify(payload));
			const secret = deriveSigningSecret(clientSecret, trigger.workflowId, WEBHOOK_ID);
			const headers: Record<string, string> = {
				'content-type': 'application/json',
				'x-webhook-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
			};
			if (deliveryId !== undefined) headers['x-webhook-delivery'] = deliveryId;
			return await trigger.post(body, headers, agent);
		},
		deliverBytes: async (trigger, body, headers = {}, secret) => {
			const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
			const key = secret ?? deriveSigningSecret(clientSecret, trigger.workflowId, WEBHOOK_ID);
			return await trigger.post(bytes, {
				'content-type': 'application/json',
				...headers,
				'x-webhook-signature': `sha256=${createHmac('sha256', key).update(bytes).digest('hex')}`,
			});
		},
		rotateSecret: (secret) => {
			clientSecret = secret ?? CLIENT.clientSecret;
			sandbox.rotateSecret(CLIENT.clientId, clientSecret);
			harness.credentials.update(stored.id, { clientSecret });
		},
		webhookRequests: (ids) => {
			const counts: Record<string, number> = {};
			for (const [id, count] of Object.entries(sandbox.stats.requests)) {
				const wanted = ids ? ids.includes(id) : id.startsWith('webhook.');
				if (wanted && count > 0) counts[id] = count;
			}
			return counts;
		},
		close: async () => await harness.stop(),
	};
}
