/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * Each record kind the sandbox serves, against the field list the vendor documents (vendor-fields.json,
 * written from the shared notes), both ways: no documented field missing, no field the docs do not show.
 * Where the sandbox knowingly differs, the difference is named below with its reason; a difference that
 * goes away must be removed from the list (the comparison is exact).
 */
import { readFileSync } from 'fs';
import { join } from 'path';

import { RECORDS } from '../../nodes/shared/records';
import type { Page } from '../../sandbox/lists';
import type { JsonObject } from '../support/sandboxClient';
import { openSandbox, type TestSandbox } from '../sandbox/helpers';

const DOCUMENTED = JSON.parse(
	readFileSync(join(__dirname, 'vendor-fields.json'), 'utf8'),
) as Record<string, string[]>;

/** Known differences: extra = served but not documented, missing = documented but not served. */
const KNOWN: Record<string, { extra: string[]; missing: string[]; why: string }> = {
	purchaseOrder: {
		extra: ['created', 'modified'],
		missing: [],
		why: "the spec's incremental-sync stamp (modifiedSince on order lists)",
	},
	shippingOrder: {
		extra: ['created', 'modified'],
		missing: [],
		why: "the spec's incremental-sync stamp",
	},
	workOrder: {
		extra: ['created', 'modified'],
		missing: [],
		why: "the spec's incremental-sync stamp",
	},
	category: {
		extra: ['parentID'],
		missing: [],
		why: 'sub-categories need their parent; the docs show no field for it',
	},
	location: {
		extra: ['modified'],
		missing: [],
		why: "the spec's incremental-sync stamp (location.list takes modifiedSince)",
	},
};

let t: TestSandbox;
beforeAll(async () => (t = await openSandbox()));
afterAll(() => t.sandbox.close());

const diff = (served: string[], documented: string[]) => ({
	extra: served.filter((field) => !documented.includes(field)).sort(),
	missing: documented.filter((field) => !served.includes(field)).sort(),
});

/** An order with its lines. */
type WithLines = JsonObject & { lines: JsonObject[] };

/** One record of each kind as the sandbox answers it over HTTPS. */
async function served(kind: string): Promise<Record<string, unknown>> {
	const first = async (path: string, query: Record<string, string | number> = {}) =>
		(await t.demo.get<Page<JsonObject>>(path, { pageSize: 1, ...query })).body.value[0];
	switch (kind) {
		case 'item':
			return await first('/Item');
		case 'lot':
			return await first('/Inventory');
		case 'customer':
			return (await t.demo.get('/Customer/ACME-CORP')).body;
		case 'vendor':
			return (await t.demo.get('/Vendor/ACME-FASTENERS')).body;
		case 'purchaseOrder':
			return (await t.demo.get('/PurchaseOrder/PO-2025-0042')).body;
		case 'purchaseOrderLine':
			return (await t.demo.get<WithLines>('/PurchaseOrder/PO-2025-0042')).body.lines[0];
		case 'shippingOrder':
			return (await t.demo.get('/ShippingOrder/SO-2025-0015')).body;
		case 'shippingOrderLine':
			return (await t.demo.get<WithLines>('/ShippingOrder/SO-2025-0015')).body.lines[0];
		case 'workOrder':
			return (await t.demo.get('/WorkOrder/WO-2025-0038')).body;
		case 'workOrderLine':
			return (await t.demo.get<WithLines>('/WorkOrder/WO-2025-0038')).body.lines[0];
		case 'asset':
			return (await t.demo.get('/Asset/FORKLIFT-001')).body;
		case 'category':
			return (await t.demo.get('/Category/1')).body;
		case 'location':
			return (await t.demo.get('/Location/A-01-03')).body;
		case 'report':
			return await first('/Report');
		case 'webhook': {
			const made = await t.demo.post<{ rec: number }>('/Webhook', {
				name: 'contract',
				url: 'https://127.0.0.1:9/x',
				events: 'item.created',
				payloadMode: 1,
				active: false,
			});
			return (await t.demo.get(`/Webhook/${made.body.rec}`)).body;
		}
		default:
			throw new Error(`no sample for ${kind}`);
	}
}

const kinds = Object.keys(DOCUMENTED).filter((kind) => !kind.startsWith('_'));

describe('seeded records against the documented field lists, both ways', () => {
	it.each(kinds)('%s', async (kind) => {
		const record = await served(kind);
		const { extra, missing } = diff(Object.keys(record), DOCUMENTED[kind]);
		const known = KNOWN[kind] ?? { extra: [], missing: [] };
		expect({ kind, extra, missing }).toEqual({
			kind,
			extra: [...known.extra].sort(),
			missing: [...known.missing].sort(),
		});
	});
});

describe('the registry states the documented fields', () => {
	it.each(kinds.filter((kind) => kind in RECORDS))('%s', (kind) => {
		const fields = RECORDS[kind as keyof typeof RECORDS].fields as readonly string[];
		for (const field of DOCUMENTED[kind])
			expect({ kind, field, stated: fields.includes(field) }).toEqual({
				kind,
				field,
				stated: true,
			});
	});
});
