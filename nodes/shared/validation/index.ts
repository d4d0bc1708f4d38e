/**
 * The one place input is checked, for the action node and both triggers: blank values, numbers, dates,
 * JSON, path placeholders. Every refusal has one shape: "<Label> (<field>) <what was wrong>", and its
 * description says what to do. Nothing here sends a request.
 */
import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

import { label } from './labels';

/** Anything that can name the node an error belongs to (every n8n function context can). */
export interface HasNode {
	getNode(): INode;
}

/** Bad input, reported before any request, naming the field as shown and as sent, and the way out. */
export function fieldError(
	ctx: HasNode,
	field: string,
	problem: string,
	itemIndex?: number,
	fix?: string,
): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `${label(field)} (${field}) ${problem}`, {
		itemIndex,
		...(fix ? { description: fix } : {}),
	});
}

type Primitive = number | boolean | null | undefined;

/**
 * String(value) for a value of unknown shape (a parameter, a JSON field), written so the type checker
 * sees an object's own toString is meant (Dates and Luxon values from expressions carry one).
 */
export function textOf(value: unknown): string {
	if (typeof value === 'string') return value;
	if (typeof value === 'object' && value !== null)
		return (value as { toString(): string }).toString();
	if (typeof value === 'symbol') return value.toString();
	return `${value as Primitive}`;
}

/** A name whatever its spelling: `recNo`, `RecNo`, `rec_no` and `REC-NO` are one. */
export const squash = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

export const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field of `record` by name, whatever its spelling (for payloads no document shows). */
export function fieldOf(record: unknown, name: string): unknown {
	if (!isObject(record)) return undefined;
	if (record[name] !== undefined) return record[name];
	const wanted = squash(name);
	for (const [key, value] of Object.entries(record)) if (squash(key) === wanted) return value;
	return undefined;
}

/** A field's value as text, when it holds one (a number or a non-blank string). */
export function textField(record: unknown, name: string): string | undefined {
	const value = fieldOf(record, name);
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (typeof value === 'string' && value.trim() !== '') return value.trim();
	return undefined;
}

/** The one blank check: undefined, null, or text of white space only. */
export function isBlank(value: unknown): boolean {
	return (
		value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
	);
}

export function toText(ctx: HasNode, value: unknown, field: string, itemIndex?: number): string {
	if (isBlank(value)) throw fieldError(ctx, field, 'is required', itemIndex, 'Enter a value');
	if (typeof value === 'object')
		throw fieldError(ctx, field, 'must be text', itemIndex, 'Enter text, not a list or object');
	return textOf(value).trim();
}

export function toNumber(
	ctx: HasNode,
	value: unknown,
	field: string,
	itemIndex?: number,
	{ integer = false, positive = false } = {},
): number {
	if (isBlank(value)) throw fieldError(ctx, field, 'is required', itemIndex, 'Enter a number');
	const number = typeof value === 'number' ? value : Number(String(value).trim());
	if (!Number.isFinite(number))
		throw fieldError(ctx, field, 'must be a number', itemIndex, `Got ${JSON.stringify(value)}`);
	if (integer && !Number.isInteger(number))
		throw fieldError(ctx, field, 'must be a whole number', itemIndex, `Got ${number}`);
	if (positive && number <= 0)
		throw fieldError(ctx, field, 'must be greater than zero', itemIndex, `Got ${number}`);
	return number;
}

export function toBoolean(
	ctx: HasNode,
	value: unknown,
	field: string,
	itemIndex?: number,
): boolean {
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	throw fieldError(ctx, field, 'must be true or false', itemIndex, `Got ${JSON.stringify(value)}`);
}

/** JSON fields accept an object (from an expression) or JSON text. */
export function toJsonObject(
	ctx: HasNode,
	value: unknown,
	field: string,
	itemIndex?: number,
): IDataObject | IDataObject[] {
	if (isBlank(value)) throw fieldError(ctx, field, 'is required', itemIndex, 'Enter a JSON object');
	let parsed: unknown = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch {
			throw fieldError(
				ctx,
				field,
				'must be valid JSON',
				itemIndex,
				'Check quotes, commas and braces',
			);
		}
	}
	if (typeof parsed !== 'object' || parsed === null) {
		throw fieldError(
			ctx,
			field,
			'must be a JSON object or array',
			itemIndex,
			`Got ${JSON.stringify(parsed)}`,
		);
	}
	return parsed as IDataObject | IDataObject[];
}

/** The `{name}` placeholders of a path, in order. */
export function placeholders(path: string): string[] {
	return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
}

/**
 * The one placeholder filler: values are URI-encoded so a value cannot change the path. A blank value
 * throws what `missing` makes of its name.
 */
export function fillPlaceholders(
	path: string,
	values: Record<string, string | number>,
	missing: (name: string) => Error = (name) => new Error(`Missing path parameter "${name}"`),
): string {
	return path.replace(/\{(\w+)\}/g, (_, name: string) => {
		const value = values[name];
		if (isBlank(value)) throw missing(name);
		return encodeURIComponent(String(value));
	});
}
