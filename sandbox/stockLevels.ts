/**
 * Stock levels, one model for everything that reads them: GET /Inventory/StockLevels[/{wid}] serve these
 * rows and the Low Stock report filters them. One row per item and warehouse that has held stock there
 * (its lots stay listed when empty, so the row stays too, at 0 units) or has a restocking level; units
 * summed over the lots; the restocking level (min, max) or 0 and 0 where none is set. The vendor's
 * stock-level response is past the docs' cut: the shape is the sandbox's (assumed).
 */
import { roundQuantity } from './numbers';
import type { StockLevel } from './records';
import type { Store } from './store';

export function stockLevels(store: Store): StockLevel[] {
	const levels = new Map<string, StockLevel>();
	const rowOf = (partNo: number, wID: number): StockLevel | undefined => {
		const key = `${partNo}|${wID}`;
		let level = levels.get(key);
		if (level) return level;
		const item = store.items.get(partNo);
		const warehouse = store.warehouses.get(wID);
		if (!item || !warehouse) return undefined;
		const restock = store.restockLevel(partNo, wID);
		level = {
			partNo,
			shortID: item.shortID,
			description: item.description,
			wID,
			warehouse: warehouse.name,
			units: 0,
			min: restock?.min ?? 0,
			max: restock?.max ?? 0,
		};
		levels.set(key, level);
		return level;
	};
	for (const lot of store.stock.rows) {
		const level = rowOf(lot.partNo, lot.wID);
		if (level) level.units = roundQuantity(level.units + lot.units);
	}
	for (const [partNo, wID] of store.restockLevelEntries()) rowOf(partNo, wID);
	return [...levels.values()];
}
