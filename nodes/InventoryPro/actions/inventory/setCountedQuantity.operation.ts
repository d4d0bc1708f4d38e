import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { extraBodyFields, itemIdLocator } from '../common.descriptions';
import { STANDARD_PAGE_SIZE } from '../../../shared/endpoints';
import { apiRequest } from '../../../shared/transport';
import { fieldError, isBlank } from '../../../shared/validation';
import { readExtraBody } from '../../helpers/extraBody';
import { levelAtSpot, LOTS_BY_PART_NO, roundUnits, type Level } from '../../helpers/level';
import { StockTakePlan } from '../../helpers/listOnce';
import { wouldSend } from '../../helpers/preview';
import { boolean, number, read, readCollection, recordNumber, text } from '../../helpers/read';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	...itemIdLocator,
	{
		displayName: 'Warehouse',
		name: 'wID',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'Warehouse where the stock was counted',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a warehouse...',
				typeOptions: { searchListMethod: 'searchWarehouses', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 2',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^[0-9]+$', errorMessage: 'Not a valid warehouse ID' },
					},
				],
			},
		],
	},
	{
		displayName: 'Spot',
		name: 'spot',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The spot (bin) that was counted, e.g. A-01-03',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a location...',
				typeOptions: { searchListMethod: 'searchLocations', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. A-01-03',
				validation: [],
			},
		],
	},
	{
		displayName: 'Counted Quantity',
		name: 'counted',
		type: 'number',
		// No value until one is given: an unmapped count must stop the run, never count a location as empty.
		default: '',
		required: true,
		placeholder: 'e.g. 12',
		description:
			'Units counted at the location, zero or more: map 0 for an empty location. A row whose count is empty or does not resolve stops the run before anything is read or written. The node issues or receives the difference to the level it reads.',
	},
	{
		displayName: 'Reason Code',
		name: 'reasonCode',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description:
			'Reason code sent with the issue or receipt of the difference, e.g. a count correction',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a reason code...',
				typeOptions: { searchListMethod: 'searchReasonCodesByCode', searchable: true },
			},
			{
				displayName: 'By Code',
				name: 'code',
				type: 'string',
				placeholder: 'e.g. COUNT',
				validation: [],
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Level When Counted',
				name: 'levelWhenCounted',
				type: 'number',
				default: 0,
				description:
					'The on-hand level your count sheet showed when the stock was counted. When the level read now differs, stock moved since the count: nothing is written and the item says so (levelChanged).',
			},
			{
				displayName: 'Preview (Write Nothing)',
				name: 'preview',
				type: 'boolean',
				default: false,
				description:
					'Whether to read the levels as a run does and write nothing: each row comes out with the level on hand, the difference to the count and the issue or receipt it would send (a variance report to approve before the write)',
			},
			{
				displayName: 'Remark',
				name: 'remark',
				type: 'string',
				default: '',
				description: 'Free note sent with the issue or receipt, e.g. the count sheet',
			},
		],
	},
	extraBodyFields,
];

