/**
 * Stock on hand and movements: lists, receive / move / issue (events inventory.received, .moved, .issued).
 * Issues and moves take stock first-in first-out from lots not on hold; short stock is 409.
 */
import { conflict } from '../errors';
import type { Item, Movement, StockLot } from '../records';
import { receivingSpot } from '../seedData';
import { roundQuantity } from '../numbers';
import type { Store } from '../store';
import type { RequestContext } from '../types';
import type { Body } from '../validate';
import {
	bodyOf,
	created,
	event,
	nowIso,
	recordNo,
	validationError,
	type ResourceDeps,
	type ResourceModule,
} from './context';
import { activeReasonCode, findItem, findWarehouse, openLocation } from './lookups';

const onHand = (store: Store) => store.stock.rows.filter((s) => s.quantity > 0);

const movementIds = (m: Movement) => ({
	recNo: m.recNo,
	partNo: m.partNo,
	shortID: m.shortID,
	warehouseID: m.warehouseID,
});

/** Lots the stock can be taken from, or 409 when they hold too little. */
function takeable(
	store: Store,
	item: Item,
	warehouseID: number,
	quantity: number,
	location?: string,
	lot?: string,
): StockLot[] {
	const lots = store
		.lots(item.partNo, warehouseID, location, lot)
		.filter((l) => !store.location(warehouseID, l.location)?.hold);
	const available = lots.reduce((sum, l) => sum + l.quantity, 0);
	if (available < quantity) {
		const where = location
			? `location "${location}" of warehouse ${warehouseID}`
			: `warehouse ${warehouseID}`;
		throw conflict(
			`Insufficient stock of "${item.shortID}" in ${where}: ${available} available, ${quantity} requested.`,
		);
	}
	return lots;
}

function drawFifo(lots: StockLot[], quantity: number, now: string): StockLot[] {
	const used: StockLot[] = [];
	let left = quantity;
	for (const lot of lots) {
		if (left <= 0) break;
		const take = Math.min(lot.quantity, left);
		lot.quantity = roundQuantity(lot.quantity - take);
		lot.modified = now;
		left -= take;
		used.push(lot);
	}
	return used;
}

function addToLot(
	store: Store,
	item: Item,
	warehouseID: number,
	location: string,
	lot: string | null,
	quantity: number,
	unitCost: number,
	now: string,
): void {
	const existing = store.stock.rows.find(
		(s) =>
			s.partNo === item.partNo &&
			s.warehouseID === warehouseID &&
			s.location === location &&
			s.lot === lot,
	);
	if (existing) {
		existing.quantity = roundQuantity(existing.quantity + quantity);
		existing.modified = now;
		return;
	}
	insertLot(store, item, {
		warehouseID,
		location,
		lot,
		quantity,
		unitCost,
		created: now,
		modified: now,
	});
}

/** A new lot of `item`; the seed adds its lots this way too. */
export function insertLot(
	store: Store,
	item: Item,
	lot: Pick<
		StockLot,
		'warehouseID' | 'location' | 'lot' | 'quantity' | 'unitCost' | 'created' | 'modified'
	>,
): void {
	store.stock.insert({
		recNo: store.stock.nextId(),
		partNo: item.partNo,
		shortID: item.shortID,
		description: item.description,
		warehouseID: lot.warehouseID,
		location: lot.location,
		lot: lot.lot,
		quantity: lot.quantity,
		uOM: item.uOM,
		unitCost: lot.unitCost,
		created: lot.created,
		modified: lot.modified,
	});
}

/**
 * A stock write's body under the names this module keeps internally: the route takes the documented
 * vocabulary (units, wID, spot, serial, remark; routes.ts), the records keep their earlier names.
 */
const INTERNAL: Record<string, string> = {
	units: 'quantity',
	wID: 'warehouseID',
	spot: 'location',
	serial: 'lot',
	remark: 'reference',
	fromWID: 'fromWarehouseID',
	fromSpot: 'fromLocation',
	toWID: 'toWarehouseID',
	toSpot: 'toLocation',
};
function stockBody(ctx: RequestContext): Body {
	return Object.fromEntries(
		Object.entries(bodyOf(ctx)).map(([name, value]) => [INTERNAL[name] ?? name, value]),
	);
}

