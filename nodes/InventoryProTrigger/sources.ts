/**
 * What each source catch-up reads must show, checked on its rows: a source that cannot answer is named
 * once instead of yielding nothing in silence or a wrong event.
 */
import type { IDataObject } from 'n8n-workflow';

import type { EndpointId } from '../shared/endpoints';
import { kindOfList, RECORDS } from '../shared/records';
import { stampKey } from '../shared/changes/cursor';
import { createdOf, movementEvent } from '../shared/changes/rows';
import { fieldOf, textOf } from '../shared/validation';

const has = (row: IDataObject, field: string) => {
	const value = fieldOf(row, field);
	return value !== undefined && value !== null && value !== '';
};

/** What a list's rows lack for the events wanted from it, in words (`what`: the list and period). */
export function checkRows(
	id: EndpointId,
	rows: readonly IDataObject[],
	wanted: readonly string[],
	what: string,
): string | undefined {
	if (rows.length === 0) return undefined;
	const kind = kindOfList(id);
	if (kind === RECORDS.movement) {
		const unknown = rows.filter((row) => movementEvent(row) === undefined);
		if (unknown.length === 0) return undefined;
		const typeText = (type: unknown) => (type === undefined ? '(none)' : textOf(type));
		const values = new Set(unknown.map((row) => typeText(fieldOf(row, 'type'))));
		const shown = [...values].slice(0, 3).map((value) => JSON.stringify(value));
		return `${unknown.length} of ${rows.length} records of ${what} have no stock movement kind the trigger knows (type ${shown.join(', ')}; it knows Receipt, Move, Issue), so the stock events they stand for could not be recovered`;
	}
	const noCreated = !rows.some((row) => has(row, 'created'));
	if (kind === RECORDS.item && wanted.includes('item.created') && noCreated)
		return `the records of ${what} carry no "created" time, so a new item cannot be told from a changed one: item.created events could not be recovered`;
	if (kind === RECORDS.purchaseOrder || kind === RECORDS.shippingOrder) {
		const missing: string[] = [];
		if (wanted.includes('order.completed') && !rows.some((row) => has(row, 'status')))
			missing.push('"status" (for order.completed)');
		if (wanted.includes('order.created') && !rows.some((row) => createdOf(row) !== undefined))
			missing.push('"created" or "orderDate" (for order.created)');
		if (missing.length > 0)
			return `the records of ${what} carry no ${missing.join(' and ')}, so those order events could not be recovered`;
	}
	return undefined;
}

/** What a delivery log entry must carry to tell a failed event from a delivered one (spec, log entry). */
export function checkLog(rows: readonly IDataObject[], rec: number): string | undefined {
	const readable: Record<string, (row: IDataObject) => boolean> = {
		success: (row) => typeof fieldOf(row, 'success') === 'boolean',
		created: (row) => stampKey(fieldOf(row, 'created')) !== undefined,
	};
	const lacking = ['rec', 'event', 'success', 'created'].filter((field) =>
		rows.some((row) => !(readable[field]?.(row) ?? has(row, field))),
	);
	return lacking.length === 0
		? undefined
		: `the delivery log of subscription ${rec} has entries without ${lacking.map((f) => `"${f}"`).join(', ')}, so failed deliveries cannot be told from delivered ones; nothing was recovered from it`;
}
