/**
 * Keys that tell events apart, so the same event is run once whichever way it arrives: as a live
 * delivery, as the same delivery again, or recovered from the delivery log or a list.
 */
import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { RECORDS } from '../shared/records';
import { textOf } from '../shared/validation';
import { stampKey } from '../shared/changes/cursor';

/**
 * The exact bytes of a delivery: a retry or a replay of them is the same delivery. When the bytes do
 * not identify the event (identifiers-only item.updated: every update of an item sends the same
 * bytes), the service's delivery id, the same on every attempt of one event, is part of the key.
 */
export function deliveryKey(rawBody: Buffer, deliveryId?: string): string {
	const hash = createHash('sha256').update(rawBody);
	if (deliveryId !== undefined) hash.update(`\n${deliveryId}`);
	return `d:${hash.digest('hex').slice(0, 40)}`;
}

/**
 * The record number an event is about (spec: the log's reference RecNo:<n>): the movement for stock
 * events, the item for item events, the order for order events.
 */
export function recordNumber(event: string, data: IDataObject): string | undefined {
	const value = event.startsWith('inventory.')
		? data.recNo
		: event.startsWith('item.')
			? data.partNo
			: event.startsWith('order.')
				? (data[RECORDS.purchaseOrder.key] ?? data[RECORDS.shippingOrder.key])
				: undefined;
	return value === undefined || value === null || value === '' ? undefined : textOf(value);
}

/**
 * The event itself: type and record, plus the record's Modified for item.updated (an item is updated
 * many times). Undefined when the payload does not say enough (identifiers-only item.updated, events
 * of a deployment's own types).
 */
export function eventKey(event: string, number: string | undefined, modified?: unknown): string | undefined {
	if (number === undefined) return undefined;
	if (event === 'item.updated') {
		const key = stampKey(modified);
		return key === undefined ? undefined : `e:${event}|${number}|${key}`;
	}
	return `e:${event}|${number}`;
}

/** The key of a delivered payload. */
export function payloadEventKey(event: string, data: IDataObject): string | undefined {
	return eventKey(event, recordNumber(event, data), data.modified);
}

/** RecNo:<n> → n. */
export function referenceNumber(reference: unknown): string | undefined {
	const match = /^RecNo:(\d+)$/.exec(textOf(reference ?? '').trim());
	return match?.[1];
}
