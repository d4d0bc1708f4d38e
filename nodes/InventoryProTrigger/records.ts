/**
 * The records behind events: their lists, the fields that identify one (in any spelling: the spec shows
 * no event payload), and the key a live delivery and its catch-up share.
 */
import { COMMON_EVENTS, type EndpointId } from '../shared/endpoints';
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

/** Events a record has once in its life (all common ones but item.updated): the record tells the event. */
const ONCE = new Set<string>(COMMON_EVENTS.filter((event) => event !== 'item.updated'));

/** The first is the one keys are built on. */
export function identityFields(id: EndpointId): readonly string[] {
	const kind = kindOfList(id);
	return kind === undefined ? [] : (kind.identity ?? [kind.key]);
}

function eventIdentity(event: string): string[] {
	return [...new Set((EVENT_LISTS[event] ?? []).flatMap(identityFields))];
}

/** The record an event is about, as the event shows it (`stamp`: its Modified). */
export type RecordRef = { field: string; value: string; stamp?: string };

/** In the places given (data, then the event), each itself or one object down; an array names none. */
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

/** Type and record, and for events a record has more than once its Modified (no stamp: no key). */
export function recordEventKey(event: string, ref: RecordRef | undefined): string | undefined {
	if (ref === undefined) return undefined;
	const id = ref.field === eventIdentity(event)[0] ? ref.value : `${ref.field}=${ref.value}`;
	if (ONCE.has(event)) return `e:${event}|${id}`;
	return ref.stamp === undefined ? undefined : `e:${event}|${id}|${ref.stamp}`;
}

/** What follows `RecNo:` in a log reference (spec: RecNo:<number>), or the whole text. */
export function referenceValue(reference: unknown): string | undefined {
	const text = textOf(reference ?? '').trim();
	const value = /^RecNo:\s*(.+)$/i.exec(text)?.[1]?.trim() ?? text;
	return value === '' ? undefined : value;
}