/** Units on hand per item and warehouse, in the documented stock vocabulary (partNo, shortID, wID, units). */
function stockLevels(store: Store) {
	const levels = new Map<
		string,
		{
			partNo: number;
			shortID: string;
			description: string;
			wID: number;
			warehouse: string;
			units: number;
		}
	>();
	for (const lot of onHand(store)) {
		const key = `${lot.partNo}|${lot.warehouseID}`;
		const level = levels.get(key) ?? {
			partNo: lot.partNo,
			shortID: lot.shortID,
			description: lot.description,
			wID: lot.warehouseID,
			warehouse: store.warehouses.get(lot.warehouseID)?.name ?? '',
			units: 0,
		};
		level.units = roundQuantity(level.units + lot.quantity);
		levels.set(key, level);
	}
	return [...levels.values()];
}

export function inventory({ store, publish }: ResourceDeps): ResourceModule {
	const inWarehouse = (ctx: RequestContext) =>
		findWarehouse(store, recordNo(ctx, 'warehouseID', 'Warehouse')).warehouseID;

	const movement = (
		table: Store['materialIn'],
		fields: Omit<Movement, 'recNo' | 'created' | 'modified'>,
		now: string,
	) => table.insert({ recNo: table.nextId(), ...fields, created: now, modified: now });

	return {
		lists: {
			'inventory.list': () => ({
				key: 'inventory.list',
				idField: 'recNo',
				rows: () => onHand(store),
			}),
			'inventory.listByWarehouse': (ctx) => {
				const id = inWarehouse(ctx);
				return {
					key: `inventory.listByWarehouse|${id}`,
					idField: 'recNo',
					rows: () => onHand(store).filter((s) => s.warehouseID === id),
				};
			},
			// Stock levels: one row per item and warehouse, summed over the lots on hand (shape assumed: past the docs' cut).
			'inventory.stockLevels': () => ({
				key: 'inventory.stockLevels',
				idField: 'level',
				rows: () => stockLevels(store),
			}),
			'inventory.stockLevelsByWarehouse': (ctx) => {
				const id = inWarehouse(ctx);
				return {
					key: `inventory.stockLevelsByWarehouse|${id}`,
					idField: 'level',
					rows: () => stockLevels(store).filter((level) => level.wID === id),
				};
			},
			'inventory.materialIn': () => ({
				key: 'inventory.materialIn',
				idField: 'recNo',
				rows: () => store.materialIn.rows,
			}),
			'inventory.materialOut': () => ({
				key: 'inventory.materialOut',
				idField: 'recNo',
				rows: () => store.materialOut.rows,
			}),
			'inventory.materialInByWarehouse': (ctx) => {
				const id = inWarehouse(ctx);
				return {
					key: `materialIn|${id}`,
					idField: 'recNo',
					rows: () => store.materialIn.rows.filter((m) => m.warehouseID === id),
				};
			},
			'inventory.materialOutByWarehouse': (ctx) => {
				const id = inWarehouse(ctx);
				return {
					key: `materialOut|${id}`,
					idField: 'recNo',
					rows: () => store.materialOut.rows.filter((m) => m.warehouseID === id),
				};
			},
		},
		handlers: {
			'inventory.receive': (ctx) => {
				const body = stockBody(ctx);
				const item = findItem(store, body.itemID as string);
				const warehouseID = findWarehouse(store, body.warehouseID as number).warehouseID;
				const location = openLocation(
					store,
					warehouseID,
					(body.location as string | undefined) ?? receivingSpot(warehouseID),
				).spot;
				const reasonCode = activeReasonCode(store, body.reasonCode as string | undefined);
				const quantity = body.quantity as number;
				const unitCost = (body.unitCost as number | undefined) ?? store.terms(item.partNo).unitCost;
				const lot = (body.lot as string | undefined) ?? null;
				const now = nowIso(ctx);

				addToLot(store, item, warehouseID, location, lot, quantity, unitCost, now);
				const record = movement(
					store.materialIn,
					{
						type: 'Receipt',
						partNo: item.partNo,
						shortID: item.shortID,
						warehouseID,
						location,
						lot,
						quantity,
						unitCost,
						reasonCode,
						reference: (body.reference as string | undefined) ?? null,
					},
					now,
				);
				store.changed();
				publish(event('inventory.received', record, movementIds(record), record.recNo));
				return created(record);
			},
			'inventory.issue': (ctx) => {
				const body = stockBody(ctx);
				const item = findItem(store, body.itemID as string);
				const warehouseID = findWarehouse(store, body.warehouseID as number).warehouseID;
				const location =
					body.location === undefined
						? undefined
						: openLocation(store, warehouseID, body.location as string).spot;
				const reasonCode = activeReasonCode(store, body.reasonCode as string | undefined);
				const quantity = body.quantity as number;
				const lot = body.lot as string | undefined;
				const lots = takeable(store, item, warehouseID, quantity, location, lot);
				const now = nowIso(ctx);

				const used = drawFifo(lots, quantity, now);
				const record = movement(
					store.materialOut,
					{
						type: 'Issue',
						partNo: item.partNo,
						shortID: item.shortID,
						warehouseID,
						location: location ?? used[0].location,
						lot: lot ?? used[0].lot,
						quantity,
						unitCost: store.terms(item.partNo).unitCost,
						reasonCode,
						reference: (body.reference as string | undefined) ?? null,
					},
					now,
				);
				store.changed();
				publish(event('inventory.issued', record, movementIds(record), record.recNo));
				return created(record);
			},
			'inventory.move': (ctx) => {
				const body = stockBody(ctx);
				const item = findItem(store, body.itemID as string);
				const fromWarehouseID = findWarehouse(store, body.fromWarehouseID as number).warehouseID;
				const toWarehouseID = findWarehouse(store, body.toWarehouseID as number).warehouseID;
				const fromLocation =
					body.fromLocation === undefined
						? undefined
						: openLocation(store, fromWarehouseID, body.fromLocation as string).spot;
				const toLocation = openLocation(
					store,
					toWarehouseID,
					(body.toLocation as string | undefined) ?? receivingSpot(toWarehouseID),
				).spot;
				if (fromWarehouseID === toWarehouseID && fromLocation === toLocation) {
					throw validationError('toLocation', 'The target must differ from the source location.');
				}
				const quantity = body.quantity as number;
				const lot = body.lot as string | undefined;
				const lots = takeable(store, item, fromWarehouseID, quantity, fromLocation, lot);
				const now = nowIso(ctx);
				const reference = (body.reference as string | undefined) ?? null;

				const used = drawFifo(lots, quantity, now);
				const source = fromLocation ?? used[0].location;
				const movedLot = lot ?? used[0].lot;
				addToLot(
					store,
					item,
					toWarehouseID,
					toLocation,
					movedLot,
					quantity,
					store.terms(item.partNo).unitCost,
					now,
				);
				const common = {
					type: 'Move' as const,
					partNo: item.partNo,
					shortID: item.shortID,
					lot: movedLot,
					quantity,
					unitCost: store.terms(item.partNo).unitCost,
					reasonCode: null,
					reference,
				};
				movement(
					store.materialOut,
					{ ...common, warehouseID: fromWarehouseID, location: source, toWarehouseID, toLocation },
					now,
				);
				const record = movement(
					store.materialIn,
					{
						...common,
						warehouseID: toWarehouseID,
						location: toLocation,
						fromWarehouseID,
						fromLocation: source,
					},
					now,
				);
				store.changed();
				publish(
					event(
						'inventory.moved',
						record,
						{ ...movementIds(record), fromWarehouseID },
						record.recNo,
					),
				);
				return created(record);
			},
		},
	};
}
