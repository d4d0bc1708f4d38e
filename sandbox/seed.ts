/**
 * Deterministic sample data: the same options and clock start give the same records on every run.
 * Seed times lie in the year before the clock starts (at most up to 2025-12-31), so anything a test
 * writes is newer than every seeded record.
 */
import { toIso as iso } from './dates';
import { Random } from './random';
import type { Category, Item, Location } from './records';
import {
	ASSET_MAKERS,
	ASSET_TYPES,
	CATALOG,
	CITIES,
	COMPANY_FIRST,
	COMPANY_KIND,
	COMPANY_SECOND,
	COMPANY_SUFFIX,
	DISABLED_REASON_CODES,
	REASON_CODES,
	STREETS,
	PUT_UP_OF,
	UNITS_OF,
	WAREHOUSES,
	dockSpot,
	rackSpots,
	spotsOf,
	type SubCategoryData,
} from './seedData';
import { insertLot } from './resources/inventory';
import { seedOrders } from './seedOrders';
import { Store } from './store';

export interface SeedOptions {
	/** Number of items (default 1,050); stock, movements and reports scale with it. */
	items?: number;
	/** PRNG seed (default 7). */
	seed?: number;
}

export const DEFAULT_SEED_ITEMS = 1050;
export const DEFAULT_SEED = 7;
export const SEED_COUNTS = { customers: 120, vendors: 40, assets: 80 };

const DAY = 86_400_000;
const LATEST_SEED_END = Date.parse('2025-12-31T00:00:00.000Z');

export function seedStore(options: SeedOptions, clockStart: number): Store {
	const store = new Store();
	const random = new Random(options.seed ?? DEFAULT_SEED);
	const end = Math.min(LATEST_SEED_END, clockStart - DAY);
	const start = end - 365 * DAY;
	const stamp = (from = start, to = end) => {
		const created = random.time(from, to);
		const modified = random.chance(0.5) ? created : random.time(created, to);
		return { created: iso(created), modified: iso(modified) };
	};

	seedWarehouses(store, start);
	seedLocations(store, random, start);
	const subs = seedCategories(store, start);
	seedReasonCodes(store, start);
	const orderSizes = seedItems(
		store,
		random,
		subs,
		options.items ?? DEFAULT_SEED_ITEMS,
		start,
		end,
	);
	// Restocking levels draw from a stream of their own, so every record after the stock stays the same.
	const levels = new Random((options.seed ?? DEFAULT_SEED) + RESTOCK_SEED_OFFSET);
	seedStock(store, random, end, (item, wID) =>
		seedRestockLevel(store, levels, item, wID, orderSizes),
	);
	seedParties(store, random, stamp);
	seedAssets(store, random, stamp, start);
	seedOrders(store, random, start, end);
	return store;
}

function seedWarehouses(store: Store, start: number): void {
	WAREHOUSES.forEach((w, i) => {
		const created = iso(start - (400 - i) * DAY);
		store.warehouses.insert({ warehouseID: i + 1, ...w, active: true, created, modified: created });
	});
}

/** Spots kept free of holds: the docs' example spot, which the demo and the tests hold and release. */
export const EXAMPLE_SPOT = 'A-01-03';

function seedLocations(store: Store, random: Random, start: number): void {
	for (const warehouse of store.warehouses.rows) {
		for (const spot of spotsOf(warehouse.warehouseID)) {
			// Every rack rolls, the example spot included, so the random stream (and all data after it) stays put.
			const rolled =
				spot === dockSpot('QC', warehouse.warehouseID) ||
				(/^[A-C]-/.test(spot) && random.chance(0.1));
			const heldSince = rolled ? iso(start + random.int(10, 300) * DAY) : undefined;
			const held = rolled && spot !== EXAMPLE_SPOT;
			const location: Location = {
				spot,
				warehouseID: warehouse.warehouseID,
				warehouseName: warehouse.name,
				description: describeSpot(spot, warehouse.code),
				hold: held,
				active: true,
				modified: held && heldSince !== undefined ? heldSince : iso(start - 300 * DAY),
			};
			store.locations.insert(location);
		}
	}
}

function describeSpot(spot: string, warehouse: string): string {
	if (spot.startsWith('RECV')) return `${warehouse} receiving dock`;
	if (spot.startsWith('SHIP')) return `${warehouse} shipping dock`;
	if (spot.startsWith('QC')) return `${warehouse} quality control`;
	return `${warehouse} aisle ${spot.slice(0, 1)}, level ${spot.slice(5)}`;
}

/** A sub-category of the catalog with the ids the seed gave it and its parent. */
interface FiledSub {
	sub: SubCategoryData;
	category: number;
	subCategory: number;
}

