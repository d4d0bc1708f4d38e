/**
 * Create or Update for items, customers and vendors with n8n's resourceMapper (issue 44, req 3): the
 * columns come from the record registry, the key is the column to match on, "Map Automatically" takes
 * the input fields by name, values are checked by the registry's types before any request, and only
 * mapped fields the record shows decide whether a row changed. Run as real workflows against the sandbox.
 */
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeParameters,
	INodeProperties,
} from 'n8n-workflow';

import { InventoryPro } from '../../nodes/InventoryPro/InventoryPro.node';
import { RECORDS } from '../../nodes/shared/records';
import type { RecordedRequest } from '../../sandbox';
import { capture, harness, mapped, runOp, type Harness } from './setup';

let h: Harness;
beforeAll(async () => (h = await harness()));
afterAll(async () => await h?.stop());

const node = new InventoryPro();
type Sent = RecordedRequest & { body: IDataObject };
const wire = (requests: RecordedRequest[]) => requests.map((r) => `${r.method} ${r.status}`);

describe('the columns', () => {
	const columnsOf = (resource: string): INodeProperties =>
		node.description.properties.find(
			(p) =>
				p.name === 'columns' &&
				p.displayOptions?.show?.resource?.includes(resource) &&
				p.displayOptions?.show?.operation?.includes('upsert'),
		)!;

	it.each([
		['item', 'getItemColumns'],
		['customer', 'getCustomerColumns'],
		['vendor', 'getVendorColumns'],
	] as const)(
		'%s: a resourceMapper whose method lists the writable registry fields, the key first and matched on',
		async (resource, method) => {
			const columns = columnsOf(resource);
			expect(columns.type).toBe('resourceMapper');
			expect(columns.default).toEqual({ mappingMode: 'defineBelow', value: null });
			const mapper = columns.typeOptions?.resourceMapper;
			expect(mapper).toEqual(
				expect.objectContaining({
					resourceMapperMethod: method,
					mode: 'upsert',
					supportAutoMap: true,
					multiKeyMatch: false,
				}),
			);
			// No request: the schema is the registry's (a context without helpers would throw on one).
			const { fields } = await node.methods.resourceMapping[method].call(
				{} as ILoadOptionsFunctions,
			);
			const spec = RECORDS[resource];
			const setByService = ['partNo', 'created', 'modified', 'discontinued'];
			expect(fields.map((f) => f.id)).toEqual([
				spec.key,
				...spec.fields.filter((f) => f !== spec.key && !setByService.includes(f)),
			]);
			expect(fields.filter((f) => f.canBeUsedToMatch).map((f) => f.id)).toEqual([spec.key]);
			expect(fields.filter((f) => f.defaultMatch).map((f) => f.id)).toEqual([spec.key]);
			expect(fields.filter((f) => f.required).map((f) => f.id)).toEqual([spec.key]);
			// Nothing is pre-filled: an untouched column is empty, so it is not sent.
			expect(fields.filter((f) => f.defaultValue !== undefined)).toEqual([]);
		},
	);

	it('types come from the registry: numbers are numbers, a yes/no field is a dropdown with no default', async () => {
		const item = await node.methods.resourceMapping.getItemColumns.call(
			{} as ILoadOptionsFunctions,
		);
		const typeOf = Object.fromEntries(item.fields.map((f) => [f.id, f.type]));
		expect(typeOf).toEqual({
			shortID: 'string',
			description: 'string',
			category: 'number',
			subCategory: 'number',
			uOM: 'string',
			putUp: 'string',
			units: 'number',
			dfltOwner: 'number',
		});
		expect(item.fields[0].displayName).toBe('Short ID (SKU)');
		const customer = await node.methods.resourceMapping.getCustomerColumns.call(
			{} as ILoadOptionsFunctions,
		);
		expect(customer.fields.find((f) => f.id === 'active')).toEqual(
			expect.objectContaining({
				type: 'options',
				options: [
					{ name: 'True', value: true },
					{ name: 'False', value: false },
				],
			}),
		);
	});
});

