/** Word lists the seed combines into realistic records. */

export interface SubCategoryData {
	name: string;
	code: string;
	nouns: readonly string[];
	variants: readonly string[];
	uOM: readonly string[];
	cost: readonly [number, number];
}

export interface CategoryData {
	name: string;
	description: string;
	subs: readonly SubCategoryData[];
}

const metric = ['M4', 'M5', 'M6', 'M8', 'M10', 'M12', 'M16'];

export const CATALOG: readonly CategoryData[] = [
	{
		name: 'Fasteners',
		description: 'Bolts, nuts, screws and washers',
		subs: [
			{
				name: 'Bolts',
				code: 'BLT',
				nouns: ['Hex bolt', 'Carriage bolt', 'Flange bolt'],
				variants: metric.map((m) => `${m} x 40 zinc`),
				uOM: ['BOX', 'EA'],
				cost: [0.1, 2.5],
			},
			{
				name: 'Nuts',
				code: 'NUT',
				nouns: ['Hex nut', 'Lock nut', 'Wing nut'],
				variants: metric.map((m) => `${m} stainless`),
				uOM: ['BOX'],
				cost: [0.05, 1.2],
			},
			{
				name: 'Screws',
				code: 'SCR',
				nouns: ['Wood screw', 'Machine screw', 'Self-tapping screw'],
				variants: ['3.5 x 25', '4 x 40', '5 x 60', '6 x 80'],
				uOM: ['BOX', 'PK'],
				cost: [0.02, 0.8],
			},
			{
				name: 'Washers',
				code: 'WSH',
				nouns: ['Flat washer', 'Spring washer'],
				variants: metric,
				uOM: ['BOX'],
				cost: [0.01, 0.3],
			},
		],
	},
	{
		name: 'Electrical',
		description: 'Cables, connectors and switches',
		subs: [
			{
				name: 'Cables',
				code: 'CBL',
				nouns: ['Power cable', 'Network cable', 'Control cable'],
				variants: ['1.5 mm2', '2.5 mm2', 'Cat6 5 m', 'Cat6 20 m', '4 x 0.75 mm2'],
				uOM: ['M', 'EA'],
				cost: [0.8, 45],
			},
			{
				name: 'Connectors',
				code: 'CON',
				nouns: ['Terminal block', 'Crimp connector', 'RJ45 plug'],
				variants: ['2-pole', '4-pole', '12-way', 'shielded'],
				uOM: ['PK', 'EA'],
				cost: [0.2, 6],
			},
			{
				name: 'Switches',
				code: 'SWT',
				nouns: ['Rocker switch', 'Limit switch', 'Push button'],
				variants: ['IP65', '24 V', '230 V', 'latching'],
				uOM: ['EA'],
				cost: [2, 60],
			},
		],
	},
	{
		name: 'Plumbing',
		description: 'Pipes, valves and fittings',
		subs: [
			{
				name: 'Pipes',
				code: 'PIP',
				nouns: ['Copper pipe', 'PVC pipe', 'PEX pipe'],
				variants: ['15 mm', '22 mm', '28 mm', '32 mm'],
				uOM: ['M'],
				cost: [1.5, 18],
			},
			{
				name: 'Valves',
				code: 'VLV',
				nouns: ['Ball valve', 'Gate valve', 'Check valve'],
				variants: ['1/2 in', '3/4 in', '1 in', '2 in'],
				uOM: ['EA'],
				cost: [6, 120],
			},
			{
				name: 'Fittings',
				code: 'FIT',
				nouns: ['Elbow', 'Tee', 'Coupling', 'Reducer'],
				variants: ['15 mm', '22 mm', '28 mm'],
				uOM: ['EA', 'PK'],
				cost: [0.5, 9],
			},
		],
	},
	{
		name: 'Tools',
		description: 'Hand and power tools',
		subs: [
			{
				name: 'Hand Tools',
				code: 'HND',
				nouns: ['Screwdriver', 'Spanner', 'Pliers', 'Hammer'],
				variants: ['small', 'medium', 'large', 'insulated', 'set of 6'],
				uOM: ['EA'],
				cost: [4, 80],
			},
			{
				name: 'Power Tools',
				code: 'PWR',
				nouns: ['Cordless drill', 'Angle grinder', 'Impact driver', 'Jigsaw'],
				variants: ['18 V', '12 V', '230 V', 'brushless'],
				uOM: ['EA'],
				cost: [45, 420],
			},
		],
	},
	{
		name: 'Safety',
		description: 'Personal protective equipment',
		subs: [
			{
				name: 'Gloves',
				code: 'GLV',
				nouns: ['Nitrile gloves', 'Cut-resistant gloves', 'Leather gloves'],
				variants: ['size S', 'size M', 'size L', 'size XL'],
				uOM: ['BOX', 'PR'],
				cost: [1, 25],
			},
			{
				name: 'Eyewear',
				code: 'EYE',
				nouns: ['Safety glasses', 'Goggles', 'Face shield'],
				variants: ['clear', 'tinted', 'anti-fog'],
				uOM: ['EA'],
				cost: [3, 30],
			},
		],
	},
	{
		name: 'Packaging',
		description: 'Boxes, tape and wrap',
		subs: [
			{
				name: 'Boxes',
				code: 'BOX',
				nouns: ['Shipping box', 'Folding carton', 'Mailer box'],
				variants: ['200 x 150 x 100', '400 x 300 x 200', '600 x 400 x 400'],
				uOM: ['PK', 'EA'],
				cost: [0.3, 4],
			},
			{
				name: 'Tape',
				code: 'TAP',
				nouns: ['Packing tape', 'Masking tape', 'Warning tape'],
				variants: ['48 mm x 66 m', '25 mm x 50 m', '75 mm x 100 m'],
				uOM: ['EA', 'PK'],
				cost: [0.9, 8],
			},
			{
				name: 'Wrap',
				code: 'WRP',
				nouns: ['Stretch film', 'Bubble wrap'],
				variants: ['500 mm', '750 mm', '1200 mm'],
				uOM: ['EA'],
				cost: [6, 40],
			},
		],
	},
];

