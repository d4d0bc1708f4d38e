import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type ITriggerFunctions,
	type ITriggerResponse,
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
import {
	claim,
	deactivate,
	keepBook,
	knownLive,
	newToken,
	now,
	recall,
	releaseOnAnswer,
	runsOnce,
	stateOf,
	sync,
	tag,
	type Answer,
	type Live,
} from './runOnce';
import { noteOpenOrders } from './openOrders';
import { startChecks } from './healing';

/** Answers without starting an execution (n8n sends nothing else when noWebhookResponse is set). */
function refuse(context: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	context.getResponseObject().status(status).json({ message });
	return { noWebhookResponse: true };
}

/**
 * The node's entry, marked: an activation is under way (the schedule's checks wait). The editor's test
 * registration keeps static data of its own, which n8n hands back to delete(): marked there as a test.
 */
function hookEntry(context: IHookFunctions): { entry: Live; staticData: IDataObject } {
	const staticData = context.getWorkflowStaticData('node');
	if (context.getMode() === 'manual') staticData.test = true;
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
 * restart or re-publication a failure is logged and left to the scheduled check, because failing there would
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
		version: 2,
		subtitle: '={{($parameter["events"] || []).join(", ")}}',
		description: 'Starts the workflow when Inventory Pro sends a signed webhook event',
		defaults: { name: 'Inventory Pro Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'inventoryProApi', required: true }],
		// Answered once the workflow has run and n8n has saved its static data (runOnce.ts): a 2xx means
		// "ran", so a delivery cut short by a crash is retried by the service. The body carries nothing
		// of the workflow's output.
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'lastNode',
				responseData: 'noData',
				path: 'webhook',
			},
		],
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
				// Until it exists, the scheduled checks create it (they need the URL).
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
				// n8n deletes the editor's test registration and deactivates in the same mode; the test
				// registration's own static data says which. Deactivated: nothing is owed for the time it was
				// off; the seen keys stay.
				const isTest = staticData.test === true;
				const live = isTest ? undefined : knownLive(this, 'live');
				const stored = typeof staticData.rec === 'number' ? staticData.rec : undefined;
				const rec = stored ?? live?.book.rec;
				if (rec !== undefined) await deleteSubscription.call(this, rec);
				deactivate(this, staticData, isTest ? 'test' : 'live');
				return true;
			},
		},
	};

	/** The health check and catch-up, on the node's Check Interval (healing.ts). */
	async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
		return await Promise.resolve(startChecks.call(this));
	}

	/**
	 * An execution starts at this node with the items webhook() returned (or a check emitted): they are
	 * its output. That is also how the editor's test event reaches the editor. The events of a delivery
	 * or a check are recorded as run by the save n8n makes after the last node (runOnce.ts runsOnce).
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const mode = this.getMode();
		if (mode !== 'webhook' && mode !== 'trigger') return [items];
		return await Promise.resolve([runsOnce(this, this.getWorkflowStaticData('node'), items)]);
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject();
		// n8n reads the bytes itself only for JSON, text, form and XML bodies.
		if (!Buffer.isBuffer(request.rawBody)) await request.readRawBody().catch(() => undefined);
		const staticData = this.getWorkflowStaticData('node');
		const entry = recall(this, staticData);
		const verdict = await receive.call(this, entry, {
			rawBody: request.rawBody,
			headers: request.headers,
		});
		if (verdict.answer === 'refuse') return refuse(this, verdict.status, verdict.message);
		if (verdict.answer === 'acknowledge') return { webhookResponse: { message: verdict.message } };
		// One item per event of the delivery that has not run before (a batch may hold repeats). A copy of
		// an event whose execution is still on its way is answered 409: the service keeps it and retries.
		const states = verdict.events.map((incoming) =>
			incoming.key === undefined ? 'new' : stateOf(entry, incoming.key),
		);
		if (states.includes('running')) return refuse(this, 409, 'Event is being run; retry later');
		// A key twice in one batch runs once.
		const claimed = new Set<string>();
		const fresh = verdict.events.filter(({ key }, index) => {
			if (states[index] !== 'new') return false;
			if (key === undefined) return true;
			if (claimed.has(key)) return false;
			claimed.add(key);
			return true;
		});
		if (fresh.length === 0) {
			// n8n saves static data after an answer that starts nothing, so what ran is kept here too.
			sync(entry, staticData);
			return { webhookResponse: { message: 'Event already received' } };
		}
		// Claimed before anything is awaited, so a copy arriving meanwhile finds them running.
		const token = newToken();
		for (const key of claimed) claim(entry, key, token);
		releaseOnAnswer(this.getResponseObject() as Answer, entry, [...claimed], token);
		const items = this.helpers.returnJsonArray(
			await output.call(
				this,
				{ rawBody: request.rawBody, headers: request.headers },
				fresh.map((incoming) => incoming.read),
				verdict.receiver,
			),
		);
		fresh.forEach(({ key }, index) => {
			if (key !== undefined) tag(items[index], key, token);
		});
		return { workflowData: [items] };
	}
}
