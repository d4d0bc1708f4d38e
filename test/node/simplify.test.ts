/**
 * Output (Simplified / Raw / Selected Fields) on Get and Get Many of the wide records, against the
 * sandbox: the simplified view keeps exactly the chosen fields (every one of them present in what the
 * service returns), Raw is untouched, and a node saved without Output gets Simplified.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { RECORDS } from '../../nodes/shared/records';
import { capture, harness, items, runOp, type Harness } from './setup';

let h: Harness;
beforeAll(async () => (h = await harness()));
afterAll(async () => await h?.stop());

/** The kinds whose reads offer Output; Simplified keeps the registry's `simple` fields. */
const SIMPLIFIED = [
	'item',
	'lot',
	'customer',
	'vendor',
	'purchaseOrder',
	'shippingOrder',
	'workOrder',
	'asset',
	'location',
] as const;
type Simplified = (typeof SIMPLIFIED)[number];
const simpleFields = (kind: Simplified): readonly string[] => RECORDS[kind].simple;

const resources: readonly Simplified[] = SIMPLIFIED;
const pick = (record: IDataObject, names: readonly string[]) =>
	Object.fromEntries(names.map((name) => [name, record[name]]));

/** The node resource that reads a kind: lots are Inventory › Get Many (no Get of one lot). */
const resourceOf = (kind: Simplified) => (kind === 'lot' ? 'inventory' : kind);

describe.each(resources)('%s', (kind) => {
	const fields = simpleFields(kind);
	const resource = resourceOf(kind);

	it('Get Many is Simplified by default: the chosen fields, all of them, nothing else', async () => {
		const raw = await items(h, resource, 'getAll', { limit: 3, output: 'raw' });
		const simple = await items(h, resource, 'getAll', { limit: 3 });
		expect(simple).toHaveLength(raw.length);
		expect(raw.length).toBeGreaterThan(0);
		for (const record of simple) expect(Object.keys(record)).toEqual(fields);
		expect(simple).toEqual(raw.map((record) => pick(record, fields)));
		// Raw really is wider: the choice matters for this resource.
		expect(Object.keys(raw[0]).length).toBeGreaterThan(fields.length);
	});

	const parameters = getParameters(kind);
	if (parameters)
		it('Get returns the same simplified record', async () => {
			const [first] = await items(h, resource, 'getAll', { limit: 1, output: 'raw' });
			const [simple] = await items(h, resource, 'get', parameters(first));
			expect(simple).toEqual(pick(first, fields));
		});
});

/** How Get names a record, for the kinds that have a Get (lots have none). */
function getParameters(kind: Simplified): ((record: IDataObject) => INodeParameters) | undefined {
	switch (kind) {
		case 'lot':
			return undefined;
		case 'item':
			return (record) => ({ key: String(record.shortID), type: 'id' });
		case 'customer':
		case 'vendor':
		case 'asset':
			return (record) => ({ shortID: String(record.shortID) });
		case 'purchaseOrder':
			return (record) => ({ poNo: String(record.poNo) });
		case 'shippingOrder':
			return (record) => ({ soNo: String(record.soNo) });
		case 'workOrder':
			return (record) => ({ woNo: String(record.woNo) });
		case 'location':
			return (record) => ({ spot: { __rl: true, mode: 'id', value: String(record.spot) } });
	}
}

describe('Selected Fields, and a node saved without Output', () => {
	it('returns only the named fields, in the order named', async () => {
		const records = await items(h, 'item', 'getAll', {
			limit: 2,
			output: 'fields',
			fields: ' units , shortID,notAField',
		});
		expect(records).toHaveLength(2);
		for (const record of records) expect(Object.keys(record)).toEqual(['units', 'shortID']);
	});

	it('with no field named fails before any request, naming the field', async () => {
		const { result, requests } = await capture(h, () =>
			runOp(h, 'item', 'getAll', { limit: 2, output: 'fields', fields: ' , ' }),
		);
		expect(result.error?.message).toBe('Fields (fields) needs at least one field name');
		expect(requests).toHaveLength(0);
	});

	it('a node saved without Output gets Simplified, its default', async () => {
		const saved = await runOp(h, 'purchaseOrder', 'getAll', { limit: 1 });
		const simple = await runOp(h, 'purchaseOrder', 'getAll', { limit: 1, output: 'simple' });
		const raw = await runOp(h, 'purchaseOrder', 'getAll', { limit: 1, output: 'raw' });
		expect(saved.error).toBeUndefined();
		expect(saved.items).toEqual(simple.items);
		expect(saved.items).not.toEqual(raw.items);
	});
});
