import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { FieldSpec } from '../../endpoints';
import { label } from './labels';
import { PICKERS, pickerFor, pickerLocator } from './pickers';
import { fieldError, isBlank, toBoolean, toIsoDate, toJsonObject, toNumber, toText } from './validate';

/** Tweaks an operation may apply to a generated field (better wording, other options). */
export type FieldOverrides = Record<string, Partial<INodeProperties>>;

/**
 * The n8n parameter for one body/query field of the endpoint table. Required fields become top-level
 * parameters (warehouses as a picker), optional ones live in a collection (pickers as dropdowns).
 */
export function fieldProperty(field: FieldSpec, topLevel: boolean, overrides: FieldOverrides = {}): INodeProperties {
	const picker = pickerFor(field.name);
	const base = { displayName: label(field.name), name: field.name, description: field.description };
	let property: INodeProperties;

	if (picker && topLevel && field.type === 'integer') {
		property = pickerLocator(field.name, picker, { description: field.description });
	} else if (picker) {
		property = {
			...base,
			// n8n's convention for dynamic dropdowns, which also take an ID or code from an expression.
			displayName: `${base.displayName.replace(/ ID$/, '')} Name or ID`,
			type: 'options',
			typeOptions: { loadOptionsMethod: PICKERS[picker].loadMethod },
			default: '',
			description: `${field.description}. Choose from the list, or specify a value using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
		};
	} else if (field.options) {
		const numeric = field.type === 'integer' || field.type === 'number';
		property = {
			...base,
			type: 'options',
			options: field.options.map((option) => ({ name: option, value: numeric ? Number(option) : option })),
			default: numeric ? Number(field.options[0]) : field.options[0],
		};
	} else {
		property = { ...base, ...typeAndDefault(field) };
	}
	if (topLevel && field.required) property.required = true;
	return { ...property, ...overrides[field.name] } as INodeProperties;
}

function typeAndDefault(field: FieldSpec): Pick<INodeProperties, 'type' | 'default' | 'typeOptions' | 'options' | 'placeholder'> {
	switch (field.type) {
		case 'number':
			return { type: 'number', default: 0 };
		case 'integer':
			return { type: 'number', default: 0, typeOptions: { numberPrecision: 0 } };
		case 'boolean':
			return { type: 'boolean', default: false };
		case 'dateTime':
			return { type: 'dateTime', default: '' };
		case 'object':
			return { type: 'json', default: '{}' };
		case 'lines':
			return {
				type: 'fixedCollection',
				placeholder: 'Add Line',
				typeOptions: { multipleValues: true, sortable: true },
				default: {},
				options: [
					{
						displayName: 'Line',
						name: 'line',
						values: (field.lineFields ?? []).map((line) => ({
							...fieldProperty(line, false),
							required: line.required,
							...(line.required ? {} : { description: `${line.description}; 0 or empty leaves it to the service` }),
						})),
					},
				],
			};
		default:
			return {
				type: 'string',
				default: '',
				...(field.typeOptions?.password ? { typeOptions: { password: true } } : {}),
			};
	}
}

/** Reads one field's value and checks it against its type before anything is sent. */
export function readValue(
	ctx: IExecuteFunctions,
	field: FieldSpec,
	value: unknown,
	itemIndex: number,
): IDataObject[string] {
	switch (field.type) {
		case 'number':
			return toNumber(ctx, value, field.name, itemIndex);
		case 'integer':
			return toNumber(ctx, value, field.name, itemIndex, { integer: true, positive: /ID$/.test(field.name) });
		case 'boolean':
			return toBoolean(ctx, value, field.name, itemIndex);
		case 'dateTime':
			return toIsoDate(ctx, value, field.name, itemIndex);
		case 'object':
			return toJsonObject(ctx, value, field.name, itemIndex);
		case 'lines':
			return readLines(ctx, field, value, itemIndex);
		default:
			return toText(ctx, value, field.name, itemIndex);
	}
}

function readLines(ctx: IExecuteFunctions, field: FieldSpec, value: unknown, itemIndex: number): IDataObject[] {
	const lines = ((value as IDataObject | undefined)?.line ?? []) as IDataObject[];
	if (!Array.isArray(lines) || lines.length === 0) {
		throw fieldError(ctx, field.name, 'needs at least one line', itemIndex);
	}
	// n8n fills every value of a line with its default, so an untouched optional 0 means "not given".
	const given = (line: IDataObject) =>
		Object.fromEntries(
			Object.entries(line).filter(([name, value]) => {
				const spec = field.lineFields?.find((f) => f.name === name);
				return spec?.required || (value !== 0 && value !== '');
			}),
		);
	return lines.map((line) => readObject(ctx, field.lineFields ?? [], given(line), itemIndex));
}

/** Required fields must be present; optional ones are sent only when not blank (an empty secret must never replace one). */
export function readObject(
	ctx: IExecuteFunctions,
	fields: readonly FieldSpec[],
	values: IDataObject,
	itemIndex: number,
): IDataObject {
	const result: IDataObject = {};
	for (const field of fields) {
		const value = values[field.name];
		if (field.required || !isBlank(value)) result[field.name] = readValue(ctx, field, value, itemIndex);
	}
	return result;
}

/** Name of the collection that holds an operation's optional fields. */
export const optionalCollectionName = (operation: string) =>
	operation === 'update' ? 'updateFields' : 'additionalFields';

/** Required fields at top level, optional ones in one collection. */
export function fieldProperties(
	fields: readonly FieldSpec[],
	collection: string,
	overrides: FieldOverrides = {},
): INodeProperties[] {
	const required = fields.filter((field) => field.required).map((field) => fieldProperty(field, true, overrides));
	const optional = fields.filter((field) => !field.required);
	if (optional.length === 0) return required;
	return [
		...required,
		{
			displayName: collection === 'updateFields' ? 'Update Fields' : 'Additional Fields',
			name: collection,
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: optional
				.map((field) => fieldProperty(field, false, overrides))
				.sort((a, b) => a.displayName.localeCompare(b.displayName)),
		},
	];
}

/** The raw values of `fieldProperties` (pickers resolved to their value), keyed by field name. */
export function rawFields(
	ctx: IExecuteFunctions,
	fields: readonly FieldSpec[],
	collection: string,
	itemIndex: number,
): IDataObject {
	const values: IDataObject = { ...(ctx.getNodeParameter(collection, itemIndex, {}) as IDataObject) };
	for (const field of fields.filter((f) => f.required)) {
		values[field.name] = ctx.getNodeParameter(field.name, itemIndex, undefined, { extractValue: true });
	}
	return values;
}

/** The values of `fieldProperties`, checked, as the object to send. */
export function readFields(
	ctx: IExecuteFunctions,
	fields: readonly FieldSpec[],
	collection: string,
	itemIndex: number,
): IDataObject {
	return readObject(ctx, fields, rawFields(ctx, fields, collection, itemIndex), itemIndex);
}
