/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * Every write operation of the Inventory Pro node (the permission table's writes, webhook subscriptions
 * and the Custom API Request), run as real workflows against the sandbox: the request body the sandbox
 * received, and the record that came out.
 */
import { createHmac } from 'crypto';
import { createServer, type Server } from 'https';
import type { AddressInfo } from 'net';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { RecordedRequest } from '../../sandbox';
import { insertLot } from '../../sandbox/resources/inventory';
import { createCertificate } from '../../sandbox/tls';
import { SandboxClient } from '../support/sandboxClient';
import { byId, capture, fromList, harness, items, mapped, runOp, type Harness } from './setup';

let h: Harness;
let receiver: Server;
let receiverUrl: string;
const deliveries: Array<{ headers: IDataObject; body: string }> = [];

beforeAll(async () => {
	const certificate = await createCertificate('127.0.0.1');
	receiver = createServer({ key: certificate.key, cert: certificate.cert }, (request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
			response.writeHead(200).end('ok');
		});
	});
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
	receiverUrl = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/inventory`;
	h = await harness({ sandbox: { trustSelfSigned: true } });
});
afterAll(async () => {
	await h?.stop();
	await new Promise((resolve) => receiver?.close(resolve));
});

/** Runs one write; fails with the node's error; returns the records and the one request it sent. */
async function write(resource: string, operation: string, parameters: INodeParameters) {
	const { result, requests } = await capture(h, () => items(h, resource, operation, parameters));
	expect(requests).toHaveLength(1);
	return { records: result, request: requests[0] as RecordedRequest & { body: IDataObject } };
}

const api = (path: string) => `/api/v2${path}`;

/** Waits (a few milliseconds at a time, a second at most) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
	for (let waited = 0; !done(); waited += 5) {
		if (waited > 1000) throw new Error('waited a second in vain');
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
}

/** Each write test makes its own records, so any one of them runs alone or in any order. */
describe('items', () => {
	const itemID = 'N8N-WIDGET-01';
	const newItem = async (id: string) => {
		await items(h, 'item', 'create', {
			itemID: id,
			additionalFields: { description: 'Test widget', uOM: 'BOX' },
		});
		return id;
	};

	it('creates an item in the documented shape: category ids as integers, putUp, dfltOwner', async () => {
		const bolts = h.sandbox.store.categories.rows.find((c) => c.name === 'Bolts')!;
		const { records, request } = await write('item', 'create', {
			itemID,
			additionalFields: {
				description: 'Test widget',
				category: fromList(bolts.parentID!),
				subCategory: byId(bolts.categoryID),
				uOM: 'BOX',
				putUp: 'Box/50',
				units: 50,
				dfltOwner: 0,
			},
		});
		expect([request.method, request.path, request.status]).toEqual(['POST', api('/Item'), 201]);
		expect(request.body).toStrictEqual({
			itemID,
			description: 'Test widget',
			category: bolts.parentID,
			subCategory: bolts.categoryID,
			uOM: 'BOX',
			putUp: 'Box/50',
			units: 50,
			dfltOwner: 0,
		});
		expect(records).toEqual([
			expect.objectContaining({
				shortID: itemID,
				category: bolts.parentID,
				subCategory: bolts.categoryID,
				putUp: 'Box/50',
				dfltOwner: 0,
				partNo: expect.any(Number),
			}),
		]);
	});

	it.each([
		['category', { category: byId('2.5') }, 'must be a whole number'],
		// A category name as plain text (an expression or a pasted workflow), not a locator.
		['category', { category: 'Fasteners' }, 'must be a number'],
		['category', { category: fromList('Fasteners') }, 'must be a number'],
		['subCategory', { subCategory: '={{ 1.5 }}' }, 'must be a whole number'],
		['dfltOwner', { dfltOwner: 0.5 }, 'must be a whole number'],
	])(
		'refuses a %s that is not a whole number before any request',
		async (name, fields, problem) => {
			const { result, requests } = await capture(h, () =>
				runOp(h, 'item', 'create', { itemID: 'N8N-NOT-SENT', additionalFields: fields }),
			);
			expect(requests).toEqual([]);
			expect(result.error?.message).toContain(`(${name}) ${problem}`);
		},
	);

	it('updates only the fields given', async () => {
		const itemID = await newItem('N8N-WIDGET-02');
		const { records, request } = await write('item', 'update', {
			itemID,
			updateFields: { description: 'Renamed widget' },
		});
		expect([request.method, request.path]).toEqual(['PUT', api('/Item')]);
		expect(request.body).toEqual({ itemID, description: 'Renamed widget' });
		expect(records[0]).toEqual(
			expect.objectContaining({ description: 'Renamed widget', uOM: 'BOX' }),
		);
	});

	// Not a delete: the item stays readable under /Item/All, so the answer is the record, now discontinued.
	it('discontinues an item', async () => {
		const itemID = await newItem('N8N-WIDGET-03');
		const { records, request } = await write('item', 'discontinue', { shortID: itemID });
		expect([request.method, request.path]).toEqual(['DELETE', api(`/Item/${itemID}`)]);
		expect(records[0]).toEqual(expect.objectContaining({ shortID: itemID, discontinued: true }));
	});
});

/**
 * Item › Create or Update (issue 32, req 3): keyed by the item's shortID, the output says which happened.
 * The fields are n8n's resourceMapper (issue 44): `mapped(...)` is the parameter as the editor saves it.
 */
describe('items: Create or Update', () => {
	const upsert = async (value: Record<string, string | number | null>) => {
		const { result, requests } = await capture(h, () =>
			items(h, 'item', 'upsert', { columns: mapped('item', value) }),
		);
		return {
			records: result,
			requests: requests as Array<RecordedRequest & { body: IDataObject }>,
		};
	};
	const wire = (requests: RecordedRequest[]) =>
		requests.map((request) => `${request.method} ${request.status}`);

	it('creates an item that does not exist, then updates it: the output says which', async () => {
		const itemID = 'N8N-UPSERT-01';
		const first = await upsert({
			shortID: itemID,
			description: 'Upserted widget',
			uOM: 'BOX',
			units: 10,
		});
		expect(wire(first.requests)).toEqual(['GET 404', 'POST 201']);
		expect(first.requests[0].query).toEqual({ key: itemID, type: 'id' });
		expect(first.requests[1].body).toEqual({
			itemID,
			description: 'Upserted widget',
			uOM: 'BOX',
			units: 10,
		});
		expect(first.records).toEqual([
			expect.objectContaining({
				shortID: itemID,
				description: 'Upserted widget',
				outcome: 'created',
				changed: ['description', 'uOM', 'units'],
			}),
		]);

		const second = await upsert({ shortID: itemID, description: 'Renamed by upsert' });
		expect(wire(second.requests)).toEqual(['GET 200', 'PUT 200']);
		expect(second.requests[1].body).toEqual({ itemID, description: 'Renamed by upsert' });
		expect(second.records).toEqual([
			expect.objectContaining({
				shortID: itemID,
				partNo: first.records[0].partNo,
				description: 'Renamed by upsert',
				uOM: 'BOX',
				outcome: 'updated',
				changed: ['description'],
			}),
		]);
		expect(h.sandbox.store.item(itemID)).toEqual(
			expect.objectContaining({ description: 'Renamed by upsert', units: 10 }),
		);
	});

	it('leaves an existing item as it is when there is nothing to send', async () => {
		const itemID = 'N8N-UPSERT-02';
		await upsert({ shortID: itemID, description: 'Kept' });
		const { records, requests } = await upsert({ shortID: itemID, description: null, uOM: '' });
		expect(wire(requests)).toEqual(['GET 200']);
		expect(records).toEqual([
			expect.objectContaining({
				shortID: itemID,
				description: 'Kept',
				outcome: 'unchanged',
				changed: [],
			}),
		]);
	});

	it('updates when someone else created the item between its read and its create (409)', async () => {
		const itemID = 'N8N-UPSERT-03';
		// Another client creates the item; the node's read still says 404, as a read just before that would.
		const other = await new SandboxClient(h.sandbox).post('/Item', {
			itemID,
			description: 'Theirs',
		});
		expect(other.status).toBe(201);
		h.sandbox.failNext('item.get', 'not_found');
		const { records, requests } = await upsert({ shortID: itemID, description: 'Mine' });
		expect(wire(requests)).toEqual(['GET 404', 'POST 409', 'GET 200', 'PUT 200']);
		expect(records).toEqual([
			expect.objectContaining({ shortID: itemID, description: 'Mine', outcome: 'updated' }),
		]);
		expect(h.sandbox.store.item(itemID)?.description).toBe('Mine');
	});

	it('passes any other failure on unchanged (a discontinued category: 409 on create, no update)', async () => {
		const disabled = h.sandbox.store.categories.rows.find((category) => !category.active)!;
		const { result, requests } = await capture(h, () =>
			runOp(h, 'item', 'upsert', {
				columns: mapped('item', { shortID: 'N8N-UPSERT-04', category: disabled.categoryID }),
			}),
		);
		// The 409 was not a duplicate: the item is still not there, so the create's answer stands.
		expect(wire(requests)).toEqual(['GET 404', 'POST 409', 'GET 404']);
		expect(result.error?.message).toMatch(/is disabled/);
		expect(h.sandbox.store.item('N8N-UPSERT-04')).toBeUndefined();
	});
});

describe('inventory', () => {
	const itemOf = () => h.sandbox.store.items.rows.find((item) => !item.discontinued)!.shortID;

	it('receives stock in the documented vocabulary, with an extra body field merged last', async () => {
		const itemID = itemOf();
		const { records, request } = await write('inventory', 'receive', {
			itemID,
			wID: byId(1),
			units: 12,
			additionalFields: {
				spot: 'RECV-01',
				reasonCode: 'RECEIPT',
				serial: 'N8N-LOT',
				unitCost: 1.25,
				remark: 'DN-77',
			},
			extraBody: {
				json: '{"jobID": 7}',
				fields: { field: [{ name: 'rFIDTag', value: 'E200-01' }] },
			},
		});
		expect([request.method, request.path, request.status]).toEqual([
			'POST',
			api('/Inventory/Receive'),
			201,
		]);
		expect(request.body).toEqual({
			itemID,
			wID: 1,
			units: 12,
			spot: 'RECV-01',
			reasonCode: 'RECEIPT',
			serial: 'N8N-LOT',
			unitCost: 1.25,
			remark: 'DN-77',
			jobID: 7,
			rFIDTag: 'E200-01',
		});
		// The answer speaks the body's vocabulary, and Material In lists the same record in it.
		const stock = { units: 12, wID: 1, spot: 'RECV-01', serial: 'N8N-LOT', remark: 'DN-77' };
		expect(records[0]).toEqual(expect.objectContaining({ type: 'Receipt', ...stock }));
		const listed = await items(h, 'inventory', 'getMaterialIn', {
			returnAll: true,
			filters: { warehouseID: 1, modifiedSince: String(records[0].modified) },
		});
		expect(listed.find((record) => record.recNo === records[0].recNo)).toEqual(records[0]);
		for (const old of ['warehouseID', 'location', 'lot', 'quantity', 'reference']) {
			expect(Object.keys(records[0])).not.toContain(old);
		}
	});

	it('moves stock to another warehouse', async () => {
		const itemID = itemOf();
		const { records, request } = await write('inventory', 'move', {
			itemID,
			fromWID: byId(1),
			toWID: fromList(2),
			units: 5,
			additionalFields: { fromSpot: 'RECV-01', serial: 'N8N-LOT' },
		});
		expect([request.method, request.path]).toEqual(['POST', api('/Inventory/Move')]);
		expect(request.body).toEqual({
			itemID,
			fromWID: 1,
			toWID: 2,
			units: 5,
			fromSpot: 'RECV-01',
			serial: 'N8N-LOT',
		});
		expect(records[0]).toEqual(
			expect.objectContaining({ type: 'Move', wID: 2, fromWID: 1, fromSpot: 'RECV-01', units: 5 }),
		);
	});

	it('issues stock', async () => {
		const itemID = itemOf();
		const { records, request } = await write('inventory', 'issue', {
			itemID,
			wID: byId(1),
			units: 3,
			additionalFields: { spot: 'RECV-01', serial: 'N8N-LOT', reasonCode: 'SAMPLE' },
		});
		expect([request.method, request.path]).toEqual(['POST', api('/Inventory/Issue')]);
		expect(request.body).toEqual({
			itemID,
			wID: 1,
			units: 3,
			spot: 'RECV-01',
			serial: 'N8N-LOT',
			reasonCode: 'SAMPLE',
		});
		expect(records[0]).toEqual(
			expect.objectContaining({
				type: 'Issue',
				units: 3,
				wID: 1,
				spot: 'RECV-01',
				reasonCode: 'SAMPLE',
			}),
		);
	});

	it('an earlier field name (quantity) is refused by the service: 400, the error names units', async () => {
		const { result, requests } = await capture(h, () =>
			runOp(h, 'customApi', 'request', {
				method: 'POST',
				path: '/Inventory/Receive',
				body: JSON.stringify({ itemID: itemOf(), wID: 1, quantity: 2 }),
			}),
		);
		expect(requests.map((request) => [request.path, request.status])).toEqual([
			[api('/Inventory/Receive'), 400],
		]);
		expect(result.error?.message).toBe('Model validation failed.');
		expect(result.error?.description).toBe('units: The units field is required.');
	});

	// Issue 44: Units has no value until one is given, and the service needs more than zero.
	it.each([
		['receive', {}, '(units) is required'],
		['issue', { units: 0 }, '(units) must be greater than zero'],
		['move', { units: -2 }, '(units) must be greater than zero'],
		['receive', { units: '={{ $json.nothing }}' }, '(units) is required'],
	])('%s refuses Units %j before any request', async (operation, units, problem) => {
		const ends = operation === 'move' ? { fromWID: byId(1), toWID: byId(2) } : { wID: byId(1) };
		const { result, requests } = await capture(h, () =>
			runOp(h, 'inventory', operation, { itemID: itemOf(), ...ends, ...units }),
		);
		expect(requests).toEqual([]);
		expect(result.error?.message).toContain(problem);
	});

	it('refuses extra body JSON that is not an object, before any request', async () => {
		const { result, requests } = await capture(h, () =>
			runOp(h, 'inventory', 'receive', {
				itemID: itemOf(),
				wID: byId(1),
				units: 1,
				extraBody: { json: '[1, 2]' },
			}),
		);
		expect(result.error?.message).toContain('(extraBody.json) must be a JSON object');
		expect(requests).toEqual([]);
	});
});

describe.each([
	['customer', '/Customer'],
	['vendor', '/Vendor'],
])('%s', (resource, path) => {
	let n = 0;
	const created = async () => {
		const shortID = `N8N-${resource.toUpperCase()}-${++n}`;
		await items(h, resource, 'create', {
			shortID,
			name: `N8N ${resource}`,
			additionalFields: { country: 'DE' },
		});
		return shortID;
	};

	it('creates one, keyed by its shortID, with the documented fields', async () => {
		const { records, request } = await write(resource, 'create', {
			shortID: `N8N-${resource.toUpperCase()}`,
			name: `N8N ${resource}`,
			additionalFields: {
				address1: '1 Main St',
				zip: '10115',
				email: 'buyer@example.com',
				country: 'DE',
				active: true,
			},
		});
		expect([request.method, request.path, request.status]).toEqual(['POST', api(path), 201]);
		expect(request.body).toEqual({
			shortID: `N8N-${resource.toUpperCase()}`,
			name: `N8N ${resource}`,
			address1: '1 Main St',
			zip: '10115',
			email: 'buyer@example.com',
			country: 'DE',
			active: true,
		});
		expect(records[0].shortID).toBe(`N8N-${resource.toUpperCase()}`);
	});

	it('URL-encodes a shortID in the path: a space, "?" or "#" cannot change the route', async () => {
		const shortID = `N8N ${resource.toUpperCase()}?EU#1`;
		await items(h, resource, 'create', { shortID, name: `N8N ${resource} EU` });
		const { result, requests } = await capture(h, () =>
			items(h, resource, 'get', { shortID, output: 'raw' }),
		);
		expect(requests.map((request) => request.path)).toEqual([
			api(`${path}/N8N%20${resource.toUpperCase()}%3FEU%231`),
		]);
		expect(result).toEqual([expect.objectContaining({ shortID, name: `N8N ${resource} EU` })]);
	});

	it('an update may send only extra body fields', async () => {
		const id = await created();
		const { request } = await write(resource, 'update', {
			shortID: id,
			updateFields: {},
			extraBody: { fields: { field: [{ name: 'fax', value: '+49 30 9' }] } },
		});
		expect(request.body).toEqual({ fax: '+49 30 9' });
	});

	it('updates one by its shortID', async () => {
		const id = await created();
		const { records, request } = await write(resource, 'update', {
			shortID: id,
			updateFields: { phone: '+49 30 1234' },
		});
		expect([request.method, request.path]).toEqual(['PUT', api(`${path}/${id}`)]);
		expect(request.body).toEqual({ phone: '+49 30 1234' });
		expect(records[0]).toEqual(
			expect.objectContaining({ shortID: id, phone: '+49 30 1234', name: `N8N ${resource}` }),
		);
	});
});

