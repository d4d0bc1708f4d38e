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
	LOCATION_CODES,
	REASON_CODES,
	STREETS,
	UNITS_OF,
	WAREHOUSES,
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
	seedItems(store, random, subs, options.items ?? DEFAULT_SEED_ITEMS, start, end);
	seedStock(store, random, end);
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

function seedLocations(store: Store, random: Random, start: number): void {
	for (const warehouse of store.warehouses.rows) {
		for (const code of LOCATION_CODES) {
			const created = iso(start - 300 * DAY);
			const held = code === 'QC' || (code.includes('-') && random.chance(0.1));
			const location: Location = {
				locationID: store.locations.nextId(),
				warehouseID: warehouse.warehouseID,
				code,
				description: describeLocation(code, warehouse.code),
				onHold: held,
				holdReason: held ? (code === 'QC' ? 'Quality inspection' : 'Damaged racking') : null,
				created,
				modified: held ? iso(start + random.int(10, 300) * DAY) : created,
			};
			store.locations.insert(location);
		}
	}
}

function describeLocation(code: string, warehouse: string): string {
	if (code === 'RECV') return `${warehouse} receiving dock`;
	if (code === 'SHIP') return `${warehouse} shipping dock`;
	if (code === 'QC') return `${warehouse} quality control`;
	return `${warehouse} aisle ${code.slice(0, 1)}, bay ${code.slice(2)}`;
}

function seedCategories(store: Store, start: number): SubCategoryData[] {
	const created = iso(start - 200 * DAY);
	const add = (name: string, description: string, parentID: number | null, active = true): Category =>
		store.categories.insert({
			categoryID: store.categories.nextId(),
			name,
			description,
			parentID,
			active,
			created,
			modified: active ? created : iso(start + 20 * DAY),
		});
	const subs: SubCategoryData[] = [];
	for (const category of CATALOG) {
		const parent = add(category.name, category.description, null);
		for (const sub of category.subs) {
			add(sub.name, `${category.name}: ${sub.name.toLowerCase()}`, parent.categoryID);
			subs.push(sub);
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

function seedItems(store: Store, random: Random, subs: SubCategoryData[], count: number, start: number, end: number): void {
	const parentOf = new Map(CATALOG.flatMap((c) => c.subs.map((s) => [s.code, c.name] as const)));
	for (let i = 0; i < count; i++) {
		const sub = subs[random.int(0, subs.length - 1)];
		const uOM = random.pick(sub.uOM);
		const created = random.time(start, end - 30 * DAY);
		const modified = random.chance(0.4) ? random.time(created, end) : created;
		const createdIso = iso(created);
		const item: Item = {
			partNo: 10001 + i,
			shortID: `${sub.code}-${String(i + 1).padStart(5, '0')}`,
			description: `${random.pick(sub.nouns)} ${random.pick(sub.variants)}`,
			category: parentOf.get(sub.code) as string,
			subCategory: sub.name,
			uOM,
			units: random.pick(UNITS_OF[uOM] ?? [1]),
			unitCost: random.money(sub.cost[0], sub.cost[1]),
			reorderPoint: random.int(1, 12) * 10,
			discontinued: random.chance(0.05),
			created: createdIso,
			modified: modified === created ? createdIso : iso(modified),
		};
		store.addItem(item);
	}
}

/** Lots for about 57 % of items, each with its receipt and, for some, an issue. */
function seedStock(store: Store, random: Random, end: number): void {
	const storage = LOCATION_CODES.filter((code) => code.includes('-'));
	const issueReasons = REASON_CODES.filter((r) => r.type === 'Issue' && !DISABLED_REASON_CODES.includes(r.code));
	for (const item of store.items.rows) {
		if (!random.chance(0.57)) continue;
		const warehouses = [1, 2, 3, 4].filter((w) => random.chance(w === 4 ? 0.15 : 0.5));
		if (warehouses.length === 0) warehouses.push(random.int(1, 3));
		for (const warehouseID of warehouses) {
			const received = random.time(Date.parse(item.created), end);
			const quantity = random.chance(0.2) ? random.int(1, 20) : random.int(20, 400);
			const issued = random.chance(0.3) ? random.int(1, 60) : 0;
			const location = random.pick(storage);
			const lot = random.chance(0.4) ? `L${new Date(received).getUTCFullYear()}-${random.int(100, 999)}` : null;
			const modified = issued ? random.time(received, end) : received;
			// One string per time: formatting dominates seeding 50,000 items.
			const receivedIso = iso(received);
			const modifiedIso = issued ? iso(modified) : receivedIso;
			insertLot(store, item, {
				warehouseID,
				location,
				lot,
				quantity,
				unitCost: item.unitCost,
				created: receivedIso,
				modified: modifiedIso,
			});
			const movement = { partNo: item.partNo, shortID: item.shortID, warehouseID, location, lot, unitCost: item.unitCost };
			store.materialIn.insert({
				recNo: store.materialIn.nextId(),
				type: 'Receipt',
				...movement,
				quantity: quantity + issued,
				reasonCode: 'RECEIPT',
				reference: `DN-${random.int(100000, 999999)}`,
				created: receivedIso,
				modified: receivedIso,
			});
			if (issued) {
				store.materialOut.insert({
					recNo: store.materialOut.nextId(),
					type: 'Issue',
					...movement,
					quantity: issued,
					reasonCode: random.pick(issueReasons).code,
					reference: null,
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

function seedParties(store: Store, random: Random, stamp: Stamp): void {
	const used = new Set<string>();
	const party = (name: string) => {
		const place = random.pick(CITIES);
		const slug = name
			.toLowerCase()
			.replace(/[^a-z]+/g, '')
			.slice(0, 20);
		return {
			name,
			email: `orders@${slug}.example`,
			phone: `+1 555 ${String(random.int(0, 9999999)).padStart(7, '0')}`,
			address: `${random.int(1, 999)} ${random.pick(STREETS)}`,
			city: place.city,
			postalCode: `${place.postal}${random.int(10, 99)}`,
			country: place.country,
			active: random.chance(0.9),
			...stamp(),
		};
	};
	companyNames(random, SEED_COUNTS.customers, used).forEach((name, i) => {
		store.customers.insert({ customerID: i + 1, customerCode: `C${1001 + i}`, ...party(name) });
	});
	companyNames(random, SEED_COUNTS.vendors, used).forEach((name, i) => {
		store.vendors.insert({ vendorID: i + 1, vendorCode: `V${201 + i}`, ...party(name) });
	});
}

function seedAssets(store: Store, random: Random, stamp: Stamp, start: number): void {
	ASSET_TYPES.forEach((type, i) => {
		const created = iso(start - 250 * DAY);
		store.assetTypes.insert({ typeID: i + 1, name: type.name, description: type.description, created, modified: created });
	});
	for (let i = 0; i < SEED_COUNTS.assets; i++) {
		const typeIndex = random.int(0, ASSET_TYPES.length - 1);
		const type = ASSET_TYPES[typeIndex];
		const maker = random.pick(ASSET_MAKERS);
		const roll = random.next();
		store.assets.insert({
			assetID: i + 1,
			assetTag: `${type.tag}-${1001 + i}`,
			description: `${maker} ${type.name.toLowerCase()}`,
			typeID: typeIndex + 1,
			typeName: type.name,
			warehouseID: random.int(1, 4),
			location: random.pick(LOCATION_CODES),
			serialNo: `${maker.slice(0, 3).toUpperCase()}${random.int(100000, 999999)}`,
			status: roll < 0.8 ? 'In Service' : roll < 0.9 ? 'In Repair' : 'Retired',
			...stamp(),
		});
	}
}
