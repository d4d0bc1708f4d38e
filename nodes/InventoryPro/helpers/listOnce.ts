/**
 * "A job costs what the service must do": when one execution holds many rows, a list they all need (the
 * item catalogue, a warehouse's lots, the customers) is read once, pages in flight under the credential's
 * Requests per Minute, instead of one read (or one bisection) per row; when the per-row reads are fewer,
 * the rows read on their own. The choice is made from what page 1 of the list says (its page count), so
 * the only request a wrong guess can cost is that first page. Each row still runs, writes and fails on its
 * own in the router's loop; a plan only answers its reads.
 */
import type { IDataObject, IExecuteFunctions, NodeExecutionHint } from 'n8n-workflow';

import type { ListEndpointId } from '../../shared/endpoints';
import { apiRequestAllItems } from '../../shared/transport';
import { requestsSent } from '../../shared/transport/spent';
import { textOf } from '../../shared/validation';
import { inStock, roundUnits, type Spot } from './level';

/**
 * About the requests a row makes to find an item's level by bisecting a lot list of `pages` (level.ts):
 * page 1, the probes, the page its lots start on (measured in bench section 8: 5.1 at 20 pages, 8.7 at 200).
 */
export const bisectCost = (pages: number) => (pages <= 1 ? 1 : 1 + Math.round(Math.log2(pages)));

/** What the lists of one execution answered, and what they cost. */
export class ListPlan {
	/** List pages read by the plan (page 1s that were not worth going on from included). */
	pages = 0;
	/** Reads the rows would have made on their own that the lists answered instead. */
	avoided = 0;
	/** Reads of rows the lists answered (a row may have several: its item, its level). */
	served = 0;

	/**
	 * A row's bad input, found while planning, before any request. Without continue-on-fail the run stops
	 * at it (the first row throws it); with continue-on-fail that row is left out of the plan and fails alone.
	 */
	refused?: Error;

	constructor(readonly ctx: IExecuteFunctions) {}

	/** `check` for every row; false when a row's refusal stops the run (see `refused`). */
	protected checkRows(rows: number, check: (itemIndex: number) => void): boolean {
		for (let itemIndex = 0; itemIndex < rows; itemIndex++) {
			try {
				check(itemIndex);
			} catch (error) {
				if (this.ctx.continueOnFail()) continue;
				this.refused = error as Error;
				return false;
			}
		}
		return true;
	}

	/** After every row ran (a plan with a check after the writes overrides it). */
	async finish(): Promise<void> {}

	/**
	 * Reads `id` whole, or only its page 1 when the per-row reads left after it (`perRow`, given page 1's
	 * page count and rows) are fewer than its other pages; `whole` says which.
	 */
	async list(
		id: ListEndpointId,
		options: { path?: Record<string, string | number>; query?: IDataObject },
		perRow: (pageCount: number, firstRows: IDataObject[]) => number,
	): Promise<{ rows: IDataObject[]; whole: boolean }> {
		const ctx = this.ctx;
		const before = requestsSent(ctx);
		let whole = true;
		const rows = await apiRequestAllItems.call(ctx, id, options, undefined, (pageCount, first) => {
			whole = pageCount - 1 <= perRow(pageCount, first);
			return whole;
		});
		this.pages += requestsSent(ctx) - before;
		return { rows, whole };
	}
}

/** The hint of a run whose lists answered rows: requests spent, and about how many it saved. */
export function bulkHint(
	plan: ListPlan | undefined,
	rows: number,
	spent: number,
): NodeExecutionHint[] {
	if (!plan || plan.served === 0) return [];
	const saved = plan.avoided - plan.pages;
	return [
		{
			type: 'info',
			location: 'outputPane',
			message:
				`Read each list once for ${rows} rows: ${spent} requests in all (${plan.pages} of them list pages), ` +
				(saved > 0
					? `about ${saved} fewer than reading row by row.`
					: 'about as many as reading row by row.'),
		},
	];
}

/** Records of a list by their key (all of them, or page 1's); `undefined` from find means "read it per row". */
export class Catalogue {
	constructor(
		private readonly plan: ListPlan,
		private readonly byKey: Map<string, IDataObject>,
		/** The whole list was read: a key it does not hold has no record. */
		private readonly whole: boolean,
		private readonly fold: (key: string) => string,
	) {}

