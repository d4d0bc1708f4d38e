/**
 * Lots, stock levels and movements: lists, receive / move / issue (events inventory.received, .moved,
 * .issued). Each receipt is a lot of its own (vendor docs: one row per received lot); issues and moves
 * take stock first-in first-out from lots and spots not on hold; short stock is 409.
 */
import { conflict } from '../errors';
import type { Item, Movement, StockLot } from '../records';
import { receivingSpot } from '../seedData';
import { roundQuantity } from '../numbers';
import type { Store } from '../store';
import { stockLevels } from '../stockLevels';
import type { RequestContext } from '../types';
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

const movementIds = (m: Movement) => ({
	recNo: m.recNo,
	partNo: m.partNo,
	shortID: m.shortID,
	wID: m.wID,
});

/** Lots the stock can be taken from, or 409 when they hold too little. */
function takeable(
	store: Store,
	item: Item,
	wID: number,
	units: number,
	spot?: string,
	serial?: string,
): StockLot[] {
	const lots = store
		.lots(item.partNo, wID, spot, serial)
		.filter((lot) => !lot.hold && !store.location(wID, lot.spot)?.hold);
	const available = lots.reduce((sum, lot) => sum + lot.units, 0);
	if (available < units) {
		const where = spot ? `location "${spot}" of warehouse ${wID}` : `warehouse ${wID}`;
		throw conflict(
			`Insufficient stock of "${item.shortID}" in ${where}: ${available} available, ${units} requested.`,
		);
	}
	return lots;
}

/** Takes `units` from the lots in order; a lot left empty is shipped and inactive. */
function drawFifo(lots: StockLot[], units: number, now: string): StockLot[] {
	const used: StockLot[] = [];
	let left = units;
	for (const lot of lots) {
		if (left <= 0) break;
		const take = Math.min(lot.units, left);
		lot.units = roundQuantity(lot.units - take);
		if (lot.units === 0) {
			lot.shipped = now;
			lot.active = false;
		}
		left -= take;
		used.push(lot);
	}
	return used;
}

/** A new lot of `item` in stock; receipts, moves and the seed add lots this way. */
export function insertLot(
	store: Store,
	item: Item,
	lot: Pick<StockLot, 'wID' | 'spot' | 'units' | 'received'> &
		Partial<Pick<StockLot, 'serial' | 'remark'>>,
): StockLot {
	return store.stock.insert({
		recNo: store.stock.nextId(),
		partNo: item.partNo,
		shortID: item.shortID,
		description: item.description,
		associate: '',
		warehouse: findWarehouse(store, lot.wID).name,
		wID: lot.wID,
		spot: lot.spot,
		units: lot.units,
		received: lot.received,
		shipped: null,
		serial: lot.serial ?? '',
		serial2: '',
		rFIDTag: '',
		remark: lot.remark ?? '',
		hold: false,
		jobID: 0,
		jobName: '',
		active: true,
	});
}

/** An optional text field of the body (validateBody has checked its type). */
const optional = (value: unknown) => value as string | undefined;

