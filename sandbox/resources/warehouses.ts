/** Warehouses (read-only) and the items stocked in one of them (quantities summed over lots). */
import { roundQuantity } from '../numbers';
import type { Store } from '../store';
import { recordNo, type ResourceDeps, type ResourceModule } from './context';
import { findWarehouse } from './lookups';

export interface WarehouseItem {
	warehouseID: number;
	partNo: number;
	shortID: string;
	description: string;
	uOM: string;
	quantity: number;
	lots: number;
	created: string;
	modified: string;
}

function stockedItems(store: Store, warehouseID: number): WarehouseItem[] {
	const byItem = new Map<number, WarehouseItem>();
	for (const lot of store.stock.rows) {
		if (lot.warehouseID !== warehouseID || lot.quantity <= 0) continue;
		const row = byItem.get(lot.partNo);
		if (!row) {
			byItem.set(lot.partNo, {
				warehouseID,
				partNo: lot.partNo,
				shortID: lot.shortID,
				description: lot.description,
				uOM: lot.uOM,
				quantity: lot.quantity,
				lots: 1,
				created: lot.created,
				modified: lot.modified,
			});
			continue;
		}
		row.quantity = roundQuantity(row.quantity + lot.quantity);
		row.lots++;
		if (lot.created < row.created) row.created = lot.created;
		if (lot.modified > row.modified) row.modified = lot.modified;
	}
	return [...byItem.values()];
}

export function warehouses({ store }: ResourceDeps): ResourceModule {
	return {
		lists: {
			'warehouse.list': () => ({
				key: 'warehouse.list',
				idField: 'warehouseID',
				rows: () => store.warehouses.rows,
			}),
			'warehouse.items': (ctx) => {
				const id = findWarehouse(store, recordNo(ctx, 'warehouseID', 'Warehouse')).warehouseID;
				return {
					key: `warehouse.items|${id}`,
					idField: 'partNo',
					rows: () => stockedItems(store, id),
				};
			},
		},
	};
}
