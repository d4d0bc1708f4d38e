/**
 * What the service's list rows show beyond their key and Modified, read whatever a field's spelling: the
 * kind of a stock movement, when an order was created, whether a purchase order is closed.
 */
import type { IDataObject } from 'n8n-workflow';

import { RECORDS } from '../records';
import { fieldOf, squash } from '../validation';
import { stampKey } from './cursor';

/**
 * A Material In / Out row's `type`, as the event the service sends for it. No document shows the field
 * or its values: these are the sandbox's (Receipt, Move, Issue) and their plain variants, nothing guessed.
 */
const MOVEMENT_KINDS: Record<string, string> = {
	receipt: 'inventory.received',
	receive: 'inventory.received',
	received: 'inventory.received',
	move: 'inventory.moved',
	moved: 'inventory.moved',
	transfer: 'inventory.moved',
	issue: 'inventory.issued',
	issued: 'inventory.issued',
};

/** The event a movement row stands for, when its `type` says so. */
export function movementEvent(row: IDataObject): string | undefined {
	const type = fieldOf(row, 'type');
	return typeof type === 'string' ? MOVEMENT_KINDS[squash(type)] : undefined;
}

/** When an order was created: `created` where the rows carry it, else the documented `orderDate`. */
export function createdOf(row: IDataObject): string | undefined {
	return stampKey(fieldOf(row, 'created')) ?? stampKey(fieldOf(row, 'orderDate'));
}

export const isClosed = (row: unknown): boolean =>
	fieldOf(row, 'status') === RECORDS.purchaseOrder.done;

/** Whether a purchase order list shows closed orders (the vendor documents open ones only). */
export const showsClosed = (rows: readonly IDataObject[]): boolean => rows.some(isClosed);
