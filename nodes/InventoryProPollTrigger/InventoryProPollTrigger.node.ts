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
	type Cursor,
	type LegacyCursor,
	type PollState,
} from '../shared/changes/cursor';
import { fetchChanges, fetchSamples, newestCursor, type Target } from '../shared/changes/feed';
import { findWatchable } from '../shared/changes/watchable';
import {
	checkSucceeded,
	confirm,
	emitBatch,
	isFirstCheck,
	settle,
	testPoll,
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
		const first = isFirstCheck(this);
		return await pollKeepingSchedule(
			this,
			first,
			'Inventory Pro Changes Trigger',
			async () => await changesPoll.call(this, first),
		);
	}

	/** Runs inside the execution a poll started: confirms its batch (redelivery.ts). */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][] | null> {
		const items = confirm(this);
		if (items) return [items];
		if (this.getMode() === 'manual')
			return await testPoll(this, InventoryProPollTrigger.prototype.poll);
		return [this.getInputData()];
	}
}

/** One poll: the changes since the cursor, emitted as one batch (redelivery.ts keeps it until it ran); null. */
async function changesPoll(
	this: IPollFunctions,
	first: boolean,
): Promise<INodeExecutionData[][] | null> {
	const watch = this.getNodeParameter('watch') as string;
	const event = this.getNodeParameter('event', 'any') as Event;
	const options = this.getNodeParameter('options', {}) as IDataObject;

	const watchable = findWatchable(watch);
	if (!watchable) {
		throw fieldError(
			this,
			'watch',
			`must be one of the lists that support modifiedSince, not "${watch}"`,
			undefined,
			'Choose a list from Watch',
		);
	}
	const path: Target['path'] = {};
	for (const name of watchable.pathParams) {
		const value = this.getNodeParameter(name, 0) as number;
		if (!Number.isInteger(value) || value < 1) {
			throw fieldError(
				this,
				name,
				'must be a positive whole number',
				undefined,
				`Got ${JSON.stringify(value)}`,
			);
		}
		path[name] = value;
	}
	const startFrom = parseStartFrom.call(this, options.startFrom);
	const target: Target = { watchable, path };

	if (this.getMode() === 'manual') {
		const samples = await fetchSamples.call(
			this,
			target,
			event === 'created' ? 'created' : 'modified',
		);
		return samples.length ? [this.helpers.returnJsonArray(samples)] : null;
	}

	// The cursor is written once, after every page was read: a failed poll leaves it untouched.
	const staticData = this.getWorkflowStaticData('node');
	const scope = JSON.stringify([watch, path, startFrom ?? null]);
	const stored = staticData.pollState as PollState | undefined;
	// A batch not known to have run (n8n killed before its execution ended): read again from its start.
	const { delivery, again } = settle<Cursor | LegacyCursor>(
		this,
		staticData.delivery as Delivery<Cursor | LegacyCursor> | undefined,
		scope,
		first,
	);
	let cursor: Cursor | LegacyCursor;
	if (stored?.scope === scope) {
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
		checkSucceeded(this);
		return null;
	}

	const changes = await fetchChanges.call(this, target, cursor);
	const records = changes.changes().filter((change) => {
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
	checkSucceeded(this);
	// Emitted here rather than returned: n8n then tells this process when the batch's execution ends.
	if (records.length)
		emitBatch(
			this,
			staticData,
			delivery,
			cursor,
			this.helpers.returnJsonArray(records.map((c) => c.record)),
		);
	return null;
}

/** The optional start date, as an ISO string the service accepts; a bad value names the field. */
function parseStartFrom(this: IPollFunctions, value: unknown): string | undefined {
	if (isBlank(value)) return undefined;
	return new Date(parseIsoDate(toIsoDate(this, value, 'startFrom')) as number).toISOString();
}
