import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type IHookFunctions,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { apiRequest, apiRequestAllItems } from '../InventoryPro/transport';
import { deliveryHeaders, parsePayload } from './delivery';
import { triggerProperties } from './description';
import { desiredSubscription, payloadMode, signingSecret, subscribedEvents, triggerOptions } from './settings';
import { verifySignature } from './signature';
import { plan, unlessNotFound, type SubscriptionState } from './subscription';

function forget(state: SubscriptionState): void {
	delete state.rec;
	delete state.fingerprint;
}

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
		properties: triggerProperties,
	};

	webhookMethods = {
		default: {
			/** Confirms the stored subscription exists, points here and delivers; heals what it can. */
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const desired = await desiredSubscription.call(this);
				const state = this.getWorkflowStaticData('node') as SubscriptionState;
				if (state.rec === undefined) return false;
				const rec = state.rec;
				const current = (await unlessNotFound(
					apiRequest.call(this, 'webhook.get', { path: { rec } }),
				)) as IDataObject | undefined;
				if (current === undefined) {
					forget(state); // deleted out of band: create it again
					return false;
				}
				switch (plan(current, desired.body, state.fingerprint)) {
					case 'keep':
						return true;
					case 'update':
						await apiRequest.call(this, 'webhook.update', { path: { rec }, body: desired.body });
						state.fingerprint = desired.fingerprint;
						return true;
					case 'foreign':
						forget(state); // delivers elsewhere, so not ours to change: leave it, create our own
						return false;
					case 'disabledManually':
						throw new NodeOperationError(
							this.getNode(),
							`The Inventory Pro subscription ${rec} for this trigger was disabled manually`,
							{
								description:
									'Re-enable it in Inventory Pro, or deactivate this workflow (which deletes the subscription) and activate it again.',
							},
						);
				}
			},

			async create(this: IHookFunctions): Promise<boolean> {
				const desired = await desiredSubscription.call(this);
				const state = this.getWorkflowStaticData('node') as SubscriptionState;
				// One subscription per URL: adopt any left over from a create whose static data was lost,
				// rather than have the service deliver every event twice.
				const existing = (await apiRequestAllItems.call(this, 'webhook.list')).filter(
					(subscription) => subscription.url === desired.body.url,
				);
				let rec: number;
				if (existing.length > 0) {
					rec = Number(existing[0].rec);
					await apiRequest.call(this, 'webhook.update', { path: { rec }, body: desired.body });
					for (const extra of existing.slice(1)) {
						await unlessNotFound(apiRequest.call(this, 'webhook.delete', { path: { rec: Number(extra.rec) } }));
					}
				} else {
					const response = (await apiRequest.call(this, 'webhook.create', { body: desired.body })) as IDataObject;
					rec = Number(response?.rec);
				}
				if (!Number.isInteger(rec)) {
					throw new NodeOperationError(this.getNode(), 'Inventory Pro answered without a subscription id (rec)');
				}
				state.rec = rec;
				state.fingerprint = desired.fingerprint;
				return true;
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				const state = this.getWorkflowStaticData('node') as SubscriptionState;
				if (state.rec !== undefined) {
					// A 404 means it is already gone, which is what deactivation wants.
					await unlessNotFound(apiRequest.call(this, 'webhook.delete', { path: { rec: state.rec } }));
				}
				forget(state);
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject();
		// The signature is checked before anything is read from the delivery.
		const secret = await signingSecret.call(this);
		if (!verifySignature(request.rawBody, request.headers['x-webhook-signature'], secret)) {
			return refuse(this, 401, 'Missing or invalid X-Webhook-Signature');
		}
		const delivery = parsePayload(request.rawBody);
		if (delivery === undefined) return refuse(this, 400, 'The body is not an event payload');

		const options = triggerOptions.call(this);
		const wanted =
			delivery.event === 'test' ? options.testEvent !== 'drop' : subscribedEvents.call(this).includes(delivery.event);
		if (!wanted) return { webhookResponse: { message: 'Event acknowledged, not subscribed' } };

		const json: IDataObject = { event: delivery.event, data: delivery.data, headers: deliveryHeaders(request.headers) };
		const shortID = delivery.data.shortID;
		if (options.fetchItem === true && payloadMode.call(this) === 'identifiers' && typeof shortID === 'string') {
			const response = await unlessNotFound(
				apiRequest.call(this, 'item.get', { query: { key: shortID, type: 'id' } }),
			);
			json.item = firstRecord(response);
		}
		return { workflowData: [this.helpers.returnJsonArray([json])] };
	}
}