/**
 * Inventory › Set Counted Quantity (issue 32, req 2): the level of an item at a spot is read from the lot
 * list, the difference to the count issued or received with the reason code, and the level read again.
 * Each test counts a new item of its own, so the levels are known.
 */
describe('inventory: Set Counted Quantity', () => {
	const spot = 'A-01-03';
	let made = 0;
	/** A new item with `units` received at the spot of warehouse 1. */
	const stocked = async (units: number) => {
		const itemID = `N8N-COUNT-${++made}`;
		await items(h, 'item', 'create', { itemID });
		if (units > 0)
			await items(h, 'inventory', 'receive', {
				itemID: byId(itemID),
				wID: byId(1),
				units,
				additionalFields: { spot },
			});
		return itemID;
	};
	const count = async (itemID: string, counted: number, more: INodeParameters = {}) => {
		const { result, requests } = await capture(h, () =>
			items(h, 'inventory', 'setCountedQuantity', {
				itemID: byId(itemID),
				wID: byId(1),
				spot: byId(spot),
				counted,
				reasonCode: { __rl: true, mode: 'code', value: 'COUNT' },
				...more,
			}),
		);
		const writes = requests.filter((r) => r.method === 'POST') as Array<
			RecordedRequest & { body: IDataObject }
		>;
		return { answer: result, writes, requests };
	};
	/** Units of the item at the spot, from the sandbox's own lots. */
	const onHand = (itemID: string) =>
		h.sandbox.store.stock.rows
			.filter((lot) => lot.shortID === itemID && lot.spot === spot && lot.units > 0)
			.reduce((sum, lot) => sum + lot.units, 0);

	it('below the level: issues the difference with the reason code, and says so', async () => {
		const itemID = await stocked(10);
		const { answer, writes } = await count(itemID, 7, { options: { remark: 'Count 2026-Q1' } });
		expect(writes.map((w) => [w.path, w.body])).toEqual([
			[
				api('/Inventory/Issue'),
				{ itemID, wID: 1, spot, units: 3, reasonCode: 'COUNT', remark: 'Count 2026-Q1' },
			],
		]);
		expect(answer).toEqual([
			{
				shortID: itemID,
				wID: 1,
				spot,
				before: 10,
				counted: 7,
				difference: -3,
				moved: 'issued',
				movement: expect.objectContaining({ type: 'Issue', units: 3, reasonCode: 'COUNT' }),
				after: 7,
				levelChanged: false,
			},
		]);
		expect(onHand(itemID)).toBe(7);
	});

	it('equal to the level: writes nothing', async () => {
		const itemID = await stocked(10);
		const { answer, writes } = await count(itemID, 10);
		expect(writes).toEqual([]);
		expect(answer).toEqual([
			expect.objectContaining({
				before: 10,
				counted: 10,
				difference: 0,
				moved: 'nothing',
				movement: null,
				levelChanged: false,
			}),
		]);
	});

	it('above the level: receives the difference into the spot; an empty spot counts from 0', async () => {
		const itemID = await stocked(0);
		const { answer, writes } = await count(itemID, 4.5);
		expect(writes.map((w) => [w.path, w.body.units, w.body.spot])).toEqual([
			[api('/Inventory/Receive'), 4.5, spot],
		]);
		expect(answer).toEqual([
			expect.objectContaining({
				before: 0,
				counted: 4.5,
				difference: 4.5,
				moved: 'received',
				movement: expect.objectContaining({ type: 'Receipt', units: 4.5, spot }),
				after: 4.5,
				levelChanged: false,
			}),
		]);
		// Only that item at that spot counts: stock of it elsewhere and of other items is not its level.
		await items(h, 'inventory', 'receive', { itemID: byId(itemID), wID: byId(1), units: 50 });
		expect((await count(itemID, 4.5)).answer[0]).toEqual(
			expect.objectContaining({ before: 4.5, moved: 'nothing' }),
		);
	});

	it('reports stock that moved between its read and its write, and does not correct it', async () => {
		const itemID = await stocked(10);
		let release!: () => void;
		// The issue is done but its answer held back; meanwhile someone receives 2 at the spot.
		h.sandbox.inject('inventory.issue', {
			kind: 'slow',
			ms: 0,
			until: new Promise<void>((resolve) => (release = resolve)),
		});
		const mark = h.sandbox.requests.length;
		const running = count(itemID, 6);
		await until(() =>
			h.sandbox.requests.slice(mark).some((r) => r.endpointId === 'inventory.issue'),
		);
		const other = await new SandboxClient(h.sandbox).post('/Inventory/Receive', {
			itemID,
			wID: 1,
			spot,
			units: 2,
		});
		expect(other.status).toBe(201);
		release();
		const { answer, writes } = await running;
		// The node's one issue, and the other client's receipt while the answer was held.
		expect(writes.map((w) => [w.endpointId, w.body.units])).toEqual([
			['inventory.issue', 4],
			['inventory.receive', 2],
		]);
		expect(answer[0]).toEqual(
			expect.objectContaining({
				before: 10,
				counted: 6,
				moved: 'issued',
				after: 8,
				levelChanged: true,
				message: expect.stringMatching(/level is now 8, not 6\. It did not correct that/),
			}),
		);
		expect(onHand(itemID)).toBe(8);
	});

	it('with Level When Counted: a level that moved since the count is reported and nothing is written', async () => {
		const itemID = await stocked(10);
		const moved = await count(itemID, 7, { options: { levelWhenCounted: 12 } });
		expect(moved.writes).toEqual([]);
		expect(moved.answer[0]).toEqual(
			expect.objectContaining({
				before: 10,
				counted: 7,
				moved: 'nothing',
				movement: null,
				levelChanged: true,
				message: expect.stringMatching(/was 12 when counted and is 10 now/),
			}),
		);
		expect(onHand(itemID)).toBe(10);
		const same = await count(itemID, 7, { options: { levelWhenCounted: 10 } });
		expect(same.answer[0]).toEqual(expect.objectContaining({ moved: 'issued', after: 7 }));
	});

	// Issue 44: a count column never mapped must not read as 0 (which would issue every unit at the spot).
	it.each([
		['left empty (the default)', {}, [{}], 'is empty for item 0'],
		['that finds nothing', { counted: '={{ $json.Counted }}' }, [{ Item: 'x' }], 'is empty'],
		['of an empty cell', { counted: '={{ $json.Counted }}' }, [{ Counted: '' }], 'is empty'],
		['of null', { counted: '={{ $json.Counted }}' }, [{ Counted: null }], 'is empty'],
		[
			'whose expression fails',
			{ counted: "={{ $('No Such Node').item.json.x }}" },
			[{}],
			"could not be resolved for item 0: Referenced node doesn't exist",
		],
	])(
		'refuses a count %s, naming the field and the item, before any request',
		async (_, counted, input, problem) => {
			const itemID = await stocked(10);
			const { result, requests } = await capture(h, () =>
				runOp(
					h,
					'inventory',
					'setCountedQuantity',
					{ itemID: byId(itemID), wID: byId(1), spot: byId(spot), ...counted },
					{ inputItems: input },
				),
			);
			expect(requests).toEqual([]);
			expect(result.error?.message).toMatch(/^Counted Quantity \(counted\) /);
			expect(result.error?.message).toContain(`(counted) ${problem}`);
			expect(result.error?.description).toMatch(
				/^Map the count of every row \(0 for an empty location\)/,
			);
			expect(onHand(itemID)).toBe(10);
		},
	);

	it('a count of 0 that is given is an empty location: every unit there is issued', async () => {
		const itemID = await stocked(4);
		const { answer, writes } = await count(itemID, 0);
		expect(writes.map((w) => [w.path, w.body.units])).toEqual([[api('/Inventory/Issue'), 4]]);
		expect(answer[0]).toEqual(expect.objectContaining({ before: 4, counted: 0, after: 0 }));
	});

	it('refuses a negative count before any request, and an unsorted lot list before any write', async () => {
		const itemID = await stocked(10);
		const negative = await capture(h, () =>
			runOp(h, 'inventory', 'setCountedQuantity', {
				itemID: byId(itemID),
				wID: byId(1),
				spot: byId(spot),
				counted: -1,
			}),
		);
		expect(negative.requests).toEqual([]);
		expect(negative.result.error?.message).toContain('(counted) cannot be below zero');

		// A deployment that answers the lots in another order than asked: no level is guessed.
		h.sandbox.inject('inventory.listByWarehouse', { kind: 'sortIgnored', direction: 'DESC' });
		const unsorted = await capture(h, () =>
			runOp(h, 'inventory', 'setCountedQuantity', {
				itemID: byId(itemID),
				wID: byId(1),
				spot: byId(spot),
				counted: 3,
			}),
		);
		expect(unsorted.result.error?.message).toBe(
			'the lots of warehouse 1 did not come sorted by partNo',
		);
		expect(unsorted.requests.filter((r) => r.method === 'POST')).toEqual([]);
		expect(onHand(itemID)).toBe(10);
	});

	it('finds the level in a warehouse of many pages with a few requests (bisecting by partNo)', async () => {
		const { store } = h.sandbox;
		// 6,000 more lots in warehouse 4 (24 pages of 250), spread over the items.
		const all = store.items.rows.filter((item) => !item.discontinued);
		for (let i = 0; i < 6000; i++)
			insertLot(store, all[(i * 7) % all.length], {
				wID: 4,
				spot: 'A-04-03',
				units: 1 + (i % 5),
				received: '2025-06-01T00:00:00.000Z',
			});
		store.changed();
		const lots = store.stock.rows.filter((lot) => lot.wID === 4);
		const pages = Math.ceil(lots.length / 250);
		expect(pages).toBeGreaterThan(20);
		// The service's order (partNo, then recNo). Items whose stock at the spot runs on over a page
		// boundary (a probe that stopped one page late would miss some of it), and the first and last item.
		const ordered = [...lots].sort((a, b) => a.partNo - b.partNo || a.recNo - b.recNo);
		const atSpot = (lot: (typeof lots)[number], partNo: number) =>
			lot.partNo === partNo && lot.spot === 'A-04-03' && lot.units > 0;
		const straddling = Array.from(
			{ length: pages - 1 },
			(_, i) => ordered[(i + 1) * 250 - 1].partNo,
		)
			.map((partNo, i) => ({ partNo, end: (i + 1) * 250 }))
			.filter(
				({ partNo, end }) =>
					ordered.slice(end - 10, end).some((lot) => atSpot(lot, partNo)) &&
					ordered.slice(end, end + 10).some((lot) => atSpot(lot, partNo)),
			)
			.map(({ partNo }) => partNo);
		expect(straddling.length).toBeGreaterThan(3);
		const chosen = [
			ordered[0].partNo,
			straddling[0],
			straddling[Math.floor(straddling.length / 2)],
			straddling.at(-1)!,
			ordered.at(-1)!.partNo,
		];
		for (const partNo of chosen) {
			const item = store.items.get(partNo)!;
			const level = lots
				.filter((lot) => lot.partNo === partNo && lot.spot === 'A-04-03' && lot.units > 0)
				.reduce((sum, lot) => sum + lot.units, 0);
			const { result, requests } = await capture(h, () =>
				items(h, 'inventory', 'setCountedQuantity', {
					itemID: byId(item.shortID),
					wID: byId(4),
					spot: byId('a-04-03'), // spot codes match without regard to case
					counted: level,
				}),
			);
			expect(result[0]).toEqual(expect.objectContaining({ before: level, moved: 'nothing' }));
			const listed = requests.filter((r) => r.endpointId === 'inventory.listByWarehouse');
			expect(listed.every((r) => r.query.sort === 'partNo' && r.query.direction === 'ASC')).toBe(
				true,
			);
			// Page 1, about log2(pages) probes, and the pages the item's lots are on.
			expect(listed.length).toBeLessThanOrEqual(2 + Math.ceil(Math.log2(pages)) + 1);
		}
	});
});