function seedCategories(store: Store, start: number): FiledSub[] {
	const created = iso(start - 200 * DAY);
	const add = (
		name: string,
		description: string,
		parentID: number | null,
		active = true,
	): Category =>
		store.categories.insert({
			categoryID: store.categories.nextId(),
			name,
			description,
			parentID,
			active,
			created,
			modified: active ? created : iso(start + 20 * DAY),
		});
	const subs: FiledSub[] = [];
	for (const category of CATALOG) {
		const parent = add(category.name, category.description, null);
		for (const sub of category.subs) {
			const child = add(sub.name, `${category.name}: ${sub.name.toLowerCase()}`, parent.categoryID);
			subs.push({ sub, category: parent.categoryID, subCategory: child.categoryID });
		}
	}
	// Unused categories, so a delete can succeed: one active, one disabled.
	add('Seasonal', 'Seasonal promotions (no items yet)', null);
	add('Legacy', 'Discontinued product lines', null, false);
	return subs;
}

function seedReasonCodes(store: Store, start: number): void {
	const created = iso(start - 200 * DAY);
	for (const reason of REASON_CODES) {
		const active = !DISABLED_REASON_CODES.includes(reason.code);
		store.reasonCodes.insert({
			reasonCodeID: store.reasonCodes.nextId(),
			...reason,
			active,
			created,
			modified: active ? created : iso(start + 40 * DAY),
		});
	}
}

function seedItems(
	store: Store,
	random: Random,
	subs: FiledSub[],
	count: number,
	start: number,
	end: number,
): Map<number, number> {
	const orderSizes = new Map<number, number>();
	for (let i = 0; i < count; i++) {
		const filed = subs[random.int(0, subs.length - 1)];
		const sub = filed.sub;
		const uOM = random.pick(sub.uOM);
		const created = random.time(start, end - 30 * DAY);
		const modified = random.chance(0.4) ? random.time(created, end) : created;
		const createdIso = iso(created);
		const partNo = 10001 + i;
		// The random calls keep their order, so every record seeded after the items stays the same.
		const description = `${random.pick(sub.nouns)} ${random.pick(sub.variants)}`;
		const units = random.pick(UNITS_OF[uOM] ?? [1]);
		store.setTerms(partNo, { unitCost: random.money(sub.cost[0], sub.cost[1]) });
		// The item's usual order: its restocking Max is Min plus this (seedRestockLevel).
		orderSizes.set(partNo, random.int(1, 12) * 10);
		const item: Item = {
			partNo,
			shortID: `${sub.code}-${String(i + 1).padStart(5, '0')}`,
			description,
			category: filed.category,
			subCategory: filed.subCategory,
			uOM,
			putUp: putUpOf(uOM, units),
			units,
			dfltOwner: 0,
			created: createdIso,
			modified: modified === created ? createdIso : iso(modified),
			discontinued: random.chance(0.05),
		};
		store.addItem(item);
	}
	return orderSizes;
}

/** The second stream's seed: seed + this. */
const RESTOCK_SEED_OFFSET = 1;

/**
 * Restocking levels where an item is stocked (user guide: Min and Max per item and warehouse): most
 * stocked pairs have one, Min 5–20 (about one row in eight starts below it), Max = Min + the usual order.
 */
function seedRestockLevel(
	store: Store,
	levels: Random,
	item: Item,
	wID: number,
	orderSizes: Map<number, number>,
): void {
	if (!levels.chance(0.85)) return;
	const min = 5 * levels.int(1, 4);
	store.setRestockLevel(item.partNo, wID, { min, max: min + (orderSizes.get(item.partNo) ?? 50) });
}

/** The packaging text of the items page's example ("Box/100"): the package, then units per package. */
const putUpOf = (uOM: string, units: number) => `${PUT_UP_OF[uOM] ?? 'Each'}/${units}`;

/** Lots for about 57 % of items, each with its receipt and, for some, an issue; `stocked` hears each pair. */
function seedStock(
	store: Store,
	random: Random,
	end: number,
	stocked: (item: Item, wID: number) => void,
): void {
	const issueReasons = REASON_CODES.filter(
		(r) => r.type === 'Issue' && !DISABLED_REASON_CODES.includes(r.code),
	);
	for (const item of store.items.rows) {
		if (!random.chance(0.57)) continue;
		const warehouses = [1, 2, 3, 4].filter((w) => random.chance(w === 4 ? 0.15 : 0.5));
		if (warehouses.length === 0) warehouses.push(random.int(1, 3));
		for (const warehouseID of warehouses) {
			const received = random.time(Date.parse(item.created), end);
			const quantity = random.chance(0.2) ? random.int(1, 20) : random.int(20, 400);
			const issued = random.chance(0.3) ? random.int(1, 60) : 0;
			const location = random.pick(rackSpots(warehouseID));
			const lot = random.chance(0.4)
				? `L${new Date(received).getUTCFullYear()}-${random.int(100, 999)}`
				: null;
			const modified = issued ? random.time(received, end) : received;
			// One string per time: formatting dominates seeding 50,000 items.
			const receivedIso = iso(received);
			const modifiedIso = issued ? iso(modified) : receivedIso;
			const reference = `DN-${random.int(100000, 999999)}`;
			stocked(item, warehouseID);
			insertLot(store, item, {
				wID: warehouseID,
				spot: location,
				units: quantity,
				received: receivedIso,
				serial: lot ?? '',
				remark: reference,
			});
			const movement = {
				partNo: item.partNo,
				shortID: item.shortID,
				wID: warehouseID,
				spot: location,
				serial: lot,
				unitCost: store.terms(item.partNo).unitCost,
			};
			store.materialIn.insert({
				recNo: store.materialIn.nextId(),
				type: 'Receipt',
				...movement,
				units: quantity + issued,
				reasonCode: 'RECEIPT',
				remark: reference,
				created: receivedIso,
				modified: receivedIso,
			});
			if (issued) {
				store.materialOut.insert({
					recNo: store.materialOut.nextId(),
					type: 'Issue',
					...movement,
					units: issued,
					reasonCode: random.pick(issueReasons).code,
					remark: null,
					created: modifiedIso,
					modified: modifiedIso,
				});
			}
		}
	}
}

