import {
	NodeConnectionTypes,
	NodeOperationError,
	sleep,
	type IDataObject,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { apiRequest } from '../shared/transport';
import { deliveryHeaders, parsePayload } from './delivery';
import { triggerProperties } from './description';
import { createSubscription, ensureSubscription } from './health';
import { deliveryKey, payloadEventKey } from './identity';
import { checkSubscription } from './check';
import { clock, forgetLive, knownLive, live, liveKey, readState, writeState, type TriggerState } from './state';
import { desiredSubscription, payloadMode, signingSecret, subscribedEvents, triggerOptions } from './settings';
import { verifySignature } from './signature';
import { unlessNotFound } from './subscription';

/** Fetch Item Details gives up after this long, so the answer stays well inside the service's delivery timeout. */
const ITEM_FETCH_MS = 3000;

/** Answers without starting an execution (n8n sends nothing else when noWebhookResponse is set). */
function refuse(context: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	context.getResponseObject().status(status).json({ message });
	return { noWebhookResponse: true };
}

/** GET /Item?type=id answers with the item or a one-row page, depending on the deployment. */
function firstRecord(response: unknown): IDataObject | null {
	if (Array.isArray(response)) return (response[0] as IDataObject) ?? null;
	if (typeof response !== 'object' || response === null) return null;
	const { value } = response as IDataObject;
	return Array.isArray(value) ? ((value[0] as IDataObject) ?? null) : (response as IDataObject);
}

/** The item for Fetch Item Details: one quick attempt, bounded; a failure is reported, not waited out. */
async function quickItem(this: IWebhookFunctions, shortID: string): Promise<IDataObject> {
	const request = unlessNotFound(apiRequest.call(this, 'item.get', { query: { key: shortID, type: 'id' }, quickMs: ITEM_FETCH_MS }))
		.then((response) => ({ item: firstRecord(response) }))
		.catch((error: Error) => ({ item: null, itemError: error.message }));
	const late = sleep(ITEM_FETCH_MS + 250).then(() => ({ item: null, itemError: `No answer within ${ITEM_FETCH_MS} ms` }));
	return await Promise.race([request, late]);
}

function hookLive(context: IHookFunctions) {
	const entry = live(liveKey(context));
	entry.hookAt = clock.now();
	return entry;
}

/** Activation by a person hears every problem; a restart or re-publication must not fail on service trouble. */
function userActivation(context: IHookFunctions): boolean {
	return context.getActivationMode() === 'activate' || context.getMode() === 'manual';
}

/**
 * Runs a subscription request from an activation hook. A person activating hears every failure; at a
 * restart or re-publication a failure is logged and left to the poller, because failing there would
 * leave the trigger off.
 */
async function unlessStarting(context: IHookFunctions, what: string, work: () => Promise<void>): Promise<void> {
	if (userActivation(context)) return await work();
	await work().catch((error: Error) =>
		context.logger.warn(`Inventory Pro Trigger: could not ${what} the subscription at start (${error.message}); the next check retries`),
	);
}

export class InventoryProTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Inventory Pro Trigger',
		name: 'inventoryProTrigger',
		icon: { light: 'file:inventoryProTrigger.svg', dark: 'file:inventoryProTrigger.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{($parameter["events"] || []).join(", ")}}',
		description: 'Starts the workflow when Inventory Pro sends a signed webhook event',
		defaults: { name: 'Inventory Pro Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'inventoryProApi', required: true }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
		// The poller is the health check and catch-up (check.ts); it emits only recovered events.
		polling: true,
		properties: triggerProperties,
	};

	webhookMethods = {
		default: {
			/** Confirms the stored subscription exists, points here, has the current secret and delivers; heals what it can. */
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const desired = await desiredSubscription.call(this);
				const entry = hookLive(this);
				const staticData = this.getWorkflowStaticData('node');
				const now = clock.now();
				const state = readState(staticData, entry, now);
				if (state.rec === undefined) return false;
				await unlessStarting(this, 'confirm', async () => {
					const { outcome, state: next } = await ensureSubscription.call(this, state, desired, now);
					if (outcome === 'disabledManually') {
						const message = `The Inventory Pro subscription ${state.rec} for this trigger was disabled manually`;
						const description =
							'Re-enable it in Inventory Pro, or deactivate this workflow (which deletes the subscription) and activate it again.';
						if (userActivation(this)) throw new NodeOperationError(this.getNode(), message, { description });
						this.logger.warn(`${message}. ${description}`);
						return;
					}
					entry.secret = desired.body.secret;
					entry.previousSecret = undefined;
					writeState(staticData, entry, next, now);
				});
				return true;
			},

			async create(this: IHookFunctions): Promise<boolean> {
				const desired = await desiredSubscription.call(this);
				const entry = hookLive(this);
				const staticData = this.getWorkflowStaticData('node');
				const now = clock.now();
				// Until it exists, the poller's checks create it (they need the URL).
				writeState(staticData, entry, { ...readState(staticData, entry, now), url: desired.body.url }, now);
				await unlessStarting(this, 'create', async () => {
					const next = await createSubscription.call(this, readState(staticData, entry, now), desired);
					entry.secret = desired.body.secret;
					writeState(staticData, entry, { ...next, healthyAt: now }, now);
				});
				return true;
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				const staticData = this.getWorkflowStaticData('node');
				// n8n deletes the editor's test registration and deactivates in the same mode, so the URL
				// tells them apart. Deactivated: nothing is owed for the time it was off; the seen keys stay.
				const url = this.getNodeWebhookUrl('default');
				const liveEntry = knownLive(liveKey(this, 'live'));
				const isTest = liveEntry?.state.url !== undefined && liveEntry.state.url !== url;
				const rec = (staticData as TriggerState).rec ?? (isTest ? undefined : liveEntry?.state.rec);
				if (rec !== undefined) {
					// A 404 means it is already gone, which is what deactivation wants.
					await unlessNotFound(apiRequest.call(this, 'webhook.delete', { path: { rec } }));
				}
				const seen = (staticData as TriggerState).seen;
				for (const name of Object.keys(staticData)) delete staticData[name];
				if (!isTest && seen !== undefined && Object.keys(seen).length > 0) staticData.seen = seen;
				if (!isTest) forgetLive(liveKey(this, 'live'));
				// The editor's test entry keeps only the hand-off to the poll() n8n runs next.
				const testEntry = knownLive(liveKey(this, 'test'));
				if (testEntry) testEntry.state = {};
				return true;
			},
		},
	};

	/** The health check and catch-up (check.ts); in the editor, hands on the test event webhook() received. */
	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const entry = live(liveKey(this));
		if (this.getMode() === 'manual') {
			const test = entry.testItems;
			entry.testItems = undefined;
			return test && clock.now() - test.at < 10 * 60_000 ? [this.helpers.returnJsonArray(test.items)] : null;
		}
		return await checkSubscription.call(this, entry);
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject();
		const test = this.getMode() === 'manual';
		const entry = live(liveKey(this));
		// The signature is checked before anything is read from the delivery. After a client-secret
		// rotation, the secret the service still holds verifies until the next check re-keys it.
		const secret = await signingSecret.call(this);
		if (entry.secret !== undefined && entry.secret !== secret && !test) {
			entry.previousSecret = entry.secret;
			entry.secret = secret;
		}
		const header = request.headers['x-webhook-signature'];
		const verified =
			verifySignature(request.rawBody, header, secret) ||
			(!test && entry.previousSecret !== undefined && verifySignature(request.rawBody, header, entry.previousSecret));
		if (!verified) return refuse(this, 401, 'Missing or invalid X-Webhook-Signature');
		// A process that only receives deliveries (queue mode) learns the secret from them.
		if (!test) entry.secret ??= secret;
		const delivery = parsePayload(request.rawBody);
		if (delivery === undefined) return refuse(this, 400, 'The body is not an event payload');

		const options = triggerOptions.call(this);
		const wanted = delivery.event === 'test' ? options.testEvent !== 'drop' : subscribedEvents.call(this).includes(delivery.event);
		if (!wanted) return { webhookResponse: { message: 'Event acknowledged, not subscribed' } };

		if (!test) {
			// Exactly once: the same bytes again (a retry after a timeout, a replay), or an event the
			// catch-up already ran, is acknowledged and starts nothing.
			const now = clock.now();
			const staticData = this.getWorkflowStaticData('node');
			const state = readState(staticData, entry, now);
			const eventKey = payloadEventKey(delivery.event, delivery.data);
			const deliveryId = request.headers['x-webhook-delivery'];
			const sameBytesDiffer = eventKey === undefined && typeof deliveryId === 'string' && deliveryId !== '';
			const keys = [deliveryKey(request.rawBody, sameBytesDiffer ? deliveryId : undefined), eventKey].filter(
				(key): key is string => key !== undefined,
			);
			if (keys.some((key) => state.seen?.[key] !== undefined)) {
				// n8n saves static data after an answer that starts nothing, but not reliably after one that
				// starts an execution (measured, 2.40.7): write what this process knows so it is kept.
				writeState(staticData, entry, state, now);
				return { webhookResponse: { message: 'Event already received' } };
			}
			const seen = { ...(state.seen ?? {}) };
			for (const key of keys) seen[key] = now;
			writeState(staticData, entry, { ...state, seen }, now);
		}

		const json: IDataObject = { event: delivery.event, data: delivery.data, headers: deliveryHeaders(request.headers) };
		const shortID = delivery.data.shortID;
		if (options.fetchItem === true && payloadMode.call(this) === 'identifiers' && typeof shortID === 'string') {
			Object.assign(json, await quickItem.call(this, shortID));
		}
		// n8n runs poll() instead of using this data in the editor's test run: hand it over.
		if (test) entry.testItems = { at: clock.now(), items: [json] };
		return { workflowData: [this.helpers.returnJsonArray([json])] };
	}
}
