/** In-memory tables of the sandbox. Every mutation bumps `version`, which invalidates cached sorted lists. */
import type {
	Asset,
	AssetType,
	Category,
	Customer,
	Item,
	Location,
	Movement,
	PurchaseOrder,
	ReasonCode,
	ShippingOrder,
	StockLot,
	Vendor,
	Warehouse,
	WorkOrder,
} from './records';

export class Table<T extends object> {
	readonly rows: T[] = [];
	private readonly byId = new Map<number, T>();
	private next = 1;

	constructor(readonly idField: keyof T & string) {}

	get size(): number {
		return this.rows.length;
	}

	get(id: number): T | undefined {
		return this.byId.get(id);
	}

	/** The id the next inserted row should take. */
	nextId(): number {
		return this.next;
	}

	insert(row: T): T {
		const id = row[this.idField] as unknown as number;
		this.rows.push(row);
		this.byId.set(id, row);
		this.next = Math.max(this.next, id + 1);
		return row;
	}

	remove(id: number): T | undefined {
		const row = this.byId.get(id);
		if (!row) return undefined;
		this.byId.delete(id);
		this.rows.splice(this.rows.indexOf(row), 1);
		return row;
	}
}

export class Store {
	/** Bumped by every write; list caches compare against it. */
	version = 0;
	readonly warehouses = new Table<Warehouse>('warehouseID');
	readonly categories = new Table<Category>('categoryID');
	readonly reasonCodes = new Table<ReasonCode>('reasonCodeID');
	readonly locations = new Table<Location>('locationID');
	readonly items = new Table<Item>('partNo');
	readonly stock = new Table<StockLot>('recNo');
	readonly materialIn = new Table<Movement>('recNo');
	readonly materialOut = new Table<Movement>('recNo');
	readonly customers = new Table<Customer>('customerID');
	readonly vendors = new Table<Vendor>('vendorID');
	readonly purchaseOrders = new Table<PurchaseOrder>('poNo');
	readonly shippingOrders = new Table<ShippingOrder>('soNo');
	readonly workOrders = new Table<WorkOrder>('woNo');
	readonly assetTypes = new Table<AssetType>('typeID');
	readonly assets = new Table<Asset>('assetID');

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

	item(shortID: string): Item | undefined {
		return this.itemsByShortId.get(shortID.toLowerCase());
	}

	location(warehouseID: number, code: string): Location | undefined {
		const wanted = code.toLowerCase();
		return this.locations.rows.find((l) => l.warehouseID === warehouseID && l.code.toLowerCase() === wanted);
	}

	/** Stock lots of an item in a warehouse (optionally one location and lot), oldest first. */
	lots(partNo: number, warehouseID: number, location?: string, lot?: string): StockLot[] {
		return this.stock.rows
			.filter(
				(s) =>
					s.partNo === partNo &&
					s.warehouseID === warehouseID &&
					s.quantity > 0 &&
					(location === undefined || s.location.toLowerCase() === location.toLowerCase()) &&
					(lot === undefined || s.lot === lot),
			)
			.sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : a.recNo - b.recNo));
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