describe('assets', () => {
	let n = 0;
	const created = async () => {
		const shortID = `N8N-ASSET-${++n}`;
		await items(h, 'asset', 'create', { shortID, additionalFields: { status: 'Active' } });
		return shortID;
	};

	it('creates an asset with the documented fields', async () => {
		const { records, request } = await write('asset', 'create', {
			shortID: 'N8N-FORKLIFT-1',
			additionalFields: { assetType: 1, warehouse: 1, status: 'Active', serial: 'SN-1' },
		});
		expect([request.method, request.path]).toEqual(['POST', api('/Asset')]);
		expect(request.body).toEqual({
			shortID: 'N8N-FORKLIFT-1',
			assetType: 1,
			warehouse: 1,
			status: 'Active',
			serial: 'SN-1',
		});
		expect(records[0]).toEqual(
			expect.objectContaining({ shortID: 'N8N-FORKLIFT-1', assetTypeName: 'Forklift' }),
		);
	});

	it('updates an asset by its shortID', async () => {
		const shortID = await created();
		const { records, request } = await write('asset', 'update', {
			shortID,
			updateFields: { status: 'Discontinued' },
		});
		expect([request.method, request.path, request.body]).toEqual([
			'PUT',
			api(`/Asset/${shortID}`),
			{ status: 'Discontinued' },
		]);
		expect(records[0]).toEqual(expect.objectContaining({ shortID, status: 'Discontinued' }));
	});
});