	/** The record; null when the whole list was read and holds none; undefined when the row reads itself. */
	find(key: string): IDataObject | null | undefined {
		const record = this.byKey.get(this.fold(key));
		if (record === undefined && !this.whole) return undefined;
		this.plan.served++;
		this.plan.avoided++;
		return record ?? null;
	}
}

/**
 * The list `id` by `keyField` when reading it costs fewer requests than one read per distinct key;
 * `keys` are what the rows name (a row that cannot say is left out: it fails on its own later).
 * `fold` says which keys the service takes for the same (item shortIDs: regardless of case).
 */
export async function readCatalogue(
	plan: ListPlan,
	id: ListEndpointId,
	keyField: string,
	keys: string[],
	fold: (key: string) => string = (key) => key,
): Promise<Catalogue> {
	const wanted = new Set(keys.map(fold));
	if (wanted.size < 2) return new Catalogue(plan, new Map(), false, fold);
	const { rows, whole } = await plan.list(id, {}, (_pages, first) => {
		const onFirst = new Set(first.map((row) => fold(textOf(row[keyField]))));
		return [...wanted].filter((key) => !onFirst.has(key)).length;
	});
	const byKey = new Map(rows.map((row) => [fold(textOf(row[keyField])), row]));
	return new Catalogue(plan, byKey, whole, fold);
}

/** Item shortIDs name the same item regardless of case (sandbox; assumed of the service). */
export const foldCase = (key: string) => key.trim().toLowerCase();

/** Units on hand per item and spot of one warehouse, from one read of its lots. */
export class Levels {
	constructor(
		private readonly plan: ListPlan,
		private readonly units: Map<string, number>,
		/** What finding one level by bisection costs. */
		readonly perLine: number,
	) {}

	/** The level of `partNo` at `spot` as read (or as this run last set it), for a row. */
	at(partNo: number, spot: string): number {
		this.plan.served++;
		this.plan.avoided += this.perLine;
		return this.level(partNo, spot);
	}

	level(partNo: number, spot: string): number {
		return this.units.get(levelKey(partNo, spot)) ?? 0;
	}

	/** What this run's write made the level, for a later line of the same item and spot. */
	set(partNo: number, spot: string, units: number): void {
		this.units.set(levelKey(partNo, spot), units);
	}
}

const levelKey = (partNo: number, spot: string) => `${partNo}|${spot.trim().toLowerCase()}`;

/** Lots read whole in the order they were received (recNo): a lot received meanwhile lands at the end. */
const LOTS_BY_REC_NO = { sort: 'recNo', direction: 'ASC' } as const;

/**
 * Warehouse `wID`'s levels from one read of its lots, when that costs fewer requests than `lines`
 * bisections (page 1 tells the page count); undefined when the lines read their levels themselves.
 */
export async function readLevels(
	plan: ListPlan,
	wID: number,
	lines: number,
): Promise<Levels | undefined> {
	let perLine = 0;
	const { rows, whole } = await plan.list(
		'inventory.listByWarehouse',
		{ path: { warehouseID: wID }, query: LOTS_BY_REC_NO },
		(pages) => lines * (perLine = bisectCost(pages)),
	);
	if (!whole) return undefined;
	const units = new Map<string, number>();
	for (const lot of rows) {
		if (!inStock(lot)) continue;
		const key = levelKey(Number(lot.partNo), textOf(lot.spot ?? ''));
		units.set(key, roundUnits((units.get(key) ?? 0) + (Number(lot.units) || 0)));
	}
	return new Levels(plan, units, perLine || 1);
}

/** A written count line, confirmed by the read of its warehouse's lots after all writes. */
interface Written {
	result: IDataObject;
	wID: number;
	partNo: number;
	spot: string;
	counted: number;
}

/**
 * Set Counted Quantity over many lines: the item catalogue (shortID → partNo) and each warehouse's lots
 * once, when cheaper; after the writes, each warehouse written to is read once more, and a line whose
 * level is not its count (stock moved between the read and the write) says so (levelChanged).
 */
