/**
 * "Write only what changed": which of the fields a row maps differ from the record the service holds.
 * Only the mapped fields are compared (a field the row leaves out is not the row's to judge), and only
 * those the record shows: a field the service does not return cannot be told unchanged, so it is sent
 * when the row is written but never makes a row count as changed (nor do Extra Body Fields, which the
 * caller keeps out of `mapped`). A number the service sends as text, and a field it leaves empty (null)
 * that the row sends as "", count as equal.
 */
import type { IDataObject } from 'n8n-workflow';

const blank = (value: unknown) => value === null || value === undefined || value === '';

function same(mapped: unknown, held: unknown): boolean {
	if (mapped === held) return true;
	if (blank(mapped) && blank(held)) return true;
	if (typeof mapped === 'number' && typeof held === 'string' && held.trim() !== '')
		return Number(held) === mapped;
	if (typeof mapped === 'object' && mapped !== null)
		return JSON.stringify(mapped) === JSON.stringify(held);
	return false;
}

/** The names of the fields in `mapped` that the record shows with another value. */
export function changedFields(mapped: IDataObject, record: IDataObject): string[] {
	return Object.keys(mapped).filter((name) => name in record && !same(mapped[name], record[name]));
}