export function inventory({ store, publish, inventions }: ResourceDeps): ResourceModule {
	/** A movement as served: without `type` when that invention is off (lists, answers, events). */
	const present = (row: object): object => {
		if (inventions.movementType) return row;
		const rest: Partial<Movement> = { ...(row as Movement) };
		delete rest.type;
		return rest;
	};
	const inWarehouse = (ctx: RequestContext) =>
		findWarehouse(store, recordNo(ctx, 'warehouseID', 'Warehouse')).warehouseID;

	const movement = (
		table: Store['materialIn'],
		fields: Omit<Movement, 'recNo' | 'created' | 'modified'>,
		now: string,
	) => table.insert({ recNo: table.nextId(), ...fields, created: now, modified: now });

	return {
		lists: {
			// Every lot, shipped ones included (shipped is null only while in stock).
			'inventory.list': () => ({
				key: 'inventory.list',
				idField: 'recNo',
				rows: () => store.stock.rows,
			}),
			'inventory.listByWarehouse': (ctx) => {
				const id = inWarehouse(ctx);
				return {
					key: `inventory.listByWarehouse|${id}`,
					idField: 'recNo',
					rows: () => store.stock.rows.filter((lot) => lot.wID === id),
				};
			},
			// Stock levels: one row per item and warehouse with its restocking level (../stockLevels.ts; shape assumed).
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
				present,
			}),
			'inventory.materialOut': () => ({
				key: 'inventory.materialOut',
				idField: 'recNo',
				rows: () => store.materialOut.rows,
				present,
			}),
			'inventory.materialInByWarehouse': (ctx) => {
				const id = inWarehouse(ctx);
				return {
					key: `materialIn|${id}`,
					idField: 'recNo',
					rows: () => store.materialIn.rows.filter((m) => m.wID === id),
					present,
				};
			},
			'inventory.materialOutByWarehouse': (ctx) => {
				const id = inWarehouse(ctx);
				return {
					key: `materialOut|${id}`,
					idField: 'recNo',
					rows: () => store.materialOut.rows.filter((m) => m.wID === id),
					present,
				};
			},
		},
		handlers: {
			'inventory.receive': (ctx) => {
				const body = bodyOf(ctx);
				const item = findItem(store, body.itemID as string);
				const wID = findWarehouse(store, body.wID as number).warehouseID;
				const spot = openLocation(store, wID, optional(body.spot) ?? receivingSpot(wID)).spot;
				const reasonCode = activeReasonCode(store, optional(body.reasonCode));
				const units = body.units as number;
				const serial = optional(body.serial);
				const remark = optional(body.remark);
				const now = nowIso(ctx);

				insertLot(store, item, { wID, spot, units, received: now, serial, remark });
				const record = movement(
					store.materialIn,
					{
						type: 'Receipt',
						partNo: item.partNo,
						shortID: item.shortID,
						wID,
						spot,
						serial: serial ?? null,
						units,
						unitCost: (body.unitCost as number | undefined) ?? store.terms(item.partNo).unitCost,
						reasonCode,
						remark: remark ?? null,
					},
					now,
				);
				store.changed();
				publish(event('inventory.received', present(record), movementIds(record), record.recNo));
				return created(present(record));
			},
			'inventory.issue': (ctx) => {
				const body = bodyOf(ctx);
				const item = findItem(store, body.itemID as string);
				const wID = findWarehouse(store, body.wID as number).warehouseID;
				const spot =
					body.spot === undefined ? undefined : openLocation(store, wID, body.spot as string).spot;
				const reasonCode = activeReasonCode(store, optional(body.reasonCode));
				const units = body.units as number;
				const serial = optional(body.serial);
				const lots = takeable(store, item, wID, units, spot, serial);
				const now = nowIso(ctx);

				const used = drawFifo(lots, units, now);
				const record = movement(
					store.materialOut,
					{
						type: 'Issue',
						partNo: item.partNo,
						shortID: item.shortID,
						wID,
						spot: spot ?? used[0].spot,
						serial: serial ?? (used[0].serial || null),
						units,
						unitCost: store.terms(item.partNo).unitCost,
						reasonCode,
						remark: optional(body.remark) ?? null,
					},
					now,
				);
				store.changed();
				publish(event('inventory.issued', present(record), movementIds(record), record.recNo));
				return created(present(record));
			},
			'inventory.move': (ctx) => {
				const body = bodyOf(ctx);
				const item = findItem(store, body.itemID as string);
				const fromWID = findWarehouse(store, body.fromWID as number).warehouseID;
				const toWID = findWarehouse(store, body.toWID as number).warehouseID;
				const fromSpot =
					body.fromSpot === undefined
						? undefined
						: openLocation(store, fromWID, body.fromSpot as string).spot;
				const toSpot = openLocation(
					store,
					toWID,
					optional(body.toSpot) ?? receivingSpot(toWID),
				).spot;
				if (fromWID === toWID && fromSpot === toSpot) {
					throw validationError('toSpot', 'The target must differ from the source spot.');
				}
				const units = body.units as number;
				const serial = optional(body.serial);
				const lots = takeable(store, item, fromWID, units, fromSpot, serial);
				const now = nowIso(ctx);
				const remark = optional(body.remark);

				const used = drawFifo(lots, units, now);
				const source = fromSpot ?? used[0].spot;
				const movedSerial = serial ?? used[0].serial;
				// The moved stock keeps the receipt date of the oldest lot it came from (first-in first-out).
				insertLot(store, item, {
					wID: toWID,
					spot: toSpot,
					units,
					received: used[0].received,
					serial: movedSerial,
					remark: remark ?? used[0].remark,
				});
				const common = {
					type: 'Move' as const,
					partNo: item.partNo,
					shortID: item.shortID,
					serial: movedSerial || null,
					units,
					unitCost: store.terms(item.partNo).unitCost,
					reasonCode: null,
					remark: remark ?? null,
				};
				movement(
					store.materialOut,
					{
						...common,
						wID: fromWID,
						spot: source,
						toWID,
						toSpot,
					},
					now,
				);
				const record = movement(
					store.materialIn,
					{
						...common,
						wID: toWID,
						spot: toSpot,
						fromWID,
						fromSpot: source,
					},
					now,
				);
				store.changed();
				publish(
					event(
						'inventory.moved',
						present(record),
						{ ...movementIds(record), fromWID },
						record.recNo,
					),
				);
				return created(present(record));
			},
		},
	};
}