describe('mapping a row', () => {
	it('Map Automatically: input fields named like columns are sent, typed; other input fields are not', async () => {
		const shortID = 'N8N-MAP-AUTO-1';
		const { result, requests } = await capture(h, () =>
			runOp(
				h,
				'item',
				'upsert',
				{ columns: mapped('item', 'auto') },
				{
					inputItems: [
						{
							row_number: 7,
							shortID,
							description: 'Mapped automatically',
							uOM: 'BOX',
							units: '12',
							category: '',
							Notes: 'not a field of an item',
						},
					],
				},
			),
		);
		expect(result.error).toBeUndefined();
		expect(wire(requests)).toEqual(['GET 404', 'POST 201']);
		expect((requests[1] as Sent).body).toStrictEqual({
			itemID: shortID,
			description: 'Mapped automatically',
			uOM: 'BOX',
			units: 12,
		});
		expect(result.items[0]).toEqual(
			expect.objectContaining({ shortID, units: 12, outcome: 'created' }),
		);
	});

	it.each([
		[
			'Map Automatically, a text in a number field',
			'auto' as const,
			{ shortID: 'N8N-MAP-BAD', units: 'twelve' },
			'Units (units) must be a number',
		],
		[
			'Map Each Field Below, a category that is not a whole number',
			{ shortID: 'N8N-MAP-BAD', category: '2.5' },
			{},
			'Category (category) must be a whole number',
		],
		[
			'Map Each Field Below, no short ID',
			{ description: 'Nameless' },
			{},
			'Short ID (shortID) is required for item 0',
		],
		['nothing mapped (the default)', undefined, {}, 'Short ID (shortID) is required for item 0'],
	])('refuses %s before any request', async (_, value, input, message) => {
		const { result, requests } = await capture(h, () =>
			runOp(h, 'item', 'upsert', value === undefined ? {} : { columns: mapped('item', value) }, {
				inputItems: [input],
			}),
		);
		expect(requests).toEqual([]);
		expect(result.error?.message).toBe(message);
	});

	it('customers: a yes/no column is sent as a boolean, and the key goes in the path', async () => {
		const shortID = 'N8N-MAP-CUSTOMER';
		const { result, requests } = await capture(h, () =>
			runOp(
				h,
				'customer',
				'upsert',
				{ columns: mapped('customer', 'auto') },
				{ inputItems: [{ shortID, name: 'Mapped Ltd', active: 'false', city: ' ' }] },
			),
		);
		expect(result.error).toBeUndefined();
		expect(requests.map((r) => [r.method, r.path])).toEqual([
			['GET', `/api/v2/Customer/${shortID}`],
			['POST', '/api/v2/Customer'],
		]);
		expect((requests[1] as Sent).body).toStrictEqual({
			shortID,
			name: 'Mapped Ltd',
			active: false,
		});
	});
});

describe('what counts as changed', () => {
	const upsertItem = async (value: Record<string, string | number>, extraBody?: INodeParameters) =>
		await capture(h, () =>
			runOp(h, 'item', 'upsert', {
				columns: mapped('item', value),
				...(extraBody ? { extraBody } : {}),
			}),
		);

	it('Extra Body Fields are sent with a write but never make a row count as changed', async () => {
		const shortID = 'N8N-EXTRA-1';
		await upsertItem({ shortID, description: 'Has an alias' });
		// One the record does not show (alias) and one it shows with another value (uOM is EA).
		const extraBody = {
			fields: {
				field: [
					{ name: 'alias', value: 'ALIAS-1' },
					{ name: 'uOM', value: 'KG' },
				],
			},
		};

		const same = await upsertItem({ shortID, description: 'Has an alias' }, extraBody);
		expect(wire(same.requests)).toEqual(['GET 200']);
		expect(same.result.items[0]).toEqual(
			expect.objectContaining({ outcome: 'unchanged', changed: [] }),
		);

		const renamed = await upsertItem({ shortID, description: 'Renamed' }, extraBody);
		expect(wire(renamed.requests)).toEqual(['GET 200', 'PUT 200']);
		expect((renamed.requests[1] as Sent).body).toStrictEqual({
			itemID: shortID,
			description: 'Renamed',
			alias: 'ALIAS-1',
			uOM: 'KG',
		});
		expect(renamed.result.items[0]).toEqual(
			expect.objectContaining({ outcome: 'updated', changed: ['description'] }),
		);
	});

	it('a mapped field the record does not show is sent with a write, never counted as changed', async () => {
		const shortID = 'N8N-UNSHOWN-1';
		await upsertItem({ shortID, description: 'Packed', putUp: 'Box/10' });
		// A deployment whose item answers leave putUp out (the sandbox's stored record, trimmed).
		const stored = h.sandbox.store.item(shortID) as unknown as IDataObject;
		delete stored.putUp;

		const same = await upsertItem({ shortID, description: 'Packed', putUp: 'Box/20' });
		expect(wire(same.requests)).toEqual(['GET 200']);
		expect(same.result.items[0]).toEqual(
			expect.objectContaining({ outcome: 'unchanged', changed: [] }),
		);

		const renamed = await upsertItem({ shortID, description: 'Repacked', putUp: 'Box/20' });
		expect(wire(renamed.requests)).toEqual(['GET 200', 'PUT 200']);
		expect((renamed.requests[1] as Sent).body).toStrictEqual({
			itemID: shortID,
			description: 'Repacked',
			putUp: 'Box/20',
		});
		expect(renamed.result.items[0]).toEqual(expect.objectContaining({ changed: ['description'] }));
	});
});
