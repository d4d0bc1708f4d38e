import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
} from 'n8n-workflow';

import {
	fieldError,
	isBlank,
	toBoolean,
	toJsonObject,
	toNumber,
	toText,
} from '../../../shared/validation';
import { toIsoDate } from '../../../shared/dates';
import { label } from '../../../shared/validation/labels';
import { RECORDS } from '../../../shared/records';
import { recordLocator, type RecordKind } from './locators';
import { pickerDropdown, pickerLocator, PICKERS, sendsNumber, type Picker } from './pickers';

type Value = IDataObject[string];
type Reader = (ctx: IExecuteFunctions, value: unknown, itemIndex: number) => Value;

/**
 * One parameter of an operation together with the check its value passes before anything is sent.
 * An operation file lists its fields with the builders below; the builder says what the UI shows and
 * what the check is, nothing is derived from the field's name.
 */
export interface Field {
	name: string;
	required: boolean;
	property: INodeProperties;
	/** The parameter as node version 1 saved it, when version 2 shows it differently (a locator). */
	legacy?: INodeProperties;
	read: Reader;
}

const onlyVersion1: IDisplayOptions = { show: { '@version': [1] } };
const fromVersion2: IDisplayOptions = { show: { '@version': [{ _cnd: { gte: 2 } }] } };

/** Parameters node version 1 shows, then the ones versions 2 and later show in their place. */
export function byVersion(
	version1: readonly INodeProperties[],
	version2: readonly INodeProperties[],
): INodeProperties[] {
	return [
		...version1.map((property) => ({ ...property, displayOptions: onlyVersion1 })),
		...version2.map((property) => ({ ...property, displayOptions: fromVersion2 })),
	];
}

/** A field's parameter, or its version 1 and version 2 forms under the same name. */
export function propertiesOf(spec: Field): INodeProperties[] {
	return spec.legacy ? byVersion([spec.legacy], [spec.property]) : [spec.property];
}

export interface FieldOptions {
	required?: boolean;
	displayName?: string;
	placeholder?: string;
	default?: INodeProperties['default'];
}

function make<Name extends string>(
	name: Name,
	description: string,
	options: FieldOptions,
	shape: Omit<INodeProperties, 'displayName' | 'name'>,
	read: Reader,
): Field & { name: Name } {
	const property: INodeProperties = {
		displayName: options.displayName ?? label(name),
		name,
		description,
		...shape,
	};
	if (options.placeholder !== undefined) property.placeholder = options.placeholder;
	if (options.default !== undefined) property.default = options.default;
	if (options.required) property.required = true;
	return { name, required: options.required === true, property, read };
}

const positive = { integer: true, positive: true };