describe('orders', () => {
	const twoItems = () =>
		h.sandbox.store.items.rows
			.filter((item) => !item.discontinued)
			.slice(0, 2)
			.map((item) => item.shortID);
	const vendor = () => h.sandbox.store.vendors.rows.find((v) => v.active)!.shortID;
	const customer = () => h.sandbox.store.customers.rows.find((c) => c.active)!.shortID;
	const newPurchaseOrder = async () => {
		const lines = { line: [{ shortID: twoItems()[0], units: 2, warehouse: 1 }] };
		return (await items(h, 'purchaseOrder', 'create', { vendor: vendor(), lines }))[0]
			.poNo as string;
	};
	const newShippingOrder = async () => {
		const lines = { line: [{ shortID: twoItems()[0], units: 1, warehouse: 1 }] };
		return (await items(h, 'shippingOrder', 'create', { customer: customer(), lines }))[0]
			.soNo as string;
	};

	it('creates a purchase order with lines, for a vendor named by shortID', async () => {
		const [a, b] = twoItems();
		const { records, request } = await write('purchaseOrder', 'create', {
			vendor: 'ACME-FASTENERS',
			lines: {
				line: [
					{ shortID: a, units: 10, warehouse: 1, unitPrice: 2.5 },
					{ shortID: b, units: 4, warehouse: 2 },
				],
			},
			additionalFields: { expectedDate: '2026-01-20', orderDate: '2026-01-05T08:00:00Z' },
		});
		expect([request.method, request.path]).toEqual(['POST', api('/PurchaseOrder')]);
		expect(request.body).toEqual({
			vendor: 'ACME-FASTENERS',
			orderDate: '2026-01-05T08:00:00Z',
			expectedDate: '2026-01-20',
			lines: [
				{ shortID: a, units: 10, warehouse: 1, unitPrice: 2.5 },
				{ shortID: b, units: 4, warehouse: 2 },
			],
		});
		expect(records[0].lines).toHaveLength(2);
		expect(records[0].poNo).toMatch(/^PO-\d{4}-\d{4}$/);
	});

	it('finalizes the purchase order by its string number', async () => {
		const poNo = await newPurchaseOrder();
		const { records, request } = await write('purchaseOrder', 'finalize', { poNo });
		expect([request.method, request.path]).toEqual([
			'POST',
			api(`/PurchaseOrder/${poNo}/Finalize`),
		]);
		expect(records[0]).toEqual(expect.objectContaining({ poNo, status: 'Closed' }));
	});

	it('creates a shipping order with lines, for a customer named by shortID', async () => {
		const [a] = twoItems();
		const { records, request } = await write('shippingOrder', 'create', {
			customer: 'ACME-CORP',
			lines: { line: [{ shortID: a, units: 1, warehouse: 1 }] },
		});
		expect(request.body).toEqual({
			customer: 'ACME-CORP',
			lines: [{ shortID: a, units: 1, warehouse: 1 }],
		});
		expect(records[0].soNo).toMatch(/^SO-\d{4}-\d{4}$/);
	});

	it('updates the shipping order with a documented status', async () => {
		const soNo = await newShippingOrder();
		const { records, request } = await write('shippingOrder', 'update', {
			soNo,
			updateFields: { status: 'Partial', shipDate: '2026-01-06' },
		});
		expect([request.method, request.path]).toEqual(['PUT', api(`/ShippingOrder/${soNo}`)]);
		expect(request.body).toEqual({ status: 'Partial', shipDate: '2026-01-06' });
		expect(records[0]).toEqual(expect.objectContaining({ soNo, status: 'Partial' }));
	});
});

