import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { fieldError, isBlank } from '../shared/validation';
import { parseIsoDate, toIsoDate } from '../shared/dates';
import {
	startCursor,
	stampKey,
	type Change,
	type Cursor,
	type LegacyCursor,
	type PollState,
} from '../shared/changes/cursor';
import {
	fetchChanges,
	fetchSamples,
	newestCursor,
	toChange,
	type Target,
} from '../shared/changes/feed';
import { findWatchable } from '../shared/changes/watchable';
import { ledgerOf, markItems } from '../shared/ranLedger';
import {
	emitBatch,
	isRunningHere,
	pollSucceeded,
	settle,
	type Delivery,
} from '../shared/redelivery';
import { pollKeepingSchedule } from '../shared/startup';
import { watchProperties } from './description';

type Event = 'any' | 'created' | 'updated';

export class InventoryProPollTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Inventory Pro Changes Trigger',
		name: 'inventoryProPollTrigger',
		icon: { light: 'file:inventoryProPoll.svg', dark: 'file:inventoryProPoll.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["watch"]}}',
		description:
			'Polls Inventory Pro for records created or modified since the last check. For n8n instances the service cannot reach with webhooks.',
		defaults: {
			name: 'Inventory Pro Changes Trigger',
		},
		credentials: [
			{
				name: 'inventoryProApi',
				required: true,
			},
		],
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			...watchProperties,
			{
				displayName: 'Trigger On',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Created or Updated',
						value: 'any',
						description: 'Every record created or modified since the last poll',
					},
					{
						name: 'Created Only',
						value: 'created',
						description: 'Only records created since the last poll',
					},
					{
						name: 'Updated Only',
						value: 'updated',
						description: 'Only records that existed before the last poll and were modified since',
					},
				],
				default: 'any',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options: [
					{
						displayName: 'Start From',
						name: 'startFrom',
						type: 'dateTime',
						default: '',
						description:
							'On first activation, emit records modified on or after this time (UTC unless the value names a zone) instead of starting from now',
					},
				],
			},
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollKeepingSchedule(
			this,
			'Inventory Pro Changes Trigger',
			async () => await changesPoll.call(this),
		);
	}

	/**
	 * The first node of each execution: in an execution a poll started, its changes count as run when n8n
	 * saves it (shared/ranLedger.ts); in the editor's test run (n8n calls execute() then, not poll()), the
	 * most recent records.
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = readSettings(
			(name, fallback) => this.getNodeParameter(name, 0, fallback),
			this,
		);
		if (this.getMode() === 'manual') {
			const sort = settings.event === 'created' ? 'created' : 'modified';
			const samples = await fetchSamples.call(this, settings.target, sort);
			return samples.length ? [this.helpers.returnJsonArray(samples)] : null;
		}
		const items = this.getInputData();
		const { watchable } = settings.target;
		// A copy from before the batch (its cursor behind the batch's changes) would take the cursor back.
		const changes = items.map((item) => toChange.call(this, watchable, item.json));
		const newest =
			changes
				.map((c) => c.modifiedKey)
				.sort()
				.pop() ?? '';
		const stale = (copy: IDataObject) => {
			const since = (copy.pollState as PollState | undefined)?.cursor.since;
			return (stampKey(since) ?? '') < newest;
		};
		return [markItems(this, items, changes.map(changeId), { stale })];
	}
}

/** What counts as run of a change: the record at that Modified time. */
const changeId = (change: Change) => `${change.id}@${change.modifiedKey}`;

interface Settings {
	watch: string;
	event: Event;
	target: Target;
	startFrom?: string;
}

/** The node's parameters, checked before any request (`get`: n8n's getNodeParameter of the context). */
function readSettings(
	get: (name: string, fallback?: unknown) => unknown,
	context: IPollFunctions | IExecuteFunctions,
): Settings {
	const watch = get('watch') as string;
	const event = get('event', 'any') as Event;
	const options = get('options', {}) as IDataObject;
	const watchable = findWatchable(watch);
	if (!watchable) {
		throw fieldError(
			context,
			'watch',
			`must be one of the lists that support modifiedSince, not "${watch}"`,
			undefined,
			'Choose a list from Watch',
		);
	}
	const path: Target['path'] = {};
	for (const name of watchable.pathParams) {
		const value = get(name) as number;
		if (!Number.isInteger(value) || value < 1) {
			throw fieldError(
				context,
				name,
				'must be a positive whole number',
				undefined,
				`Got ${JSON.stringify(value)}`,
			);
		}
		path[name] = value;
	}
	const startFrom = isBlank(options.startFrom)
		? undefined
		: new Date(
				parseIsoDate(toIsoDate(context, options.startFrom, 'startFrom')) as number,
			).toISOString();
	return { watch, event, target: { watchable, path }, startFrom };
}

/**
 * One poll: the changes since the cursor — at the first poll after a start from the oldest batch not known
 * to have run (shared/redelivery.ts) — less those the ledger shows ran, emitted as one batch; null.
 */
async function changesPoll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const { watch, event, target, startFrom } = readSettings(
		(name, fallback) => this.getNodeParameter(name, fallback),
		this,
	);
	// The cursor is written once, after every page was read: a failed poll leaves it untouched.
	const staticData = this.getWorkflowStaticData('node');
	const scope = JSON.stringify([watch, target.path, startFrom ?? null]);
	const stored = staticData.pollState as PollState | undefined;
	const { delivery, again } = settle<Cursor | LegacyCursor>(
		this,
		staticData.delivery as Delivery<Cursor | LegacyCursor> | undefined,
		scope,
	);
	let cursor: Cursor | LegacyCursor;
	if (stored?.scope === scope) {
		// A batch that may not have run: read again from where it began (what ran is left out below).
		cursor = again[0]?.from ?? stored.cursor;
	} else if (startFrom !== undefined) {
		cursor = startCursor(startFrom);
	} else {
		// First activation: start at the service's newest change, emit nothing old.
		staticData.pollState = {
			scope,
			cursor: await newestCursor.call(this, target),
		} satisfies PollState;
		staticData.delivery = delivery;
		pollSucceeded(this);
		return null;
	}

	const changes = await fetchChanges.call(this, target, cursor);
	const ran = ledgerOf(this);
	const running = isRunningHere(this);
	const records = changes.changes().filter((change) => {
		if (ran.has(changeId(change)) || running(changeId(change))) return false;
		if (event === 'any') return true;
		const createdKey = stampKey(change.record.created);
		if (createdKey === undefined) {
			throw new NodeOperationError(
				this.getNode(),
				`Record ${change.id} has no valid "created" time`,
				{
					description:
						'Telling new records from updated ones needs it; choose "Created or Updated" instead.',
				},
			);
		}
		return changes.isCreated(change, createdKey) === (event === 'created');
	});
	staticData.pollState = { scope, cursor: changes.next() } satisfies PollState;
	staticData.delivery = delivery;
	pollSucceeded(this);
	// Emitted here rather than returned: n8n then tells this process when the batch's execution ends.
	if (records.length)
		emitBatch(
			this,
			staticData,
			delivery,
			cursor,
			this.helpers.returnJsonArray(records.map((c) => c.record)),
			records.map(changeId),
		);
	return null;
}
