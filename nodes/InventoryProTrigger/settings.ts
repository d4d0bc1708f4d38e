import { NodeOperationError, type IDataObject, type IHookFunctions, type IPollFunctions, type IWebhookFunctions } from 'n8n-workflow';

import { deriveSigningSecret } from './signature';
import {
	PAYLOAD_MODES,
	fingerprint,
	parseEvents,
	parseHeaders,
	requireHttpsUrl,
	subscriptionName,
	type PayloadMode,
	type SubscriptionBody,
} from './subscription';

type TriggerContext = IHookFunctions | IPollFunctions | IWebhookFunctions;

/** The subscribed event types as the node's parameters give them. */
export function subscribedEvents(this: TriggerContext): string[] {
	return parseEvents(this.getNode(), this.getNodeParameter('events', []), this.getNodeParameter('otherEvents', ''));
}

export function payloadMode(this: TriggerContext): PayloadMode {
	return this.getNodeParameter('payloadMode', 'full') === 'identifiers' ? 'identifiers' : 'full';
}

export function triggerOptions(this: TriggerContext): IDataObject {
	return this.getNodeParameter('options', {}) as IDataObject;
}

/** Recomputed from the credential whenever needed, so it never has to be stored. */
export async function signingSecret(this: TriggerContext): Promise<string> {
	const credentials = await this.getCredentials('inventoryProApi');
	const clientSecret = typeof credentials.clientSecret === 'string' ? credentials.clientSecret : '';
	if (clientSecret === '') {
		throw new NodeOperationError(this.getNode(), 'The Inventory Pro credential has no client secret');
	}
	const node = this.getNode();
	return deriveSigningSecret(clientSecret, String(this.getWorkflow().id ?? ''), node.webhookId ?? node.name);
}

/** How often the poller confirms the subscription (minutes, at least 1). */
export function checkIntervalMs(this: TriggerContext): number {
	const minutes = Number(triggerOptions.call(this).checkInterval ?? DEFAULT_CHECK_MINUTES);
	return Math.max(1, Number.isFinite(minutes) ? minutes : DEFAULT_CHECK_MINUTES) * 60_000;
}

export const DEFAULT_CHECK_MINUTES = 5;

/**
 * The subscription this node wants, validated before any request is sent: HTTPS URL first, then
 * events and headers. The fingerprint is what static data keeps in place of the secret. The poller
 * has no webhook URL of its own and passes the one the last activation used.
 */
export async function desiredSubscription(
	this: IHookFunctions | IPollFunctions,
	knownUrl?: string,
): Promise<{ body: SubscriptionBody; fingerprint: string }> {
	const node = this.getNode();
	const url = requireHttpsUrl(node, knownUrl ?? (this as IHookFunctions).getNodeWebhookUrl('default'));
	const events = subscribedEvents.call(this);
	const customHeaders = (triggerOptions.call(this).customHeaders as IDataObject | undefined)?.header;
	const headers = parseHeaders(node, customHeaders);
	const workflow = this.getWorkflow();
	const body: SubscriptionBody = {
		name: subscriptionName(workflow.name, String(workflow.id ?? ''), this.getMode() === 'manual'),
		url,
		events: events.join(','),
		payloadMode: PAYLOAD_MODES[payloadMode.call(this)],
		active: true,
		secret: await signingSecret.call(this),
		headers,
	};
	return { body, fingerprint: fingerprint(body) };
}