describe('categories, reason codes and locations', () => {
	it('disables a category and a reason code', async () => {
		const category = await write('category', 'disable', { categoryID: byId(2) });
		expect([category.request.method, category.request.path]).toEqual([
			'POST',
			api('/Category/2/Disable'),
		]);
		expect(category.records[0]).toEqual(expect.objectContaining({ categoryID: 2, active: false }));
		const reason = await write('reasonCode', 'disable', { reasonCodeID: fromList(4) });
		expect(reason.request.path).toBe(api('/ReasonCode/4/Disable'));
		expect(reason.records[0]).toEqual(expect.objectContaining({ code: 'COUNT', active: false }));
	});

	it('deletes a reason code, and a category once no item uses it', async () => {
		const reason = await write('reasonCode', 'delete', { reasonCodeID: byId(9) });
		expect([reason.request.method, reason.request.path]).toEqual(['DELETE', api('/ReasonCode/9')]);
		expect(reason.records).toEqual([{ deleted: true, reasonCodeID: 9 }]);
		expect(h.sandbox.store.reasonCodes.get(9)).toBeUndefined();

		const used = await runOp(h, 'category', 'delete', { categoryID: byId(3) });
		expect(used.error?.message).toMatch(/is used by \d+ items/);
		expect(used.error?.httpCode).toBe('409');

		// Test set-up: move the items of the leaf category away, as an operator would first.
		const bolts = h.sandbox.store.categories.rows.find((c) => c.name === 'Bolts')!.categoryID;
		for (const item of h.sandbox.store.items.rows)
			if (item.subCategory === 3) item.subCategory = bolts;
		const deleted = await write('category', 'delete', { categoryID: byId(3) });
		expect([deleted.request.method, deleted.request.path]).toEqual(['DELETE', api('/Category/3')]);
		expect(deleted.records).toEqual([{ deleted: true, categoryID: 3 }]);
		expect(h.sandbox.store.categories.get(3)).toBeUndefined();
	});

	it('holds a spot by ?id= with no body (204 = success) and releases it', async () => {
		const held = await write('location', 'hold', { id: byId('A-02-01') });
		expect([
			held.request.method,
			held.request.path,
			held.request.query,
			held.request.status,
		]).toEqual(['POST', api('/Location/Hold'), { id: 'A-02-01' }, 204]);
		expect(held.request.body).toBeUndefined();
		expect(held.records).toEqual([{ success: true, id: 'A-02-01' }]);
		expect(h.sandbox.store.locations.get('A-02-01')?.hold).toBe(true);
		const released = await write('location', 'release', { id: fromList('A-02-01') });
		expect([released.request.path, released.request.status]).toEqual([
			api('/Location/Release'),
			204,
		]);
		expect(h.sandbox.store.locations.get('A-02-01')?.hold).toBe(false);
	});
});

