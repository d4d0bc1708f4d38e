/**
 * Generic validation of write bodies and query parameters from the endpoint table's FieldSpecs: required,
 * types, options and order lines. All problems are collected, then thrown as one validation_error whose
 * details map each field (lines as `lines[0].quantity`) to its messages, like the spec's example.
 */
import type { FieldSpec } from './routes';
import { parseIsoDate } from './dates';
import { ApiError, badRequest, VALIDATION_FAILED } from './errors';

/** A JSON value of a request body as text: primitives as String() gives them, objects and arrays as JSON. */
export function textOf(value: unknown): string {
	return typeof value === 'object' && value !== null
		? JSON.stringify(value)
		: `${value as string | number | boolean | null | undefined}`;
}

export type Body = Record<string, unknown>;
type Details = Record<string, string[]>;

export const isPlainObject = (value: unknown): value is Body =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const typeNames: Record<FieldSpec['type'], string> = {
	string: 'a string',
	number: 'a number',
	integer: 'a whole number',
	boolean: 'true or false',
	dateTime: 'an ISO 8601 date-time',
	object: 'a JSON object',
	lines: 'a list of order lines',
};

function typeOk(field: FieldSpec, value: unknown): boolean {
	switch (field.type) {
		case 'string':
			return typeof value === 'string';
		case 'number':
			return typeof value === 'number' && Number.isFinite(value);
		case 'integer':
			return typeof value === 'number' && Number.isInteger(value);
		case 'boolean':
			return typeof value === 'boolean';
		case 'dateTime':
			return typeof value === 'string' && parseIsoDate(value) !== undefined;
		case 'object':
			return isPlainObject(value);
		case 'lines':
			return Array.isArray(value);
	}
}

function checkFields(
	fields: readonly FieldSpec[],
	input: Body,
	prefix: string,
	details: Details,
): Body {
	const clean: Body = {};
	const fail = (name: string, message: string) => (details[prefix + name] ??= []).push(message);
	for (const field of fields) {
		const value = input[field.name];
		const key = prefix + field.name;
		if (value === undefined || value === null || (field.required && value === '')) {
			if (field.required) fail(field.name, `The ${key} field is required.`);
			continue;
		}
		if (!typeOk(field, value)) {
			fail(field.name, `The ${key} field must be ${typeNames[field.type]}.`);
			continue;
		}
		if (field.options && !field.options.includes(textOf(value))) {
			fail(field.name, `The ${key} field must be one of: ${field.options.join(', ')}.`);
			continue;
		}
		// The table describes every quantity as "greater than zero" (vendor docs: "units must be greater than 0").
		if ((field.name === 'quantity' || field.name === 'units') && (value as number) <= 0) {
			fail(field.name, `The ${key} field must be greater than zero.`);
			continue;
		}
		if (field.type === 'lines') {
			const lines = value as unknown[];
			if (field.required && lines.length === 0)
				fail(field.name, `The ${key} field needs at least one line.`);
			clean[field.name] = lines.map((line, i) => {
				if (!isPlainObject(line)) {
					fail(`${field.name}[${i}]`, `The ${key}[${i}] entry must be a JSON object.`);
					return {};
				}
				return checkFields(field.lineFields ?? [], line, `${key}[${i}].`, details);
			});
			continue;
		}
		clean[field.name] = value;
	}
	return clean;
}

/**
 * Checks a JSON body against the row's fields: the known fields that were sent, and each problem by field
 * (empty when there is none). A body that is not a JSON object is a bad request.
 */
export function checkBody(
	fields: readonly FieldSpec[],
	body: unknown,
): { clean: Body; details: Details } {
	if (body === undefined) body = {};
	if (!isPlainObject(body)) throw badRequest('The request body must be a JSON object.');
	const details: Details = {};
	const clean = checkFields(fields, body, '', details);
	return { clean, details };
}

/** Checks a JSON body against the row's fields; returns only the known fields that were sent. */
export function validateBody(fields: readonly FieldSpec[], body: unknown): Body {
	const { clean, details } = checkBody(fields, body);
	if (Object.keys(details).length > 0)
		throw new ApiError('validation_error', VALIDATION_FAILED, details);
	return clean;
}

/** Checks non-paging query parameters (e.g. GET /Item?key=&type=), which arrive as text. */
export function validateQuery(
	fields: readonly FieldSpec[],
	query: URLSearchParams,
): Record<string, string> {
	const details: Details = {};
	const clean: Record<string, string> = {};
	for (const field of fields) {
		const value = query.get(field.name);
		if (value === null || value === '') {
			if (field.required) details[field.name] = [`The ${field.name} parameter is required.`];
			continue;
		}
		if (field.options && !field.options.includes(value)) {
			details[field.name] = [
				`The ${field.name} parameter must be one of: ${field.options.join(', ')}.`,
			];
			continue;
		}
		clean[field.name] = value;
	}
	if (Object.keys(details).length > 0)
		throw new ApiError('validation_error', VALIDATION_FAILED, details);
	return clean;
}
