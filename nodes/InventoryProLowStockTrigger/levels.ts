/**
 * Reading stock levels: GET /Inventory/StockLevels (all warehouses) or /Inventory/StockLevels/{wid},
 * sorted by shortID, page after page. A row is one item in one warehouse; its key is shortID + wID,
 * because a shortID repeats across warehouses and the list has no column of its own that is unique.
 * A row read twice (the list shifted while we paged) counts once, as last read; a row skipped by a
 * shift is simply not seen this time (alerts.ts keeps its state), so paging never invents a change.
 */
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IPollFunctions,
} from 'n8n-workflow';

import { STANDARD_PAGE_SIZE } from '../shared/endpoints';
import { apiRequest } from '../shared/transport';
import { walkPages } from '../shared/transport/paging';
import { levelKey } from './alerts';

/** A poll, or the editor's test run. */
type Ctx = IPollFunctions | IExecuteFunctions;

export interface Row {
	key: string;
	units: number;
	row: IDataObject;
}

export interface Read {
	rows: Row[];
	/** The page to continue at when the read stopped early (out of time); undefined when it reached the end. */
	nextPage?: number;
}

/** A number, or a text holding one (services send decimals either way); undefined otherwise. */
export function numeric(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
		return Number(value);
	return undefined;
}

/** The row's key and units; a row without them cannot be watched, so that is an error naming the field. */
function toRow(this: Ctx, row: IDataObject, warehouseID: number | undefined): Row {
	const missing = (field: string, why: string) =>
		new NodeOperationError(this.getNode(), `A stock level from Inventory Pro has no "${field}"`, {
			description: `${why} Got: ${JSON.stringify(row)}`,
		});
	const shortID = row.shortID;
	if (typeof shortID !== 'string' || shortID === '')
		throw missing('shortID', 'The trigger tells items apart by shortID and wID.');
	const wID = numeric(row.wID) ?? warehouseID;
	if (wID === undefined) throw missing('wID', 'The trigger tells items apart by shortID and wID.');
	const units = numeric(row.units);
	if (units === undefined)
		throw missing('units', 'The trigger compares the units on hand with the threshold.');
	return { key: levelKey(shortID, wID), units, row };
}

/**
 * Reads the stock levels from `firstPage` on. Stops early, with what it has, once half the poll's time
 * budget is spent and at least one page was read; the caller continues at `nextPage` next time.
 */
export async function readLevels(
	this: Ctx,
	warehouseID: number | undefined,
	firstPage = 1,
): Promise<Read> {
	const started = Date.now();
	// A poll has a budget (n8n 2.x); the editor's test run reads one page.
	const { getPollBudgetMs } = this as Partial<IPollFunctions>;
	const budgetMs = typeof getPollBudgetMs === 'function' ? getPollBudgetMs.call(this) : Infinity;
	const id =
		warehouseID === undefined ? 'inventory.stockLevels' : 'inventory.stockLevelsByWarehouse';
	const path: Record<string, number> = warehouseID === undefined ? {} : { warehouseID };
	const fetchPage = async (page: number) =>
		await apiRequest.call(this, id, {
			path,
			query: { sort: 'shortID', direction: 'ASC', page, pageSize: STANDARD_PAGE_SIZE },
		});
	const byKey = new Map<string, Row>();
	const what =
		warehouseID === undefined ? '/Inventory/StockLevels' : `/Inventory/StockLevels/${warehouseID}`;
	const walk = { what, first: firstPage };
	for await (const { page, rows, hasMore } of walkPages(this.getNode(), fetchPage, walk)) {
		for (const raw of rows) {
			const row = toRow.call(this, raw, warehouseID);
			byKey.delete(row.key);
			byKey.set(row.key, row);
		}
		if (hasMore && Date.now() - started >= budgetMs / 2)
			return { rows: [...byKey.values()], nextPage: page + 1 };
	}
	return { rows: [...byKey.values()] };
}