describe('webhook subscriptions', () => {
	const created = async () => {
		const [record] = await items(h, 'webhook', 'create', {
			name: 'n8n test',
			url: receiverUrl,
			events: ['item.created', 'inventory.received'],
			payloadMode: 2,
			active: true,
		});
		return { rec: record.rec as number, secret: record.secret as string };
	};

	it('creates a subscription and returns its secret once (extra body fields sent too)', async () => {
		const { records, request } = await write('webhook', 'create', {
			name: 'n8n test',
			url: receiverUrl,
			events: ['item.created', 'inventory.received'],
			payloadMode: 2,
			active: true,
			additionalFields: { headers: '{"X-Env":"test"}' },
			extraBody: { json: '{"maxRetries": 5}' },
		});
		expect([request.method, request.path, request.status]).toEqual(['POST', api('/Webhook'), 201]);
		expect(request.body).toEqual({
			name: 'n8n test',
			url: receiverUrl,
			events: 'item.created,inventory.received',
			payloadMode: 2,
			active: true,
			headers: { 'X-Env': 'test' },
			maxRetries: 5,
		});
		const secret = records[0].secret as string;
		expect(records[0].rec).toEqual(expect.any(Number));
		expect(secret).toEqual(expect.any(String));
		expect(secret.length).toBeGreaterThan(8);
	});

	it('lists and gets it without the secret', async () => {
		const { rec, secret } = await created();
		const list = await capture(h, () => items(h, 'webhook', 'getAll', { returnAll: true }));
		expect(list.requests[0].path).toBe(api('/Webhook'));
		expect(list.result.map((sub) => sub.rec)).toContain(rec);
		const one = await capture(h, () => items(h, 'webhook', 'get', { rec: String(rec) }));
		expect(one.requests[0].path).toBe(api(`/Webhook/${rec}`));
		expect(one.result[0]).toEqual(
			expect.objectContaining({ rec, name: 'n8n test', events: 'item.created,inventory.received' }),
		);
		expect(JSON.stringify([list.result, one.result])).not.toContain(secret);
	});

	it('replaces it whole, keeping the secret when none is given (extra body fields sent too)', async () => {
		const { rec } = await created();
		const { records, request } = await write('webhook', 'update', {
			rec: String(rec),
			name: 'n8n test (renamed)',
			url: receiverUrl,
			events: 'item.created',
			payloadMode: 1,
			active: true,
			extraBody: { fields: { field: [{ name: 'description', value: 'ERP feed' }] } },
		});
		expect([request.method, request.path]).toEqual(['PUT', api(`/Webhook/${rec}`)]);
		expect(request.body).toEqual({
			name: 'n8n test (renamed)',
			url: receiverUrl,
			events: 'item.created',
			payloadMode: 1,
			active: true,
			description: 'ERP feed',
		});
		expect(records[0]).toEqual(
			expect.objectContaining({ rec, name: 'n8n test (renamed)', payloadMode: 1 }),
		);
	});

	it('sends a test event signed with the secret from create', async () => {
		const { rec, secret } = await created();
		deliveries.length = 0;
		const { records, request } = await write('webhook', 'test', { rec: String(rec) });
		expect([request.method, request.path]).toEqual(['POST', api(`/Webhook/${rec}/test`)]);
		expect(records[0]).toEqual(expect.objectContaining({ success: true, statusCode: 200 }));
		expect(deliveries).toHaveLength(1);
		const expected = `sha256=${createHmac('sha256', secret).update(deliveries[0].body).digest('hex')}`;
		expect(deliveries[0].headers['x-webhook-signature']).toBe(expected);
		expect(JSON.parse(deliveries[0].body).event).toBe('test');
	});

	it('reads the delivery log', async () => {
		const { rec } = await created();
		await items(h, 'webhook', 'test', { rec: String(rec) });
		const { result, requests } = await capture(h, () =>
			items(h, 'webhook', 'getLog', { rec: String(rec), returnAll: true }),
		);
		expect(requests[0].path).toBe(api(`/Webhook/${rec}/log`));
		expect(result.length).toBeGreaterThan(0);
		expect(result[0]).toEqual(
			expect.objectContaining({ event: 'test', success: true, statusCode: 200 }),
		);
	});

	it('deletes it', async () => {
		const { rec } = await created();
		const { records, request } = await write('webhook', 'delete', { rec: String(rec) });
		expect([request.method, request.path]).toEqual(['DELETE', api(`/Webhook/${rec}`)]);
		expect(records).toEqual([{ deleted: true, rec }]);
		const gone = await runOp(h, 'webhook', 'get', { rec: String(rec) });
		expect(gone.error?.httpCode).toBe('404');
	});
});

