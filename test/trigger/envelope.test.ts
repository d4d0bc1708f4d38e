// Reading the events of a verified delivery whatever its shape (envelope.ts), and what tells a repeat
// (delivery.ts repeatKey, records.ts): plain functions over bytes and headers.
import { stampKey } from '../../nodes/shared/changes/cursor';
import { readEvents, typeFromHeaders } from '../../nodes/InventoryProTrigger/envelope';
import { repeatKey } from '../../nodes/InventoryProTrigger/delivery';
import { recordEventKey, recordRef, referenceValue } from '../../nodes/InventoryProTrigger/records';

const SUBSCRIBED = { events: ['inventory.received', 'item.updated', 'order.completed'] };
const read = (body: unknown, headers: Record<string, string> = {}, subscribed = SUBSCRIBED) =>
	readEvents(
		Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
		headers,
		subscribed,
	);
const RECEIPT = { recNo: 12, partNo: 10001, shortID: 'SCR-00001', units: 5 };

describe('the spec shape', () => {
	it('reads {event, data} as it always did: plain, from the body', () => {
		expect(read({ event: 'inventory.received', data: RECEIPT })).toEqual([
			{
				event: 'inventory.received',
				eventSource: 'body',
				data: RECEIPT,
				body: { event: 'inventory.received', data: RECEIPT },
				plain: true,
			},
		]);
	});

	it('keeps the test event plain, and an unsubscribed type as the body names it', () => {
		expect(read({ event: 'test', data: { rec: 4 } })[0]).toMatchObject({
			event: 'test',
			plain: true,
		});
		expect(read({ event: 'asset.updated', data: {} })[0]).toMatchObject({
			event: 'asset.updated',
			eventSource: 'body',
		});
	});
});

describe('other shapes of a genuine delivery', () => {
	it('envelope fields around event and data: the same event, not plain, body kept', () => {
		const body = {
			id: 'e-1',
			event: 'inventory.received',
			created: '2031-01-01T00:00:00Z',
			data: RECEIPT,
		};
		expect(read(body)).toEqual([
			{ event: 'inventory.received', eventSource: 'body', data: RECEIPT, body, plain: false },
		]);
	});

	it.each([
		[{ eventType: 'inventory.received', Payload: RECEIPT }],
		[{ EVENT: 'inventory.received', DATA: RECEIPT }],
		[{ event_type: 'Inventory.Received', record: RECEIPT }],
		[{ topic: 'INVENTORY_RECEIVED', data: RECEIPT }],
		[{ meta: { event: 'inventory.received', at: 'now' }, payload: RECEIPT }],
	])('the type under another key or casing: %j', (body) => {
		expect(read(body)).toEqual([
			expect.objectContaining({
				event: 'inventory.received',
				eventSource: 'body',
				data: RECEIPT,
				body,
				plain: false,
			}),
		]);
	});

	it('a batch: one event per element, each with its place; the envelope kept beside it', () => {
		const first = { event: 'inventory.received', data: RECEIPT };
		const second = { type: 'item.updated', data: { partNo: 10001 } };
		expect(read([first, second])).toEqual([
			expect.objectContaining({
				event: 'inventory.received',
				body: first,
				batch: { index: 0, size: 2 },
			}),
			expect.objectContaining({
				event: 'item.updated',
				body: second,
				batch: { index: 1, size: 2 },
			}),
		]);
		const wrapped = read({ delivery: 'd-9', events: [first, second] });
		expect(wrapped).toHaveLength(2);
		expect(wrapped[1]).toMatchObject({
			event: 'item.updated',
			envelope: { delivery: 'd-9' },
			batch: { index: 1, size: 2 },
			plain: false,
		});
	});

	it('data as an array: one event holding the array', () => {
		const body = { event: 'inventory.received', data: [RECEIPT, { ...RECEIPT, recNo: 13 }] };
		expect(read(body)).toEqual([
			{ event: 'inventory.received', eventSource: 'body', data: body.data, body, plain: false },
		]);
	});

	it('no type in the body: from a header, else the subscription only type, else none', () => {
		expect(read({ data: RECEIPT }, { 'x-webhook-event': 'item.updated' })[0]).toMatchObject({
			event: 'item.updated',
			eventSource: 'header',
		});
		expect(read({ data: RECEIPT }, {}, { events: ['inventory.received'] })[0]).toMatchObject({
			event: 'inventory.received',
			eventSource: 'subscription',
		});
		expect(read({ data: RECEIPT })[0]).toMatchObject({ event: null, eventSource: 'none' });
	});

	it("a record's own `type` is not taken for the event unless it names a subscribed type", () => {
		const flat = { recNo: 12, type: 'Receipt', units: 5 };
		// Even when it has the form of an event type: a flattened record is not dropped as unsubscribed.
		const dotted = { recNo: 12, type: 'stock.adjustment' };
		expect(read(dotted, {}, { events: ['inventory.received'] })[0]).toMatchObject({
			event: 'inventory.received',
			eventSource: 'subscription',
		});
		expect(read(flat, {}, { events: ['inventory.received'] })[0]).toMatchObject({
			event: 'inventory.received',
			eventSource: 'subscription',
			data: flat,
		});
		expect(read({ type: 'inventory.received', recNo: 12 })[0]).toMatchObject({
			event: 'inventory.received',
			eventSource: 'body',
			data: { recNo: 12 },
		});
	});

	it('a body that is not JSON: one event with the raw text, flagged', () => {
		expect(read('recNo=12&units=5', { 'x-webhook-event': 'inventory.received' })).toEqual([
			{
				event: 'inventory.received',
				eventSource: 'header',
				data: null,
				body: 'recNo=12&units=5',
				notJson: true,
				plain: false,
			},
		]);
	});

	it('JSON that is no object: one event holding the value', () => {
		expect(read('42')).toEqual([
			{ event: null, eventSource: 'none', data: 42, body: 42, plain: false },
		]);
	});

	it("never reads the type from the node's own custom headers", () => {
		const headers = { 'x-team-event': 'item.updated' };
		expect(typeFromHeaders(headers, SUBSCRIBED)).toBe('item.updated');
		expect(
			typeFromHeaders(headers, { ...SUBSCRIBED, ownHeaders: new Set(['x-team-event']) }),
		).toBeUndefined();
	});
});

