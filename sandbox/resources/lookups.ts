/**
 * Records a write body refers to. Rule used throughout: an unknown reference is 404 naming it; a
 * reference in the wrong state (location on hold, reason code or account disabled, item discontinued)
 * is 409.
 */
import { conflict, notFound } from '../errors';
import type { Category, Item, Location, ReasonCode, Warehouse } from '../records';
import type { Store } from '../store';

export function findItem(store: Store, shortID: string): Item {
	const item = store.item(shortID);
	if (!item) throw notFound(`Item "${shortID}"`);
	return item;
}

/** An item's category or sub-category by its id (vendor docs: integers); 0 files it under none. */
export function activeCategory(store: Store, categoryID: number): Category | undefined {
	if (categoryID === 0) return undefined;
	const category = store.categories.get(categoryID);
	if (!category) throw notFound(`Category ${categoryID}`);
	if (!category.active) throw conflict(`Category "${category.name}" is disabled.`);
	return category;
}

/** Whether an item is filed under a category, as its category or its sub-category. */
export const filedUnder = (item: Item, categoryID: number) =>
	item.category === categoryID || item.subCategory === categoryID;

export function findWarehouse(store: Store, warehouseID: number): Warehouse {
	const warehouse = store.warehouses.get(warehouseID);
	if (!warehouse) throw notFound(`Warehouse ${warehouseID}`);
	return warehouse;
}

/** A location that may take or give stock: it exists in the warehouse and is not on hold. */
export function openLocation(store: Store, warehouseID: number, spot: string): Location {
	const location = store.location(warehouseID, spot);
	if (!location) throw notFound(`Location "${spot}" in warehouse ${warehouseID}`);
	if (location.hold)
		throw conflict(`Location "${location.spot}" in warehouse ${warehouseID} is on hold.`);
	return location;
}

export function activeReasonCode(store: Store, code: string | undefined): string | null {
	if (code === undefined) return null;
	const reason: ReasonCode | undefined = store.reasonCodes.rows.find(
		(r) => r.code.toLowerCase() === code.toLowerCase(),
	);
	if (!reason) throw notFound(`Reason code "${code}"`);
	if (!reason.active) throw conflict(`Reason code "${reason.code}" is disabled.`);
	return reason.code;
}