const displayOptions: ShowFor<'inventory'> = {
	show: { resource: ['inventory'], operation: ['setCountedQuantity'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * A stock-take count: reads the item (GET /Item?key=&type=id, for its partNo) and its level at the spot
 * (the warehouse's lots, GET /Inventory/{wid}, searched by helpers/level.ts), issues or receives the
 * difference (POST /Inventory/Issue or /Receive with the reason code), then reads the level again. The
 * service has no conditional write, so a movement by someone else between the first read and the second
 * shows as a level that is not the count: the item says so (levelChanged) and the node does not correct
 * it, because it cannot tell which of the two movements the count already saw. With Level When Counted,
 * a level that moved since the count is reported before anything is written.
 *
 * Over many lines (plan, helpers/listOnce.ts) the item catalogue and each warehouse's lots are read once
 * when that costs fewer requests than the per-line reads; a line then compares its count with the level
 * of that read (as its earlier lines' writes left it), and after all writes each warehouse written to is
 * read once more: a line whose level is not its count says so (levelChanged), as above.
 *
 * Preview (Write Nothing) makes the same reads (the same plan) and stops where a line would write: the
 * line says what it would send (`wouldSend`, `moved`: would issue / would receive), and with nothing
 * written there is nothing to read again after the writes.
 */
export async function plan(this: IExecuteFunctions, rows: number): Promise<StockTakePlan> {
	return await StockTakePlan.make(this, rows, 'item.listAll', (itemIndex) =>
		readLine(this, itemIndex),
	);
}

/** What one row asks for, every value checked: nothing is read or written for a row that fails here. */
function readLine(ctx: IExecuteFunctions, itemIndex: number) {
	const reason = ctx.getNodeParameter('reasonCode', itemIndex, '', { extractValue: true });
	const { levelWhenCounted, remark, preview } = readCollection(ctx, itemIndex, 'options', {
		levelWhenCounted: number,
		remark: text,
		preview: boolean,
	});
	return {
		itemID: read(ctx, itemIndex, 'itemID', text),
		wID: read(ctx, itemIndex, 'wID', recordNumber),
		spot: read(ctx, itemIndex, 'spot', text),
		counted: readCount(ctx, itemIndex),
		reasonCode: isBlank(reason) ? {} : { reasonCode: text(ctx, reason, 'reasonCode', itemIndex) },
		levelWhenCounted: levelWhenCounted as number | undefined,
		remark: remark as string | undefined,
		extra: readExtraBody(ctx, itemIndex),
		preview: preview === true,
	};
}

/**
 * The count of one row: a number from 0, where 0 is an empty location. Empty, null, an expression that
 * finds nothing or fails is refused, naming the row: an unmapped count column must never read as 0.
 */
function readCount(ctx: IExecuteFunctions, itemIndex: number): number {
	const fix =
		'Map the count of every row (0 for an empty location). Nothing was read or written for it.';
	let value: unknown;
	try {
		value = ctx.getNodeParameter('counted', itemIndex, '');
	} catch (error) {
		throw fieldError(
			ctx,
			'counted',
			`could not be resolved for item ${itemIndex}: ${(error as Error).message}`,
			itemIndex,
			fix,
		);
	}
	if (isBlank(value))
		throw fieldError(ctx, 'counted', `is empty for item ${itemIndex}`, itemIndex, fix);
	const counted = number(ctx, value, 'counted', itemIndex);
	if (counted < 0)
		throw fieldError(ctx, 'counted', 'cannot be below zero', itemIndex, `Got ${counted}`);
	return counted;
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	planned?: StockTakePlan,
): Promise<IDataObject[]> {
	if (planned?.refused) throw planned.refused;
	const { itemID, wID, spot, counted, reasonCode, levelWhenCounted, remark, extra, preview } =
		readLine(this, itemIndex);
	// In preview a row is read as in a run and says what it would write; the rows it writes nothing for
	// say the same as in a run.
	const marked = (row: IDataObject) => (preview ? { ...row, preview: true } : row);

	const item =
		planned?.items.find(itemID) ??
		((await apiRequest.call(this, 'item.get', {
			query: { key: itemID, type: 'id' },
			itemIndex,
		})) as IDataObject);
	const at = { partNo: Number(item.partNo), wID, spot };
	const lotPage = async (page: number) =>
		await apiRequest.call(this, 'inventory.listByWarehouse', {
			path: { warehouseID: wID },
			query: { ...LOTS_BY_PART_NO, page, pageSize: STANDARD_PAGE_SIZE },
			itemIndex,
		});
	const level = async (): Promise<Level> => await levelAtSpot(this, itemIndex, at, lotPage);
	const levels = planned?.levelsOf(wID);

	const before =
		(preview ? planned?.levelLeft(at) : undefined) ??
		(levels ? levels.at(at.partNo, spot) : (await level()).units);
	const shown = { shortID: item.shortID ?? itemID, wID, spot, before, counted };
	if (levelWhenCounted !== undefined && roundUnits(levelWhenCounted) !== before)
		return [
			marked({
				...shown,
				difference: roundUnits(counted - before),
				moved: 'nothing',
				movement: null,
				after: before,
				levelChanged: true,
				message: `The level was ${levelWhenCounted} when counted and is ${before} now: stock moved since the count. Nothing was written; count again, or leave Level When Counted empty to set the level to the count.`,
			}),
		];

	const difference = roundUnits(counted - before);
	if (difference === 0)
		return [
			marked({
				...shown,
				difference,
				moved: 'nothing',
				movement: null,
				after: before,
				levelChanged: false,
			}),
		];

	const issue = difference < 0;
	const units = Math.abs(difference);
	const body = {
		itemID: shown.shortID,
		wID,
		spot,
		units,
		...reasonCode,
		...(remark === undefined ? {} : { remark }),
		...extra,
	};
	const write = issue ? 'inventory.issue' : 'inventory.receive';
	if (preview) {
		// A later line of the same item and location compares with the level this one would leave,
		// as in a run it reads the level this one's write left.
		planned?.leave(at, counted);
		return [
			{
				...shown,
				difference,
				moved: issue ? 'would issue' : 'would receive',
				movement: null,
				wouldSend: wouldSend(write, body),
				levelChanged: false,
				preview: true,
			},
		];
	}
	const movement = (await apiRequest.call(this, write, { body, itemIndex })) as IDataObject | null;
	const moved = issue ? 'issued' : 'received';
	if (levels) {
		// Confirmed by one more read of the warehouse's lots after every line ran (plan.finish).
		levels.set(at.partNo, spot, counted);
		const result: IDataObject = {
			...shown,
			difference,
			moved,
			movement: movement ?? null,
			after: counted,
			levelChanged: false,
		};
		planned!.confirmLater({ result, wID, partNo: at.partNo, spot, counted });
		return [result];
	}
	const after = (await level()).units;
	const result: IDataObject = {
		...shown,
		difference,
		moved,
		movement: movement ?? null,
		after,
		levelChanged: after !== counted,
	};
	if (after !== counted)
		result.message = `Stock moved at the spot while the count was applied: the node ${moved} ${units} and the level is now ${after}, not ${counted}. It did not correct that; look at the spot's movements and count again.`;
	return [result];
}