describe('what tells a repeat', () => {
	const bytes = (body: unknown) => Buffer.from(JSON.stringify(body));
	const keyOf = (body: unknown, identifiers = false, deliveryId?: string) =>
		read(body).map((event) => repeatKey(event, bytes(body), deliveryId, identifiers));

	it('the record, found under any spelling the registry knows, whatever the envelope', () => {
		const expected = ['e:inventory.received|12'];
		expect(keyOf({ event: 'inventory.received', data: RECEIPT })).toEqual(expected);
		expect(
			keyOf({ eventType: 'inventory.received', created: 'x', Payload: { RecNo: 12 } }),
		).toEqual(expected);
		expect(keyOf([{ event: 'inventory.received', data: { rec_no: '12' } }], true)).toEqual(
			expected,
		);
	});

	it("an item's update by its partNo (or shortID) and Modified; without Modified, the bytes", () => {
		const modified = '2031-01-01T10:00:00Z';
		expect(keyOf({ event: 'item.updated', data: { partNo: 10001, Modified: modified } })).toEqual([
			`e:item.updated|10001|${stampKey(modified)}`,
		]);
		expect(keyOf({ event: 'item.updated', data: { shortID: 'SCR-1', modified } })).toEqual([
			`e:item.updated|shortID=SCR-1|${stampKey(modified)}`,
		]);
		expect(keyOf({ event: 'item.updated', data: { partNo: 10001 } })[0]).toMatch(
			/^d:[0-9a-f]{40}$/,
		);
	});

	it('identifiers without a stamp: no key from the bytes; a delivery id header adds one, never needed', () => {
		const body = { event: 'item.updated', data: { partNo: 10001, shortID: 'SCR-1' } };
		expect(keyOf(body, true)).toEqual([undefined]);
		const [a] = keyOf(body, true, 'd-1');
		const [b] = keyOf(body, true, 'd-2');
		expect(a).toMatch(/^d:/);
		expect(a).not.toBe(b);
		// A full payload never leans on the header: the same bytes under another id are a repeat.
		expect(keyOf(body, false, 'd-1')).toEqual(keyOf(body, false, 'd-2'));
	});

	it('batch elements by their place in the exact bytes; the test event never', () => {
		const body = [
			{ event: 'item.updated', data: { name: 'a' } },
			{ event: 'item.updated', data: { name: 'a' } },
		];
		const [first, second] = keyOf(body);
		expect(first).toMatch(/#0$/);
		expect(second).toMatch(/#1$/);
		expect(keyOf({ event: 'test', data: {} })).toEqual([undefined]);
	});
});

describe('records behind events', () => {
	it('finds the record one object down, and never in an array of records', () => {
		expect(recordRef('order.completed', { order: { PONo: 'PO-2025-0042' } })).toEqual({
			field: 'poNo',
			value: 'PO-2025-0042',
		});
		expect(recordRef('inventory.received', [{ recNo: 1 }])).toBeUndefined();
		expect(recordEventKey('order.completed', { field: 'soNo', value: 'SO-1' })).toBe(
			'e:order.completed|soNo=SO-1',
		);
	});

	it('reads the log reference in the spec form, or as written', () => {
		expect(referenceValue('RecNo:42')).toBe('42');
		expect(referenceValue('recno: PO-2025-0042')).toBe('PO-2025-0042');
		expect(referenceValue('PO-7')).toBe('PO-7');
		expect(referenceValue('')).toBeUndefined();
	});
});