/** The field builders; each states its UI and its check. */
export const field = {
	text(
		name: string,
		description: string,
		options: FieldOptions & { password?: boolean } = {},
	): Field {
		const typeOptions = options.password ? { typeOptions: { password: true } } : {};
		return make(
			name,
			description,
			options,
			{ type: 'string', default: '', ...typeOptions },
			(ctx, value, i) => toText(ctx, value, name, i),
		);
	},
	number(name: string, description: string, options: FieldOptions = {}): Field {
		return make(name, description, options, { type: 'number', default: 0 }, (ctx, value, i) =>
			toNumber(ctx, value, name, i),
		);
	},
	/** A whole number, zero and below included (ids with a meaning for 0, such as "own stock"). */
	integer(name: string, description: string, options: FieldOptions = {}): Field {
		const shape = { type: 'number' as const, default: 0, typeOptions: { numberPrecision: 0 } };
		return make(name, description, options, shape, (ctx, value, i) =>
			toNumber(ctx, value, name, i, { integer: true }),
		);
	},
	/** A record number: a whole number greater than zero. */
	id(name: string, description: string, options: FieldOptions = {}): Field {
		const shape = { type: 'number' as const, default: 0, typeOptions: { numberPrecision: 0 } };
		return make(name, description, options, shape, (ctx, value, i) =>
			toNumber(ctx, value, name, i, positive),
		);
	},
	boolean(name: string, description: string, options: FieldOptions = {}): Field {
		return make(name, description, options, { type: 'boolean', default: false }, (ctx, value, i) =>
			toBoolean(ctx, value, name, i),
		);
	},
	dateTime(name: string, description: string, options: FieldOptions = {}): Field {
		return make(name, description, options, { type: 'dateTime', default: '' }, (ctx, value, i) =>
			toIsoDate(ctx, value, name, i),
		);
	},
	json(name: string, description: string, options: FieldOptions = {}): Field {
		return make(name, description, options, { type: 'json', default: '{}' }, (ctx, value, i) =>
			toJsonObject(ctx, value, name, i),
		);
	},
	/** A fixed list; numeric choices are sent as whole numbers. */
	choice(
		name: string,
		description: string,
		choices: ReadonlyArray<string | { name: string; value: string | number }>,
		options: FieldOptions = {},
	): Field {
		const list = choices.map((choice) =>
			typeof choice === 'string' ? { name: choice, value: choice } : choice,
		);
		const numeric = typeof list[0].value === 'number';
		const shape = { type: 'options' as const, options: list, default: list[0].value };
		return make(name, description, options, shape, (ctx, value, i) =>
			numeric ? toNumber(ctx, value, name, i, { integer: true }) : toText(ctx, value, name, i),
		);
	},
	/**
	 * A record the service can list (warehouse, report, category, reason code, location): a "From List /
	 * By ID" locator when required or asked for (`locator`, also inside a collection), else a dropdown
	 * inside a collection. Warehouses, reports, categories and locations are sent by key, reason codes by code.
	 */
	pick(
		picker: Picker,
		name: string,
		description: string,
		options: FieldOptions & { locator?: boolean } = {},
	): Field {
		const property =
			options.required || options.locator
				? optionalLocator(
						pickerLocator(picker, name, { description, displayName: options.displayName }),
						options.required === true,
					)
				: pickerDropdown(picker, name, description);
		const read: Reader = (ctx, value, i) =>
			sendsNumber(picker) ? toNumber(ctx, value, name, i, positive) : toText(ctx, value, name, i);
		return { name, required: options.required === true, property, read };
	},
	/**
	 * A record a body names (an item, customer, vendor, …), given as the plain field version 1 had: from
	 * version 2 on a "From List / By ID" locator under the same name, read and checked like the plain field.
	 */
	record(kind: RecordKind, plain: Field): Field {
		return withLocator(kind, plain);
	},
	/** Order lines: a repeatable group of fields; untouched optional values (0 or empty) are not sent. */
	lines(name: string, description: string, lineFields: readonly Field[]): Field {
		const group = (version: 'property' | 'legacy'): INodeProperties => ({
			displayName: label(name),
			name,
			description,
			type: 'fixedCollection',
			placeholder: 'Add Line',
			typeOptions: { multipleValues: true, sortable: true },
			default: {},
			options: [
				{
					displayName: 'Line',
					name: 'line',
					values: lineFields.map((line) => lineValue(line, version)),
				},
			],
			required: true,
		});
		const locators = lineFields.filter((line) => line.legacy).map((line) => line.name);
		const read: Reader = (ctx, value, i) => {
			const lines = ((value as IDataObject | undefined)?.line ?? []) as IDataObject[];
			if (!Array.isArray(lines) || lines.length === 0)
				throw fieldError(ctx, name, 'needs at least one line', i, 'Add a line');
			return lines.map((line, n) => {
				// A locator inside a line is read the way n8n reads a top-level one: by its path, extractValue.
				const values = { ...line };
				for (const field of locators) {
					if (isLocatorValue(values[field]))
						values[field] = ctx.getNodeParameter(`${name}.line[${n}].${field}`, i, undefined, {
							extractValue: true,
						});
				}
				return readObject(ctx, lineFields, given(lineFields, values), i);
			});
		};
		const lines: Field = { name, required: true, property: group('property'), read };
		return locators.length ? { ...lines, legacy: group('legacy') } : lines;
	},
};

function lineValue(line: Field, version: 'property' | 'legacy'): INodeProperties {
	const property = (version === 'legacy' && line.legacy) || line.property;
	return {
		...property,
		...(line.required ? { required: true } : {}),
		...(line.required
			? {}
			: { description: `${property.description}; 0 or empty leaves it to the service` }),
	};
}

/** A locator inside a collection is optional: once added it is filled in, or left empty and not sent. */
function optionalLocator(property: INodeProperties, required: boolean): INodeProperties {
	if (required) return property;
	const optional = { ...property };
	delete optional.required;
	return optional;
}

const isLocatorValue = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && 'mode' in value;

/** Version 2 shows the record's locator, version 1 the plain field; one check reads both. */
function withLocator<F extends Field>(kind: RecordKind, plain: F): F {
	return {
		...plain,
		property: recordLocator(kind, plain.name, { displayName: plain.property.displayName }),
		legacy: plain.property,
	};
}

// n8n fills every value of a line with its default, so an untouched optional 0 means "not given".
function given(fields: readonly Field[], line: IDataObject): IDataObject {
	return Object.fromEntries(
		Object.entries(line).filter(([name, value]) => {
			const spec = fields.find((f) => f.name === name);
			return spec?.required || (value !== 0 && value !== '');
		}),
	);
}

/** Required fields must be present; optional ones are sent only when not blank (an empty secret must never replace one). */
export function readObject(
	ctx: IExecuteFunctions,
	fields: readonly Field[],
	values: IDataObject,
	itemIndex: number,
): IDataObject {
	const result: IDataObject = {};
	for (const spec of fields) {
		const value = values[spec.name];
		if (spec.required || !isBlank(value)) result[spec.name] = spec.read(ctx, value, itemIndex);
	}
	return result;
}

