import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { output, receive, rekeyed } from './delivery';
import { triggerProperties } from './description';
import {
	createSubscription,
	deleteSubscription,
	desiredSubscription,
	ensureSubscription,
} from './lifecycle';
import { deactivate, firstRun, keepBook, knownLive, now, recall, sync, type Live } from './memory';
import { noteOpenOrders } from './openOrders';
import { checkSubscription } from './poller';

/** Answers without starting an execution (n8n sends nothing else when noWebhookResponse is set). */
function refuse(context: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	context.getResponseObject().status(status).json({ message });
	return { noWebhookResponse: true };
}

/** The node's entry, marked: an activation is under way (the poller waits). */
function hookEntry(context: IHookFunctions): { entry: Live; staticData: IDataObject } {
	const staticData = context.getWorkflowStaticData('node');
	const entry = recall(context, staticData);
	entry.hookAt = now();
	return { entry, staticData };
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
async function unlessStarting(
	context: IHookFunctions,
	what: string,
	work: () => Promise<void>,
): Promise<void> {
	if (userActivation(context)) return await work();
	await work().catch((error: Error) =>
		context.logger.warn(
			`Inventory Pro Trigger: could not ${what} the subscription at start (${error.message}); the next check retries`,
		),
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
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		// The poller is the health check and catch-up (check.ts); it emits only recovered events.
		polling: true,
		properties: triggerProperties,
	};

	webhookMethods = {
		default: {
			/** Confirms the stored subscription exists, points here, has the current secret and delivers; heals what it can. */
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const desired = await desiredSubscription.call(this);
				const { entry, staticData } = hookEntry(this);
				if (entry.book.rec === undefined) return false;
				await unlessStarting(this, 'confirm', async () => {
					const { outcome, book } = await ensureSubscription.call(this, entry.book, desired, now());
					if (outcome === 'disabledManually') {
						const message = `The Inventory Pro subscription ${entry.book.rec} for this trigger was disabled manually`;
						const description =
							'Re-enable it in Inventory Pro, or deactivate this workflow (which deletes the subscription) and activate it again.';
						if (userActivation(this))
							throw new NodeOperationError(this.getNode(), message, { description });
						this.logger.warn(`${message}. ${description}`);
						return;
					}
					rekeyed(entry, desired.body.secret);
					keepBook(entry, staticData, book);
				});
				await noteOpenOrders.call(this, entry, staticData, desired.events);
				return true;
			},

			async create(this: IHookFunctions): Promise<boolean> {
				const desired = await desiredSubscription.call(this);
				const { entry, staticData } = hookEntry(this);
				// Until it exists, the poller's checks create it (they need the URL).
				keepBook(entry, staticData, { ...entry.book, url: desired.body.url });
				await unlessStarting(this, 'create', async () => {
					const book = await createSubscription.call(this, entry.book, desired);
					rekeyed(entry, desired.body.secret);
					keepBook(entry, staticData, { ...book, healthyAt: now() });
				});
				await noteOpenOrders.call(this, entry, staticData, desired.events);
				return true;
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				const staticData = this.getWorkflowStaticData('node');
				// n8n deletes the editor's test registration and deactivates in the same mode, so the URL
				// tells them apart. Deactivated: nothing is owed for the time it was off; the seen keys stay.
				const url = this.getNodeWebhookUrl('default');
				const live = knownLive(this, 'live');
				const isTest = live?.book.url !== undefined && live.book.url !== url;
				const stored = typeof staticData.rec === 'number' ? staticData.rec : undefined;
				const rec = stored ?? (isTest ? undefined : live?.book.rec);
				if (rec !== undefined) await deleteSubscription.call(this, rec);
				deactivate(this, staticData, isTest ? 'test' : 'live');
				return true;
			},
		},
	};

	/** The health check and catch-up (poller.ts); in the editor, hands on the test event webhook() received. */
	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const staticData = this.getWorkflowStaticData('node');
		const entry = recall(this, staticData);
		if (this.getMode() === 'manual') {
			const test = entry.testItems;
			entry.testItems = undefined;
			return test && now() - test.at < 10 * 60_000
				? [this.helpers.returnJsonArray(test.items)]
				: null;
		}
		return await checkSubscription.call(this, entry, staticData);
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject();
		const test = this.getMode() === 'manual';
		const staticData = this.getWorkflowStaticData('node');
		const entry = recall(this, staticData);
		const verdict = await receive.call(this, entry, {
			rawBody: request.rawBody,
			headers: request.headers,
		});
		if (verdict.answer === 'refuse') return refuse(this, verdict.status, verdict.message);
		if (verdict.answer === 'acknowledge') return { webhookResponse: { message: verdict.message } };
		// One item per event of the delivery that has not run before (a batch may hold repeats).
		const fresh = verdict.events.filter(
			(incoming) => incoming.key === undefined || firstRun(entry, staticData, incoming.key),
		);
		if (fresh.length === 0) {
			// n8n saves static data after an answer that starts nothing, but not reliably after one that
			// starts an execution (measured, 2.40.7): this is where what ran is kept.
			sync(entry, staticData);
			return { webhookResponse: { message: 'Event already received' } };
		}
		const items = await output.call(
			this,
			{ rawBody: request.rawBody, headers: request.headers },
			fresh.map((incoming) => incoming.read),
			verdict.receiver,
		);
		// n8n runs poll() instead of using this data in the editor's test run: hand it over.
		if (test) entry.testItems = { at: now(), items };
		return { workflowData: [this.helpers.returnJsonArray(items)] };
	}
}
