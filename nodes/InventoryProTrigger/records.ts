/**
 * What the trigger needs to know about the records behind events, in this one place: the kind of
 * record each common event is about (its fields are the registry's, ../shared/records.ts), the lists
 * that hold them, the fields that identify one in a payload or in the delivery log's reference, and
 * the key that tells one event from another. Field names are matched whatever their spelling
 * (`recNo`, `RecNo`, `rec_no`): the spec shows no event payload, so casing is not relied on.
 */
import type { IDataObject } from 'n8n-workflow';

import type { EndpointId } from '../shared/endpoints';
import { kindOfList } from '../shared/records';
import { stampKey } from '../shared/changes/cursor';
import { fieldOf, isObject, textField, textOf } from '../shared/validation';

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

/**
 * Events a record has once in its life: a stock movement is written once, an item or an order created
 * once, an order finalized once. Their record identifies the event; others (item.updated) need the
 * record's Modified stamp too.
 */
const ONCE = new Set([
	'inventory.received',
	'inventory.moved',
	'inventory.issued',
	'item.created',
	'order.created',
	'order.completed',
]);

/** The fields that identify a record of a list's kind (the registry's), the first one keys are built on. */
export function identityFields(id: EndpointId): readonly string[] {
	const kind = kindOfList(id);
	return kind === undefined ? [] : (kind.identity ?? [kind.key]);
}

/** The identity fields of the records an event is about, de-duplicated, in the order its lists give. */
function eventIdentity(event: string): string[] {
	return [...new Set((EVENT_LISTS[event] ?? []).flatMap(identityFields))];
}

/** The record an event is about, as the event shows it: the field that names it, its value, its stamp. */
export interface RecordRef {
	field: string;
	value: string;
	/** The record's Modified, normalised (stampKey), when the event carries it. */
	stamp?: string;
}

/**
 * Finds the record in the places given (the event's data, then the event around it), in each place
 * itself or one object down (`{"data": {"item": {…}}}`). An array is many records: none is named.
 */
export function recordRef(event: string, ...places: unknown[]): RecordRef | undefined {
	const fields = eventIdentity(event);
	if (fields.length === 0) return undefined;
	for (const place of places) {
		if (!isObject(place)) continue;
		for (const candidate of [place, ...Object.values(place).filter(isObject)]) {
			for (const field of fields) {
				const value = textField(candidate, field);
				if (value === undefined) continue;
				const stamp = stampKey(fieldOf(candidate, 'modified'));
				return stamp === undefined ? { field, value } : { field, value, stamp };
			}
		}
	}
	return undefined;
}

/**
 * The key of an event about a record, shared by live deliveries and catch-up so that either one runs
 * and the other is a repeat: type and record, and for events a record has more than once the record's
 * Modified (two updates differ by it, a repeat shares it). No stamp there: no key.
 */
export function recordEventKey(event: string, ref: RecordRef | undefined): string | undefined {
	if (ref === undefined) return undefined;
	const id = ref.field === eventIdentity(event)[0] ? ref.value : `${ref.field}=${ref.value}`;
	if (ONCE.has(event)) return `e:${event}|${id}`;
	return ref.stamp === undefined ? undefined : `e:${event}|${id}|${ref.stamp}`;
}

/** The record a log reference names: what follows `RecNo:` (spec: RecNo:<number>), or the whole text. */
export function referenceValue(reference: unknown): string | undefined {
	const text = textOf(reference ?? '').trim();
	const value = /^RecNo:\s*(.+)$/i.exec(text)?.[1]?.trim() ?? text;
	return value === '' ? undefined : value;
}

/** Whether `record` (a row of list `id`) is the one a log reference names, by any of its identity fields. */
export function isReferenced(id: EndpointId, record: IDataObject, value: string): boolean {
	return identityFields(id).some((field) => textField(record, field) === value);
}
