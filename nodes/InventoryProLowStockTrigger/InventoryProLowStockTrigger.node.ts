import {
	NodeConnectionTypes,
	type IDataObject,
	type IExecuteFunctions,
	type ILoadOptionsFunctions,
	type INodeExecutionData,
	type INodePropertyOptions,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { ledgerOf, markItems } from '../shared/ranLedger';
import {
	emitBatch,
	isRunningHere,
	pollSucceeded,
	settle,
	type Delivery,
} from '../shared/redelivery';
import { pollKeepingSchedule } from '../shared/startup';
import { apiRequestAllItems } from '../shared/transport';
import { textOf } from '../shared/validation';
import { compare, type AlertState, type Level } from './alerts';
import { readLevels } from './levels';
import { inputError, readThresholds, type Params } from './thresholds';

/** Items shown by the editor's test run. */
const SAMPLE_SIZE = 5;

export class InventoryProLowStockTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Inventory Pro Low Stock Trigger',
		name: 'inventoryProLowStockTrigger',
		icon: { light: 'file:inventoryProLowStock.svg', dark: 'file:inventoryProLowStock.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ {"restockingLevel": "Below restocking level", "fixed": "Below " + $parameter["fixedThreshold"], "perItem": "Below per-item thresholds"}[$parameter["threshold"]] }}',
		description:
			"Polls Inventory Pro's stock levels and emits one item when an item falls below its threshold in a warehouse, then nothing for it until it is back at or above",
		defaults: {
			name: 'Inventory Pro Low Stock Trigger',
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
			{
				displayName: 'Warehouses',
				name: 'warehouses',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'All Warehouses',
						value: 'all',
						description:
							'GET /Inventory/StockLevels: each item is watched in each warehouse on its own',
					},
					{
						name: 'One Warehouse',
						value: 'one',
						description: 'GET /Inventory/StockLevels/{warehouseID}',
					},
				],
				default: 'all',
			},
			{
				displayName: 'Warehouse Name or ID',
				name: 'warehouseID',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getWarehouses' },
				required: true,
				default: '',
				description:
					'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
				displayOptions: { show: { warehouses: ['one'] } },
			},
			{
				displayName: 'Threshold',
				name: 'threshold',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Fixed Number',
						value: 'fixed',
						description: 'One number for every item',
					},
					{
						name: 'Per Item',
						value: 'perItem',
						description:
							'A threshold for each item you list; items not in the list are not watched',
					},
					{
						name: 'Restocking Level in Inventory Pro',
						value: 'restockingLevel',
						description:
							"The item's restocking level (Min) in that warehouse, read with its stock level; items without one are not watched",
					},
				],
				default: 'restockingLevel',
			},
			{
				displayName: 'Restocking Level Field',
				name: 'levelField',
				type: 'string',
				default: 'min',
				description:
					"The stock level's field that holds the restocking level. Inventory Pro's API documentation does not show it: the sandbox calls it min (assumed). Name another numeric field of the stock level, such as max, to alert against that.",
				displayOptions: { show: { threshold: ['restockingLevel'] } },
			},
			{
				displayName: 'Below',
				name: 'fixedThreshold',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 10,
				description: 'Alert when an item has fewer units on hand than this in a warehouse',
				displayOptions: { show: { threshold: ['fixed'] } },
			},
			{
				displayName: 'Item Thresholds',
				name: 'itemThresholds',
				type: 'json',
				default:
					'[\n  { "shortID": "WIDGET-01", "threshold": 10 },\n  { "shortID": "WIDGET-02", "wID": 2, "threshold": 5 }\n]',
				description:
					'A JSON list of rows, as a sheet or a data table holds them: shortID, threshold and optionally wID (the warehouse; left out, every warehouse). A row with wID wins over one without.',
				displayOptions: { show: { threshold: ['perItem'] } },
			},
			{
				displayName:
					"A trigger has no input items: an expression here is evaluated once per poll and can use $now, $today, $vars and $workflow, not $json or other nodes' output",
				name: 'expressionNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { threshold: ['fixed', 'perItem'] } },
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options: [
					{
						displayName: 'Alert Items Already Low',
						name: 'alertExisting',
						type: 'boolean',
						default: false,
						description:
							'Whether the first poll of a new trigger (or after the warehouse choice changed) alerts every item already below its threshold. Off: those are noted, and alert once they were restocked and drop again.',
					},
					{
						displayName: 'Emit Restocked Items',
						name: 'emitRestocked',
						type: 'boolean',
						default: false,
						description:
							'Whether to also emit an item (event "restocked") when an alerted item is back at or above its threshold. On, n8n saves the trigger\'s memory with it, so a restart right after a restock forgets nothing.',
					},
				],
			},
		],
	};

	methods = {
		loadOptions: {
			async getWarehouses(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
				const warehouses = await apiRequestAllItems.call(this, 'warehouse.list', {
					query: { sort: 'warehouseID', direction: 'ASC' },
				});
				return warehouses.map((warehouse) => ({
					name: `${textOf(warehouse.name)} (${textOf(warehouse.warehouseID)})`,
					value: Number(warehouse.warehouseID),
				}));
			},
		},
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollKeepingSchedule(
			this,
			'Inventory Pro Low Stock Trigger',
			async () => await lowStockPoll.call(this),
		);
	}

	/**
	 * The first node of each execution: in an execution a poll started, its alerts count as run when n8n
	 * saves it (shared/ranLedger.ts); in the editor's test run (n8n calls execute() then, not poll()), the
	 * stock below its threshold right now, nothing remembered.
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][] | null> {
		if (this.getMode() !== 'manual') {
			const items = this.getInputData();
			const ids = items.map((item) => textOf(item.json.alertId));
			// A copy from before the batch would take the alert memory back.
			const batch = Math.max(...ids.map((id) => Number(id.split('#').pop())));
			const stale = (copy: IDataObject) =>
				((copy.delivery as Delivery<unknown> | undefined)?.next ?? 0) <= batch;
			return [markItems(this, items, ids, { stale })];
		}
		const params: Params = {
			getNode: () => this.getNode(),
			get: (name, fallback) => this.getNodeParameter(name, 0, fallback),
		};
		const warehouseID = readWarehouse(params);
		const thresholds = readThresholds(params);
		const { rows } = await readLevels.call(this, warehouseID);
		thresholds.check(rows);
		const levels = rows.map((row) => ({ ...row, threshold: thresholds.of(row) }));
		const low = compare([], levels, false).alerts.slice(0, SAMPLE_SIZE);
		return low.length ? [this.helpers.returnJsonArray(low.map(itemOf('low')))] : null;
	}
}

type Event = 'low' | 'restocked';

/** One emitted item; alertId (the item in its warehouse, and the batch that raised it) is the same when it comes again. */
const itemOf = (event: Event, batch?: number) => (level: Level) =>
	({
		...level.row,
		threshold: level.threshold,
		event,
		...(batch === undefined ? {} : { alertId: `${level.key}#${batch}` }),
	}) as IDataObject;

