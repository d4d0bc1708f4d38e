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

/** Per item in stock: units summed over its lots; created = oldest receipt, modified = newest movement. */
function stockedItems(store: Store, warehouseID: number): WarehouseItem[] {
	const byItem = new Map<number, WarehouseItem>();
	for (const lot of store.stock.rows) {
		if (lot.wID !== warehouseID || lot.units <= 0) continue;
		const row = byItem.get(lot.partNo);
		if (!row) {
			byItem.set(lot.partNo, {
				warehouseID,
				partNo: lot.partNo,
				shortID: lot.shortID,
				description: lot.description,
				uOM: store.items.get(lot.partNo)?.uOM ?? '',
				quantity: lot.units,
				lots: 1,
				created: lot.received,
				modified: lot.received,
			});
			continue;
		}
		row.quantity = roundQuantity(row.quantity + lot.units);
		row.lots++;
		if (lot.received < row.created) row.created = lot.received;
		if (lot.received > row.modified) row.modified = lot.received;
	}
	for (const movement of [...store.materialIn.rows, ...store.materialOut.rows]) {
		const row = movement.wID === warehouseID ? byItem.get(movement.partNo) : undefined;
		if (row && movement.created > row.modified) row.modified = movement.created;
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