export class StockTakePlan extends ListPlan {
	items!: Catalogue;
	private readonly levels = new Map<number, Levels | undefined>();
	private readonly written = new Map<string, Written>();

	/** Preview: the level a line would leave at an item's location, for a later line of the same. */
	private readonly left = new Map<string, number>();

	/** In preview, the level an earlier line would have left at `at` (it wrote nothing); else undefined. */
	levelLeft(at: Spot): number | undefined {
		return this.left.get(`${at.wID}|${levelKey(at.partNo, at.spot)}`);
	}

	/** In preview, a line that would set the level at `at` to `units`. */
	leave(at: Spot, units: number): void {
		this.left.set(`${at.wID}|${levelKey(at.partNo, at.spot)}`, units);
	}

	/** The warehouse's levels when its lots were read whole, else undefined (the line bisects). */
	levelsOf(wID: number): Levels | undefined {
		return this.levels.get(wID);
	}

	/** A line written against levels read once: its level is confirmed in finish(). */
	confirmLater(line: Written): void {
		// A later line of the same item and spot supersedes an earlier one: only the last is compared.
		this.written.set(`${line.wID}|${levelKey(line.partNo, line.spot)}`, line);
	}

	/** `line(itemIndex)` reads and checks a row's parameters (it throws on bad input, before any request). */
	static async make(
		ctx: IExecuteFunctions,
		rows: number,
		catalogue: ListEndpointId,
		line: (itemIndex: number) => { itemID: string; wID: number },
	): Promise<StockTakePlan> {
		const plan = new StockTakePlan(ctx);
		const itemIDs: string[] = [];
		const lines = new Map<number, number>();
		const planned = plan.checkRows(rows, (itemIndex) => {
			const { itemID, wID } = line(itemIndex);
			itemIDs.push(itemID);
			lines.set(wID, (lines.get(wID) ?? 0) + 1);
		});
		if (!planned) return plan;
		plan.items = await readCatalogue(plan, catalogue, 'shortID', itemIDs, foldCase);
		for (const [wID, count] of lines)
			plan.levels.set(wID, count < 2 ? undefined : await readLevels(plan, wID, count));
		return plan;
	}

	async finish(): Promise<void> {
		const byWarehouse = new Map<number, Written[]>();
		for (const line of this.written.values())
			byWarehouse.set(line.wID, [...(byWarehouse.get(line.wID) ?? []), line]);
		for (const [wID, lines] of byWarehouse) {
			let now: Levels;
			try {
				now = (await readLevels(this, wID, Infinity))!;
			} catch (error) {
				for (const { result } of lines) {
					result.after = null;
					result.levelChanged = null;
					result.message = `Written; the level could not be read again to confirm it: ${(error as Error).message}`;
				}
				continue;
			}
			for (const { result, partNo, spot, counted } of lines) {
				this.avoided += now.perLine;
				const after = now.level(partNo, spot);
				result.after = after;
				result.levelChanged = after !== counted;
				if (after !== counted)
					result.message = `Stock moved at the spot while the count was applied: the node ${textOf(result.moved)} ${Math.abs(Number(result.difference))} and the level is now ${after}, not ${counted}. It did not correct that; look at the spot's movements and count again.`;
			}
		}
	}
}

/**
 * Create or Update over many rows: the records of the list `id` once, when that costs fewer requests than
 * one read per row's key; a row whose record the read holds compares and writes without reading it
 * again, a row whose key the read does not hold is created. `key(itemIndex)` reads and checks a row (it
 * throws on bad input, before any request) and gives its key.
 */
export class UpsertPlan extends ListPlan {
	records!: Catalogue;

	static async make(
		ctx: IExecuteFunctions,
		rows: number,
		id: ListEndpointId,
		key: (itemIndex: number) => string,
		fold?: (key: string) => string,
	): Promise<UpsertPlan> {
		const plan = new UpsertPlan(ctx);
		const keys: string[] = [];
		if (!plan.checkRows(rows, (itemIndex) => keys.push(key(itemIndex)))) return plan;
		plan.records = await readCatalogue(plan, id, 'shortID', keys, fold);
		return plan;
	}
}