/** What an item of each unit comes packed in (its putUp, e.g. "Box/100"). */
export const PUT_UP_OF: Record<string, string> = { BOX: 'Box', PK: 'Pack', M: 'Roll', KG: 'Bag' };

export const UNITS_OF: Record<string, readonly number[]> = {
	EA: [1],
	BOX: [50, 100, 200],
	PK: [5, 10, 25],
	M: [1],
	PR: [1],
	KG: [1],
};

export const WAREHOUSES = [
	{
		code: 'MAIN',
		name: 'Main Distribution Center',
		address: '100 Commerce Way',
		city: 'Columbus',
		country: 'US',
	},
	{
		code: 'EAST',
		name: 'East Coast Warehouse',
		address: '42 Harbor Road',
		city: 'Newark',
		country: 'US',
	},
	{
		code: 'WEST',
		name: 'West Coast Warehouse',
		address: '9 Industrial Blvd',
		city: 'Reno',
		country: 'US',
	},
	{
		code: 'RET',
		name: 'Returns and Repairs',
		address: '100 Commerce Way, Dock 7',
		city: 'Columbus',
		country: 'US',
	},
] as const;

/**
 * Spots of every warehouse. Spot codes are unique across warehouses (vendor docs, e.g. "A-01-03"):
 * docks are RECV-0<w>, SHIP-0<w>, QC-0<w>; racks <aisle>-0<w>-<level>. RECV is where receipts land
 * when no spot is given.
 */
const RACKS = ['A-01', 'A-02', 'A-03', 'B-01', 'B-02', 'B-03', 'C-01', 'C-02'];
const pad = (n: number) => String(n).padStart(2, '0');
export const dockSpot = (dock: string, warehouseID: number) => `${dock}-${pad(warehouseID)}`;
export const rackSpots = (warehouseID: number) =>
	RACKS.map((rack) => `${rack.slice(0, 1)}-${pad(warehouseID)}-${rack.slice(2)}`);
export const spotsOf = (warehouseID: number) => [
	dockSpot('RECV', warehouseID),
	dockSpot('SHIP', warehouseID),
	...rackSpots(warehouseID),
	dockSpot('QC', warehouseID),
];
export const receivingSpot = (warehouseID: number) => dockSpot('RECV', warehouseID);