function companyNames(random: Random, count: number, used: Set<string>): string[] {
	const names: string[] = [];
	while (names.length < count) {
		const name = `${random.pick(COMPANY_FIRST)}${random.pick(COMPANY_SECOND)} ${random.pick(COMPANY_KIND)} ${random.pick(COMPANY_SUFFIX)}`;
		if (used.has(name)) continue;
		used.add(name);
		names.push(name);
	}
	return names;
}

type Stamp = () => { created: string; modified: string };

/** The docs' example keys: seeded first, so the demo and the tests can name them. */
export const EXAMPLE_KEYS = {
	customer: 'ACME-CORP',
	vendor: 'ACME-FASTENERS',
	asset: 'FORKLIFT-001',
} as const;

/** A shortID from a company name: its first word, upper case, and a number keeping it unique. */
const shortIdOf = (name: string, n: number) =>
	`${name
		.split(' ')[0]
		.toUpperCase()
		.replace(/[^A-Z]/g, '')}-${1000 + n}`;

function seedParties(store: Store, random: Random, stamp: Stamp): void {
	const used = new Set<string>();
	const party = (shortID: string, name: string) => {
		const place = random.pick(CITIES);
		const slug = name
			.toLowerCase()
			.replace(/[^a-z]+/g, '')
			.slice(0, 20);
		return {
			shortID,
			name,
			address1: `${random.int(1, 999)} ${random.pick(STREETS)}`,
			address2: null,
			city: place.city,
			state: null,
			zip: `${place.postal}${random.int(10, 99)}`,
			country: place.country,
			phone: `+1 555 ${String(random.int(0, 9999999)).padStart(7, '0')}`,
			fax: null,
			email: `orders@${slug}.example`,
			contact: null,
			active: random.chance(0.9),
			...stamp(),
		};
	};
	companyNames(random, SEED_COUNTS.customers, used).forEach((name, i) => {
		const row =
			i === 0 ? party(EXAMPLE_KEYS.customer, 'Acme Corporation') : party(shortIdOf(name, i), name);
		store.customers.insert({ ...row, active: i === 0 || row.active });
	});
	companyNames(random, SEED_COUNTS.vendors, used).forEach((name, i) => {
		const row =
			i === 0 ? party(EXAMPLE_KEYS.vendor, 'Acme Fasteners Inc') : party(shortIdOf(name, i), name);
		store.vendors.insert({ ...row, active: i === 0 || row.active });
	});
}

function seedAssets(store: Store, random: Random, stamp: Stamp, start: number): void {
	ASSET_TYPES.forEach((type, i) => {
		const created = iso(start - 250 * DAY);
		store.assetTypes.insert({
			typeID: i + 1,
			name: type.name,
			description: type.description,
			created,
			modified: created,
		});
	});
	const counts = new Map<string, number>();
	for (let i = 0; i < SEED_COUNTS.assets; i++) {
		// The first asset is the docs' forklift.
		const typeIndex = i === 0 ? 0 : random.int(0, ASSET_TYPES.length - 1);
		const type = ASSET_TYPES[typeIndex];
		const maker = random.pick(ASSET_MAKERS);
		const roll = random.next();
		const n = (counts.get(type.key) ?? 0) + 1;
		counts.set(type.key, n);
		const warehouse = store.warehouses.get(random.int(1, 4))!;
		const times = stamp();
		const discontinued = i > 0 && roll >= 0.9;
		store.assets.insert({
			shortID: `${type.key}-${String(n).padStart(3, '0')}`,
			description: `${maker} ${type.name.toLowerCase()}`,
			assetType: typeIndex + 1,
			assetTypeName: type.name,
			serial: `${maker.slice(0, 3).toUpperCase()}${random.int(100000, 999999)}`,
			warehouse: warehouse.warehouseID,
			warehouseName: warehouse.name,
			location: random.pick(spotsOf(warehouse.warehouseID)),
			status: discontinued ? 'Discontinued' : 'Active',
			discontinued: discontinued ? times.modified : null,
			...times,
		});
	}
}
