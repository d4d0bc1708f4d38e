import {
	NodeConnectionTypes,
	NodeOperationError,
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

import { carry, holdNodeData, ledgerOf, markItems, now } from '../shared/ranLedger';
import { accept, isAccepted, settledNote } from './acknowledged';
import { BOOK_FIELDS, bookIn, keepBook, type Book } from './book';
import { output, receive, rekeyed, withItems } from './delivery';
import { triggerProperties } from './description';
import { noteActivation, startChecks } from './healing';
import { isRunningHere } from './owed';
import {
	createSubscription,
	deleteSubscription,
	desiredSubscription,
	ensureSubscription,
} from './lifecycle';
import { noteOpenOrders } from './openOrders';

/** The editor's test registration keeps static data of its own, handed back to delete(): marked as a test. */
function activationBook(context: IHookFunctions) {
	const staticData = context.getWorkflowStaticData('node');
	if (context.getMode() !== 'manual') {
		noteActivation(context);
		return bookIn(context, staticData);
	}
	staticData.test = true;
	return staticData as Book;
}

function userActivation(context: IHookFunctions): boolean {
	return context.getActivationMode() === 'activate' || context.getMode() === 'manual';
}

/** A person activating hears every failure; at a start it is logged: failing would leave the trigger off. */
async function unlessStarting(context: IHookFunctions, what: string, work: () => Promise<void>) {
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
		// Answered as soon as n8n holds the execution (acknowledged.ts: what a kill cuts short runs later).
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				responseData: 'noData',
				path: 'webhook',
			},
		],
		properties: triggerProperties,
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const desired = await desiredSubscription.call(this);
				const book = activationBook(this);
				if (book.rec === undefined) return false;
				await unlessStarting(this, 'confirm', async () => {
					const { outcome, book: next } = await ensureSubscription.call(this, book, desired, now());
					if (outcome === 'disabledManually') {
						const message = `The Inventory Pro subscription ${book.rec} for this trigger was disabled manually`;
						const description =
							'Re-enable it in Inventory Pro, or deactivate this workflow (which deletes the subscription) and activate it again.';
						if (userActivation(this))
							throw new NodeOperationError(this.getNode(), message, { description });
						this.logger.warn(`${message}. ${description}`);
						return;
					}
					rekeyed(this, desired.body.secret);
					keepBook(book, next);
				});
				await noteOpenOrders.call(this, book, desired.events);
				return true;
			},

			async create(this: IHookFunctions): Promise<boolean> {
				const desired = await desiredSubscription.call(this);
				const book = activationBook(this);
				// Until it exists, the scheduled checks create it (they need the URL).
				book.url = desired.body.url;
				await unlessStarting(this, 'create', async () => {
					const created = await createSubscription.call(this, book, desired);
					rekeyed(this, desired.body.secret);
					keepBook(book, { ...created, healthyAt: now() });
				});
				await noteOpenOrders.call(this, book, desired.events);
				return true;
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				const staticData = this.getWorkflowStaticData('node');
				// Test registration or deactivation (the static data says which); events owed stay owed.
				if (typeof staticData.rec === 'number') await deleteSubscription.call(this, staticData.rec);
				const owed = staticData.test === true ? undefined : staticData.owed;
				for (const field of [...BOOK_FIELDS, 'test']) delete staticData[field];
				if (owed !== undefined) staticData.owed = owed;
				if (this.getMode() !== 'manual') holdNodeData(this, undefined);
				return true;
			},
		},
	};

	async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
		return await Promise.resolve(startChecks.call(this));
	}

	/**
	 * Its input is the node's output (the editor's test event too). Its events count as run when n8n saves
	 * the execution (ranLedger.ts); one that ran meanwhile (a resumed queued execution) is left out.
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		let items = this.getInputData();
		if (this.getMode() === 'webhook' || this.getMode() === 'trigger') {
			const ledger = ledgerOf(this);
			items = items.filter(
				({ json }) => typeof json.eventId !== 'string' || !ledger.has(json.eventId),
			);
			const ids = items.map(({ json }) => json.eventId).filter((id) => typeof id === 'string');
			items = markItems(this, items, ids, { note: settledNote(this) });
		}
		return [await withItems.call(this, items)];
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject();
		// n8n reads the bytes itself only for JSON, text, form and XML bodies.
		if (!Buffer.isBuffer(request.rawBody)) await request.readRawBody().catch(() => undefined);
		const delivery = { rawBody: request.rawBody, headers: request.headers };
		const verdict = await receive.call(this, delivery);
		if (verdict.answer === 'refuse') {
			// No execution: n8n sends nothing else when noWebhookResponse is set.
			this.getResponseObject().status(verdict.status).json({ message: verdict.message });
			return { noWebhookResponse: true };
		}
		if (verdict.answer === 'acknowledge') return { webhookResponse: { message: verdict.message } };
		// One item per event not run or running here (a batch may hold repeats).
		const ledger = ledgerOf(this, true);
		const seen = new Set<string>();
		const fresh = verdict.events.filter(({ eventId }) => {
			if (seen.has(eventId) || ledger.has(eventId)) return false;
			if (isAccepted(this, eventId) || isRunningHere(this, eventId)) return false;
			seen.add(eventId);
			return true;
		});
		if (fresh.length === 0) return { webhookResponse: { message: 'Event already received' } };
		const accepted = fresh.map(({ eventId }) => eventId);
		if (this.getMode() !== 'manual') accept(this, accepted);
		const items = this.helpers.returnJsonArray(output(delivery, fresh));
		return { workflowData: [carry(this, items, this.getWorkflowStaticData('node'))] };
	}
}