export type Collection = 'additionalFields' | 'updateFields' | 'options';

/** Required fields at top level, optional ones in one collection, sorted by label. */
export function fieldProperties(
	fields: readonly Field[],
	collection: Collection,
): INodeProperties[] {
	const required = fields.filter((f) => f.required).flatMap(propertiesOf);
	const optional = fields.filter((f) => !f.required);
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
				.map((f) => f.property)
				.sort((a, b) => a.displayName.localeCompare(b.displayName)),
		},
	];
}

/** The values of `fieldProperties` as entered (locators resolved to their value), keyed by field name. */
export function rawFields(
	ctx: IExecuteFunctions,
	fields: readonly Field[],
	collection: Collection,
	itemIndex: number,
): IDataObject {
	const values: IDataObject = { ...ctx.getNodeParameter(collection, itemIndex, {}) };
	// A locator inside the collection is read the way n8n reads a top-level one: by its path, extractValue.
	for (const spec of fields.filter((f) => !f.required && isLocatorValue(values[f.name]))) {
		values[spec.name] = ctx.getNodeParameter(`${collection}.${spec.name}`, itemIndex, undefined, {
			extractValue: true,
		});
	}
	for (const spec of fields.filter((f) => f.required)) {
		values[spec.name] = ctx.getNodeParameter(spec.name, itemIndex, undefined, {
			extractValue: true,
		});
	}
	return values;
}

/** The values of `fieldProperties`, checked, as the object to send. */
export function readFields(
	ctx: IExecuteFunctions,
	fields: readonly Field[],
	collection: Collection,
	itemIndex: number,
): IDataObject {
	return readObject(ctx, fields, rawFields(ctx, fields, collection, itemIndex), itemIndex);
}

/** For updates: the values of `fieldProperties(fields, 'updateFields')`, and an error when no optional one was given. */
export function readChanges(
	ctx: IExecuteFunctions,
	fields: readonly Field[],
	itemIndex: number,
): IDataObject {
	const body = readFields(ctx, fields, 'updateFields', itemIndex);
	if (!fields.some((f) => !f.required && f.name in body)) {
		throw fieldError(
			ctx,
			'updateFields',
			'needs at least one field to change',
			itemIndex,
			'Add a field under Update Fields',
		);
	}
	return body;
}

/** A path value; its name is kept in the type so an operation's path fields can be checked against its row. */
export type PathField<Name extends string = string> = Field & { name: Name };

/** A path value: a record number or, for text ids such as an item's shortID, trimmed text. */
export const pathField = {
	number<Name extends string>(name: Name): PathField<Name> {
		return make(
			name,
			`The ${label(name)}`,
			{ required: true, placeholder: 'e.g. 1001' },
			{ type: 'string', default: '' },
			(ctx, value, i) => toNumber(ctx, value, name, i, positive),
		);
	},
	text<Name extends string>(name: Name, description: string, placeholder: string): PathField<Name> {
		return make(
			name,
			description,
			{ required: true, placeholder },
			{ type: 'string', default: '' },
			(ctx, value, i) => toText(ctx, value, name, i),
		);
	},
	/**
	 * A record the service lists (customer, order, asset, subscription, item): a "From List / By ID"
	 * locator from version 2 on; version 1 keeps the text field it was saved with. Read the same way.
	 */
	record<Name extends string>(kind: RecordKind, name: Name): PathField<Name> {
		const record = RECORDS[kind];
		const plain =
			record.keyType === 'integer'
				? pathField.number(name)
				: pathField.text(name, `The ${record.noun}'s ${record.key}`, `e.g. ${record.example}`);
		return withLocator(kind, plain);
	},
	/** A locator; the path takes the record's key, a whole number or text as the registry types it. */
	pick<Name extends string>(picker: Picker, name: Name): PathField<Name> {
		const integer = RECORDS[PICKERS[picker].kind].keyType === 'integer';
		const read: Reader = (ctx, value, i) =>
			integer ? toNumber(ctx, value, name, i, positive) : toText(ctx, value, name, i);
		return { name, required: true, property: pickerLocator(picker, name), read };
	},
};

/** Reads path fields into the values the transport fills the path with. */
export function readPath(
	ctx: IExecuteFunctions,
	fields: readonly Field[],
	itemIndex: number,
): Record<string, string | number> {
	const values: Record<string, string | number> = {};
	for (const spec of fields) {
		const raw: unknown = ctx.getNodeParameter(spec.name, itemIndex, undefined, {
			extractValue: true,
		});
		values[spec.name] = spec.read(ctx, raw, itemIndex) as string | number;
	}
	return values;
}