async function lowStockPoll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const params: Params = {
		getNode: () => this.getNode(),
		get: (name, fallback) => this.getNodeParameter(name, fallback),
	};
	const warehouseID = readWarehouse(params);
	const thresholds = readThresholds(params);
	const options = this.getNodeParameter('options', {}) as IDataObject;

	// The memory is written once, after every page of this poll was read: a failed poll leaves it as it was.
	const staticData = this.getWorkflowStaticData('node');
	const scope = JSON.stringify([warehouseID ?? 'all']);
	const stored = staticData.lowStock as AlertState | undefined;
	// Alerts that may not have run (n8n killed before their execution ended) come again, as they were.
	const { delivery, again } = settle<IDataObject[]>(
		this,
		staticData.delivery as Delivery<IDataObject[]> | undefined,
		scope,
	);
	const state: AlertState =
		stored?.scope === scope ? stored : { scope, low: [], settling: options.alertExisting !== true };

	const read = await readLevels.call(this, warehouseID, state.page);
	thresholds.check(read.rows);
	const levels = read.rows.map((row) => ({ ...row, threshold: thresholds.of(row) }));
	const outcome = compare(state.low, levels, state.settling === true);

	const next: AlertState = { scope, low: outcome.low };
	// Still settling until a read reaches the end of the list; an early stop continues at its page.
	if (state.settling === true && read.nextPage !== undefined) next.settling = true;
	if (read.nextPage !== undefined) next.page = read.nextPage;
	staticData.lowStock = next;

	const ran = ledgerOf(this);
	const running = isRunningHere(this);
	const batch = delivery.next;
	const items = again
		.flatMap((unconfirmed) => unconfirmed.from)
		.filter((item) => !ran.has(textOf(item.alertId)) && !running(textOf(item.alertId)));
	items.push(...outcome.alerts.map(itemOf('low', batch)));
	if (options.emitRestocked === true)
		items.push(...outcome.restocked.map(itemOf('restocked', batch)));
	staticData.delivery = delivery;
	pollSucceeded(this);
	// Emitted here rather than returned: n8n then tells this process when the batch's execution ends.
	if (items.length)
		emitBatch(
			this,
			staticData,
			delivery,
			items,
			this.helpers.returnJsonArray(items),
			items.map((item) => textOf(item.alertId)),
		);
	return null;
}

/** The one warehouse to watch, or undefined for all; checked before any request. */
function readWarehouse(params: Params): number | undefined {
	if (params.get('warehouses', 'all') !== 'one') return undefined;
	const value = params.get('warehouseID', '');
	const id = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof id !== 'number' || !Number.isInteger(id) || id < 1)
		throw inputError(
			params,
			'Warehouse Name or ID',
			'warehouseID',
			`must be a warehouse number of 1 or more, not ${JSON.stringify(value)}`,
			'Choose a warehouse from the list, or give its ID.',
		);
	return id;
}
