// The node's parameters and credential, as the trigger reads them.
import {
	NodeOperationError,
	type IDataObject,
	type IHookFunctions,
	type ITriggerFunctions,
	type IWebhookFunctions,
} from 'n8n-workflow';

import { deriveSigningSecret } from './signature';
import { parseEvents } from '../shared/validation/webhook';

type TriggerContext = IHookFunctions | ITriggerFunctions | IWebhookFunctions;

export function subscribedEvents(this: TriggerContext): string[] {
	return parseEvents(
		this.getNode(),
		this.getNodeParameter('events', []),
		this.getNodeParameter('otherEvents', ''),
	);
}

export function payloadMode(this: TriggerContext): 'full' | 'identifiers' {
	return this.getNodeParameter('payloadMode', 'full') === 'identifiers' ? 'identifiers' : 'full';
}

export function triggerOptions(this: TriggerContext): IDataObject {
	return this.getNodeParameter('options', {}) as IDataObject;
}

/** Derived from the credential whenever needed, so it is never stored. */
export async function signingSecret(this: TriggerContext): Promise<string> {
	const credentials = await this.getCredentials('inventoryProApi');
	const clientSecret = typeof credentials.clientSecret === 'string' ? credentials.clientSecret : '';
	const node = this.getNode();
	if (clientSecret === '')
		throw new NodeOperationError(node, 'The Inventory Pro credential has no client secret');
	const workflowId = String(this.getWorkflow().id ?? '');
	return deriveSigningSecret(clientSecret, workflowId, node.webhookId ?? node.name);
}

const DEFAULT_CHECK_MINUTES = 5;

/** How often the scheduled check runs (minutes, at least 1). */
export function checkIntervalMs(this: TriggerContext): number {
	const minutes = Number(triggerOptions.call(this).checkInterval ?? DEFAULT_CHECK_MINUTES);
	return Math.max(1, Number.isFinite(minutes) ? minutes : DEFAULT_CHECK_MINUTES) * 60_000;
}
