/**
 * What the trigger needs to know about the records behind events: which lists hold them, and the
 * column that numbers a record (the log's reference RecNo:<n>), in this one place.
 */
import type { IDataObject } from 'n8n-workflow';

import type { EndpointId } from '../shared/endpoints';
import { RECORDS } from '../shared/records';
import { stampKey } from '../shared/changes/cursor';
import { textOf } from '../shared/validation';

/** The lists whose records the common events are about (spec, Events). */
export const EVENT_LISTS: Record<string, EndpointId[]> = {
	'inventory.received': ['inventory.materialIn'],
	'inventory.moved': ['inventory.materialIn'],
	'inventory.issued': ['inventory.materialOut'],
	'item.created': ['item.listAll'],
	'item.updated': ['item.listAll'],
	'order.created': ['purchaseOrder.list', 'shippingOrder.list'],
	'order.completed': ['purchaseOrder.list', 'shippingOrder.list'],
};

/** The column the log's RecNo:<n> and a payload's identifiers number a list's records by (spec, Events). */
const RECORD_NUMBER: Partial<Record<EndpointId, string>> = {
	'inventory.materialIn': RECORDS.movement.key,
	'inventory.materialOut': RECORDS.movement.key,
	'item.listAll': 'partNo',
	'purchaseOrder.list': RECORDS.purchaseOrder.key,
	'shippingOrder.list': RECORDS.shippingOrder.key,
};

export function keyField(id: EndpointId): string {
	return RECORD_NUMBER[id] ?? '';
}

/** The number of the record an event's payload is about, when the payload carries it. */
export function payloadNumber(event: string, data: IDataObject): string | undefined {
	for (const id of EVENT_LISTS[event] ?? []) {
		const value = data[keyField(id)];
		if (value !== undefined && value !== null && value !== '') return textOf(value);
	}
	return undefined;
}

/**
 * The key of an event about a record in a given state: type, record and the record's own change
 * stamp. Two changes of one record differ by their stamp; a repeat of one delivery shares it. Without
 * a stamp the record's identifiers alone would make two events one, so there is no key.
 */
export function recordEventKey(
	event: string,
	number: string | undefined,
	record: IDataObject,
): string | undefined {
	const stamp = stampKey(record.modified);
	return number === undefined || stamp === undefined ? undefined : `e:${event}|${number}|${stamp}`;
}

/** RecNo:<n> → n. */
export function referenceNumber(reference: unknown): string | undefined {
	const match = /^RecNo:(\d+)$/.exec(textOf(reference ?? '').trim());
	return match?.[1];
}