export const REASON_CODES = [
	{ code: 'RECEIPT', description: 'Goods received from vendor', type: 'Receipt' },
	{ code: 'RETURN', description: 'Customer return', type: 'Receipt' },
	{ code: 'FOUND', description: 'Stock found during count', type: 'Adjustment' },
	{ code: 'COUNT', description: 'Cycle count correction', type: 'Adjustment' },
	{ code: 'DAMAGED', description: 'Damaged in warehouse', type: 'Issue' },
	{ code: 'EXPIRED', description: 'Shelf life expired', type: 'Issue' },
	{ code: 'SAMPLE', description: 'Free sample', type: 'Issue' },
	{ code: 'PRODUCTION', description: 'Issued to production', type: 'Issue' },
	{ code: 'SCRAP', description: 'Scrapped', type: 'Issue' },
	{ code: 'OBSOLETE', description: 'Obsolete stock (no longer used)', type: 'Issue' },
	{ code: 'TRANSIT', description: 'Lost in transit (no longer used)', type: 'Adjustment' },
] as const;
/** Reason codes seeded as disabled. */
export const DISABLED_REASON_CODES = ['OBSOLETE', 'TRANSIT'];

export const COMPANY_FIRST = [
	'North',
	'Blue',
	'Summit',
	'Pioneer',
	'Harbor',
	'Granite',
	'Silver',
	'Oak',
	'Prairie',
	'Atlas',
	'Cedar',
	'Vertex',
	'Lakeside',
	'Red',
	'Eagle',
	'Iron',
	'Maple',
	'Coastal',
	'Union',
	'Bright',
];
export const COMPANY_SECOND = [
	'wind',
	'line',
	'stone',
	'field',
	'bridge',
	'point',
	'works',
	'gate',
	'ridge',
	'way',
];
export const COMPANY_KIND = [
	'Traders',
	'Supply',
	'Industries',
	'Builders',
	'Logistics',
	'Manufacturing',
	'Services',
	'Components',
	'Distribution',
	'Engineering',
];
export const COMPANY_SUFFIX = ['Inc.', 'LLC', 'Ltd', 'GmbH', 'B.V.', 'Co.'];

export const CITIES = [
	{ city: 'Chicago', country: 'US', postal: '606' },
	{ city: 'Denver', country: 'US', postal: '802' },
	{ city: 'Austin', country: 'US', postal: '787' },
	{ city: 'Seattle', country: 'US', postal: '981' },
	{ city: 'Atlanta', country: 'US', postal: '303' },
	{ city: 'Toronto', country: 'CA', postal: 'M5V' },
	{ city: 'Manchester', country: 'GB', postal: 'M1' },
	{ city: 'Hamburg', country: 'DE', postal: '204' },
	{ city: 'Rotterdam', country: 'NL', postal: '301' },
	{ city: 'Lyon', country: 'FR', postal: '690' },
];
export const STREETS = [
	'Main Street',
	'Market Street',
	'Industrial Park',
	'Station Road',
	'Mill Lane',
	'Dock Road',
	'Elm Avenue',
	'Commerce Drive',
];

export const ASSET_TYPES = [
	{ name: 'Forklift', description: 'Counterbalance and reach trucks', key: 'FORKLIFT' },
	{ name: 'Pallet Jack', description: 'Manual and electric pallet jacks', key: 'PALLETJACK' },
	{
		name: 'Barcode Scanner',
		description: 'Handheld scanners and mobile computers',
		key: 'SCANNER',
	},
	{ name: 'Label Printer', description: 'Thermal label printers', key: 'PRINTER' },
	{ name: 'Laptop', description: 'Office and shop-floor laptops', key: 'LAPTOP' },
	{ name: 'Scale', description: 'Floor and bench scales', key: 'SCALE' },
	{ name: 'Conveyor', description: 'Belt and roller conveyors', key: 'CONVEYOR' },
	{ name: 'Vehicle', description: 'Vans and yard tractors', key: 'VEHICLE' },
];
export const ASSET_MAKERS = [
	'Toyota',
	'Zebra',
	'Honeywell',
	'Linde',
	'Dell',
	'Mettler',
	'Crown',
	'Ford',
	'Datalogic',
	'Interroll',
];
