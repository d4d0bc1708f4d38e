import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { label } from './labels';

/** Bad input is reported before any request, naming the field both as shown and as sent. */
export function fieldError(
	ctx: IExecuteFunctions,
	field: string,
	problem: string,
	itemIndex: number,
): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `${label(field)} (${field}) ${problem}`, {
		itemIndex,
	});
}

export function isBlank(value: unknown): boolean {
	return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export function toText(ctx: IExecuteFunctions, value: unknown, field: string, itemIndex: number): string {
	if (isBlank(value)) throw fieldError(ctx, field, 'is required', itemIndex);
	if (typeof value === 'object') throw fieldError(ctx, field, 'must be text', itemIndex);
	return String(value).trim();
}

export function toNumber(
	ctx: IExecuteFunctions,
	value: unknown,
	field: string,
	itemIndex: number,
	{ integer = false, positive = false } = {},
): number {
	if (isBlank(value)) throw fieldError(ctx, field, 'is required', itemIndex);
	const number = typeof value === 'number' ? value : Number(String(value).trim());
	if (!Number.isFinite(number)) throw fieldError(ctx, field, 'must be a number', itemIndex);
	if (integer && !Number.isInteger(number)) throw fieldError(ctx, field, 'must be a whole number', itemIndex);
	if (positive && number <= 0) throw fieldError(ctx, field, 'must be greater than zero', itemIndex);
	return number;
}

export function toBoolean(ctx: IExecuteFunctions, value: unknown, field: string, itemIndex: number): boolean {
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	throw fieldError(ctx, field, 'must be true or false', itemIndex);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** ISO 8601 only, so "yesterday" or "05/01/2026" never reach the service. Luxon/Date values from expressions are converted. */
export function toIsoDate(ctx: IExecuteFunctions, value: unknown, field: string, itemIndex: number): string {
	if (isBlank(value)) throw fieldError(ctx, field, 'is required', itemIndex);
	if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
	const toISO = (value as { toISO?: () => string }).toISO;
	if (typeof toISO === 'function') return toISO.call(value);
	const text = String(value).trim();
	if (!ISO_DATE.test(text) || Number.isNaN(Date.parse(text))) {
		throw fieldError(ctx, field, `must be an ISO 8601 date, e.g. 2026-01-31T00:00:00Z (got "${text}")`, itemIndex);
	}
	return text;
}

/** JSON fields accept an object (from an expression) or JSON text. */
export function toJsonObject(
	ctx: IExecuteFunctions,
	value: unknown,
	field: string,
	itemIndex: number,
): IDataObject | IDataObject[] {
	if (isBlank(value)) throw fieldError(ctx, field, 'is required', itemIndex);
	let parsed: unknown = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch {
			throw fieldError(ctx, field, 'must be valid JSON', itemIndex);
		}
	}
	if (typeof parsed !== 'object' || parsed === null) {
		throw fieldError(ctx, field, 'must be a JSON object or array', itemIndex);
	}
	return parsed as IDataObject | IDataObject[];
}
