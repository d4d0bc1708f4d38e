/** In-memory tables of the sandbox. Every mutation bumps `version`, which invalidates cached sorted lists. */
import type {
	Asset,
	AssetType,
	Category,
	Customer,
	Item,
	ItemTerms,
	Location,
	Movement,
	PurchaseOrder,
	ReasonCode,
	RestockLevel,
	ShippingOrder,
	StockLot,
	Vendor,
	Warehouse,
	WorkOrder,
} from './records';
import { RECORDS } from '../nodes/shared/records';

export class Table<T extends object> {
	readonly rows: T[] = [];
	/** By the key as text: numeric keys (partNo, recNo) and string keys (shortID, poNo, spot) alike. */
	private readonly byId = new Map<string, T>();
	private next = 1;

	constructor(readonly idField: keyof T & string) {}

	get size(): number {
		return this.rows.length;
	}

	get(id: number | string): T | undefined {
		return this.byId.get(String(id));
	}

	/** The id the next inserted row should take (numeric keys). */
	nextId(): number {
		return this.next;
	}

	insert(row: T): T {
		const id = row[this.idField] as unknown as number | string;
		this.rows.push(row);
		this.byId.set(String(id), row);
		if (typeof id === 'number') this.next = Math.max(this.next, id + 1);
		else this.next++;
		return row;
	}

	remove(id: number | string): T | undefined {
		const row = this.byId.get(String(id));
		if (!row) return undefined;
		this.byId.delete(String(id));
		this.rows.splice(this.rows.indexOf(row), 1);
		return row;
	}
}

export class Store {
	/** Bumped by every write; list caches compare against it. */
	version = 0;
	readonly warehouses = new Table<Warehouse>(RECORDS.warehouse.key);
	readonly categories = new Table<Category>(RECORDS.category.key);
	readonly reasonCodes = new Table<ReasonCode>(RECORDS.reasonCode.key);
	readonly locations = new Table<Location>(RECORDS.location.key);
	readonly items = new Table<Item>('partNo');
	readonly stock = new Table<StockLot>(RECORDS.lot.key);
	readonly materialIn = new Table<Movement>(RECORDS.movement.key);
	readonly materialOut = new Table<Movement>(RECORDS.movement.key);
	readonly customers = new Table<Customer>(RECORDS.customer.key);
	readonly vendors = new Table<Vendor>(RECORDS.vendor.key);
	readonly purchaseOrders = new Table<PurchaseOrder>(RECORDS.purchaseOrder.key);
	readonly shippingOrders = new Table<ShippingOrder>(RECORDS.shippingOrder.key);
	readonly workOrders = new Table<WorkOrder>(RECORDS.workOrder.key);
	readonly assetTypes = new Table<AssetType>(RECORDS.assetType.key);
	readonly assets = new Table<Asset>(RECORDS.asset.key);

	/** Cost per partNo: sandbox-internal, not part of the served item. */
	private readonly itemTerms = new Map<number, ItemTerms>();

	/** Restocking levels by `partNo|wID` (served on stock-level rows; see RestockLevel). */
	private readonly restockLevels = new Map<string, RestockLevel>();

	/** shortIDs are unique regardless of case, like the service's database collation (assumed). */
	private readonly itemsByShortId = new Map<string, Item>();

	changed(): void {
		this.version++;
	}

	addItem(item: Item): Item {
		this.items.insert(item);
		this.itemsByShortId.set(item.shortID.toLowerCase(), item);
		return item;
	}

	/** An item's cost (an item created through the API has none yet: 0). */
	terms(partNo: number): ItemTerms {
		return this.itemTerms.get(partNo) ?? { unitCost: 0 };
	}

	setTerms(partNo: number, terms: ItemTerms): void {
		this.itemTerms.set(partNo, terms);
	}

	/** An item's restocking level in a warehouse, undefined where none is set. */
	restockLevel(partNo: number, wID: number): RestockLevel | undefined {
		return this.restockLevels.get(`${partNo}|${wID}`);
	}

	/** Sets (or with undefined removes) a restocking level; the stock-level rows and Low Stock follow. */
	setRestockLevel(partNo: number, wID: number, level: RestockLevel | undefined): void {
		const key = `${partNo}|${wID}`;
		if (level === undefined) this.restockLevels.delete(key);
		else this.restockLevels.set(key, { ...level });
		this.changed();
	}

	/** Every restocking level set: [partNo, wID, level]. */
	*restockLevelEntries(): Generator<[number, number, RestockLevel]> {
		for (const [key, level] of this.restockLevels) {
			const [partNo, wID] = key.split('|').map(Number);
			yield [partNo, wID, level];
		}
	}

	item(shortID: string): Item | undefined {
		return this.itemsByShortId.get(shortID.toLowerCase());
	}

	/** An item by its alias (the sandbox gives each item one: its shortID without the dash, e.g. SCR00001). */
	itemByAlias(alias: string): Item | undefined {
		const match = /^([A-Za-z]+)(\d+)$/.exec(alias.trim());
		return match ? this.item(`${match[1]}-${match[2]}`) : undefined;
	}

	/** A spot of one warehouse (spot codes are unique; case does not matter, assumed). */
	location(warehouseID: number, spot: string): Location | undefined {
		const wanted = spot.toLowerCase();
		return this.locations.rows.find(
			(l) => l.warehouseID === warehouseID && l.spot.toLowerCase() === wanted,
		);
	}

	/** Lots of an item still in stock in a warehouse (optionally one spot and serial), oldest first. */
	lots(partNo: number, wID: number, spot?: string, serial?: string): StockLot[] {
		return this.stock.rows
			.filter(
				(s) =>
					s.partNo === partNo &&
					s.wID === wID &&
					s.units > 0 &&
					(spot === undefined || s.spot.toLowerCase() === spot.toLowerCase()) &&
					(serial === undefined || s.serial === serial),
			)
			.sort((a, b) =>
				a.received < b.received ? -1 : a.received > b.received ? 1 : a.recNo - b.recNo,
			);
	}

	/** Row counts per table, for tests and the CLI banner. */
	counts(): Record<string, number> {
		const counts: Record<string, number> = {};
		for (const [name, table] of Object.entries(this)) {
			if (table instanceof Table) counts[name] = table.size;
		}
		return counts;
	}
}