describe('custom API request', () => {
	it('pages any list path with the same credential', async () => {
		const { result, requests } = await capture(h, () =>
			items(h, 'customApi', 'request', {
				method: 'GET',
				path: '/Inventory/MaterialOut',
				followPages: true,
				queryParameters: { parameter: [{ name: 'sort', value: 'recNo' }] },
			}),
		);
		const total = h.sandbox.store.materialOut.rows.length;
		expect(result).toHaveLength(total);
		expect(requests.length).toBe(Math.ceil(total / 250));
		expect(
			requests.every(
				(request) =>
					request.path === api('/Inventory/MaterialOut') && request.query.sort === 'recNo',
			),
		).toBe(true);
	});

	it('returns a single answer as it is', async () => {
		const { result, requests } = await capture(h, () =>
			items(h, 'customApi', 'request', { method: 'GET', path: '/Warehouse/1/Items' }),
		);
		expect(requests).toHaveLength(1);
		expect(result[0]).toEqual(
			expect.objectContaining({ page: 1, hasMore: true, value: expect.any(Array) }),
		);
	});

	it('sends a JSON body', async () => {
		const { records, request } = await write('customApi', 'request', {
			method: 'POST',
			path: '/Item',
			body: '{"itemID":"N8N-CUSTOM-1","description":"Via custom request"}',
		});
		expect(request.body).toEqual({ itemID: 'N8N-CUSTOM-1', description: 'Via custom request' });
		expect(records[0]).toEqual(expect.objectContaining({ shortID: 'N8N-CUSTOM-1' }));
	});
});
