// What each catch-up source must show (sources.ts): plain functions over rows.
import type { IDataObject } from 'n8n-workflow';

import { checkLog, checkRows } from '../../nodes/InventoryProTrigger/sources';
import { createdOf, movementEvent, showsClosed } from '../../nodes/shared/changes/rows';

const LOG_ROW = {
	rec: 1,
	event: 'inventory.received',
	reference: 'RecNo:5',
	success: false,
	created: '2031-01-01T00:00:00Z',
};

describe('movement kinds', () => {
	it('knows the sandbox type values and their plain variants, in any casing; nothing else', () => {
		expect(movementEvent({ type: 'Receipt' })).toBe('inventory.received');
		expect(movementEvent({ Type: 'ISSUED' })).toBe('inventory.issued');
		expect(movementEvent({ type: 'transfer' })).toBe('inventory.moved');
		expect(movementEvent({ type: 'Adjustment' })).toBeUndefined();
		expect(movementEvent({ recNo: 1 })).toBeUndefined();
	});

	it('names rows without a known kind, with their values, once for the list', () => {
		expect(checkRows('inventory.materialIn', [{ type: 'Receipt' }], [], 'X')).toBeUndefined();
		expect(
			checkRows(
				'inventory.materialIn',
				[{ type: 'Receipt' }, { type: 'Adjustment' }, { recNo: 3 }],
				['inventory.received'],
				'/Inventory/MaterialIn between A and B',
			),
		).toBe(
			'2 of 3 records of /Inventory/MaterialIn between A and B have no stock movement kind the trigger knows (type "Adjustment", "(none)"; it knows Receipt, Move, Issue), so the stock events they stand for could not be recovered',
		);
	});
});

describe('items and orders', () => {
	it('item.created needs a created time on the rows', () => {
		expect(checkRows('item.listAll', [{ partNo: 1 }], ['item.updated'], 'L')).toBeUndefined();
		expect(checkRows('item.listAll', [{ partNo: 1 }], ['item.created'], 'L')).toMatch(
			/carry no "created" time, so a new item cannot be told from a changed one/,
		);
	});

	it('order events need status and a created time (or the documented orderDate)', () => {
		const rows = [{ poNo: 'PO-1' }];
		expect(checkRows('purchaseOrder.list', rows, ['order.completed', 'order.created'], 'L')).toBe(
			'the records of L carry no "status" (for order.completed) and "created" or "orderDate" (for order.created), so those order events could not be recovered',
		);
		expect(
			checkRows(
				'shippingOrder.list',
				[{ status: 'Open', orderDate: '2031-01-01' }],
				['order.created', 'order.completed'],
				'L',
			),
		).toBeUndefined();
		expect(createdOf({ orderDate: '2031-01-01' })).toMatch(/^2031-01-01T00:00:00/);
		expect(showsClosed([{ status: 'Open' }])).toBe(false);
		expect(showsClosed([{ Status: 'Closed' }])).toBe(true);
	});
});

describe('the delivery log', () => {
	it('must say of every entry whether it was delivered, with its event and time', () => {
		expect(checkLog([LOG_ROW], 4)).toBeUndefined();
		const noSuccess: IDataObject = { ...LOG_ROW };
		delete noSuccess.success;
		expect(checkLog([LOG_ROW, noSuccess], 4)).toBe(
			'the delivery log of subscription 4 has entries without "success", so failed deliveries cannot be told from delivered ones; nothing was recovered from it',
		);
		expect(checkLog([{ ...LOG_ROW, success: 'false' }], 4)).toMatch(/without "success"/);
		// A time that is no time would stop every later check (its entry cannot be placed): named instead.
		expect(checkLog([LOG_ROW, { ...LOG_ROW, created: 'yesterday' }], 4)).toMatch(
			/without "created"/,
		);
		expect(
			checkLog([{ REC: 1, Event: 'item.created', SUCCESS: false, Created: LOG_ROW.created }], 4),
		).toBeUndefined();
	});
});
