/**
 * The trigger's bookkeeping: its node static data, written by the hooks and the checks on the
 * activation's object (n8n saves it at activation and whenever a check emits). An execution's save writes
 * this process's activation's book, not its own older copy (ranLedger.ts holdNodeData).
 */
import type { IDataObject } from 'n8n-workflow';

import type { NodeContext } from '../shared/memory';
import { holdNodeData } from '../shared/ranLedger';

/** Service time (ISO) in which the subscription delivered nothing (disabled or missing). */
export type Gap = IDataObject & { from: string; to: string };

/** The open list at its last read, and those that left it, completion not run: poNo → first missed (ms). */
export type OpenOrders = IDataObject & { open: string[]; gone: Record<string, number> };

/** An event a check emitted, not known to have run: emitted again until it is. */
export type Owed = IDataObject & { eventId: string; json: IDataObject };

export interface Book extends IDataObject {
	/** The subscription (spec: rec) and a one-way digest of what was last sent for it. */
	rec?: number;
	fingerprint?: string;
	/** n8n's webhook URL at the last activation (the checks have no other way to know it). */
	url?: string;
	/** Delivery-log entries of subscription `logOf` with a higher rec are still to be examined. */
	logOf?: number;
	logAfter?: number;
	/** Log entries created up to this service time are final: the subscription was disabled, retries dropped. */
	finalUntil?: string;
	gaps?: Gap[];
	/** When a check last found the subscription delivering (n8n's clock, ms). */
	healthyAt?: number;
	openOrders?: OpenOrders;
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

export function bookIn(context: NodeContext, staticData: IDataObject): Book {
	holdNodeData(context, staticData);
	return staticData;
}

/** Field by field into the activation's static data (saved with the next emit). */
export function keepBook(staticData: IDataObject, next: Book): void {
	for (const field of BOOK_FIELDS)
		if (next[field] === undefined) delete staticData[field];
		else staticData[field] = next[field];
}
