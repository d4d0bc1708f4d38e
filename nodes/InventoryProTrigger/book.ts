/**
 * The trigger's bookkeeping in its node static data: the subscription, the delivery-log position, outages
 * to catch up, the open purchase orders, and the events its checks emitted that are not known to have run.
 * Written by the activation's hooks and the scheduled checks, on the activation's static data object, which
 * n8n saves at activation and whenever a check emits. An execution's save writes the bookkeeping of this
 * process's activation rather than its own older copy (ranLedger.ts holdNodeData).
 */
import type { IDataObject } from 'n8n-workflow';

import type { NodeContext } from '../shared/memory';
import { holdNodeData } from '../shared/ranLedger';

/** A stretch of service time in which the subscription delivered nothing (disabled or missing). */
export interface Gap extends IDataObject {
	/** Service timestamps (ISO); records modified in [from, to] are checked for missed events. */
	from: string;
	to: string;
}

/** The purchase orders seen open (openOrders.ts): the open list at its last read, and those that left it. */
export interface OpenOrders extends IDataObject {
	open: string[];
	/** Left the open list, completion not run yet: order number → when first missed (n8n's clock, ms). */
	gone: Record<string, number>;
}

/** An event a check emitted and that is not known to have run: emitted again until it is. */
export interface Owed extends IDataObject {
	eventId: string;
	json: IDataObject;
}

export interface Book extends IDataObject {
	/** The subscription (spec: rec) and a one-way digest of what was last sent for it. */
	rec?: number;
	fingerprint?: string;
	/** n8n's webhook URL at the last activation (the scheduled checks have no other way to know it). */
	url?: string;
	/** Delivery-log position: entries of subscription `logOf` with a higher rec are still to be examined. */
	logOf?: number;
	logAfter?: number;
	/** Log entries created up to this service time are final: the subscription was disabled, retries dropped. */
	finalUntil?: string;
	/** Outages still to be caught up from the lists. */
	gaps?: Gap[];
	/** When a check last found the subscription delivering (n8n's clock, ms). */
	healthyAt?: number;
	/** The purchase orders seen open, while order.completed is subscribed (openOrders.ts). */
	openOrders?: OpenOrders;
	/** Events checks emitted, not known to have run. */
	owed?: Owed[];
}

export const BOOK_FIELDS = [
	'rec',
	'fingerprint',
	'url',
	'logOf',
	'logAfter',
	'finalUntil',
	'gaps',
	'healthyAt',
	'openOrders',
	'owed',
] as const;

/** The book in `staticData`, the activation's object (hooks and checks write it in place; ranLedger.ts syncs it). */
export function bookIn(context: NodeContext, staticData: IDataObject): Book {
	holdNodeData(context, staticData);
	return staticData;
}

/** Writes `next` into the activation's static data, field by field (n8n saves it with the next emit). */
export function keepBook(staticData: IDataObject, next: Book): void {
	for (const field of BOOK_FIELDS) {
		if (next[field] === undefined) delete staticData[field];
		else staticData[field] = next[field];
	}
}
