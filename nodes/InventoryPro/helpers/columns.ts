/**
 * The columns of Create or Update (n8n's resourceMapper, parameter `columns`): the fields of the record
 * kind as the registry states them (nodes/shared/records.ts), without those the service sets, its key
 * first as the column to match on; and one row's mapping read and checked, "Map Each Field Below" or
 * "Map Automatically" (the input item's fields by name). A column left empty, or mapped to an empty
 * value, is not part of the row: it is neither compared nor sent.
 */
import type { IDataObject, IExecuteFunctions, ResourceMapperField } from 'n8n-workflow';

import { RECORDS, type FieldType } from '../../shared/records';
import { fieldError, isBlank } from '../../shared/validation';
import { label } from '../../shared/validation/labels';
import { boolean, number, text, wholeNumber, type Check } from './read';

export type UpsertKind = 'item' | 'customer' | 'vendor';

/** Fields Create or Update does not write: the service sets them, or another operation does (Discontinue). */
const NOT_WRITTEN: Record<UpsertKind, readonly string[]> = {
	item: ['partNo', 'created', 'modified', 'discontinued'],
	customer: ['created', 'modified'],
	vendor: ['created', 'modified'],
};

/** Column names that say more than the field's label (validation/labels.ts), per kind. */
const NAMES: Record<UpsertKind, Record<string, string>> = {
	item: {
		shortID: 'Short ID (SKU)',
		category: 'Category ID',
		subCategory: 'Sub-Category ID',
		units: 'Units per Package',
		dfltOwner: 'Default Owner (Customer ID)',
	},
	customer: {},
	vendor: {},
};

const CHECKS: Record<FieldType | 'string', Check> = {
	string: text,
	integer: wholeNumber,
	number,
	boolean,
	dateTime: text,
};

interface Column {
	id: string;
	type: FieldType | 'string';
}

/** The kind's writable fields in the registry's order, its key first. */
function columnsOf(kind: UpsertKind): Column[] {
	const spec = RECORDS[kind];
	const types: Readonly<Record<string, FieldType>> = spec.types;
	const writable = spec.fields.filter(
		(field) => field !== spec.key && !NOT_WRITTEN[kind].includes(field),
	);
	return [spec.key, ...writable].map((id) => ({ id, type: types[id] ?? 'string' }));
}

/**
 * The schema the editor shows: the key is required and the only column to match on. A yes/no field is a
 * dropdown, not n8n's switch: a switch cannot be empty, and n8n fills an untouched one with false, which
 * would be written (Active: false) though the user mapped nothing.
 */
export function upsertSchema(kind: UpsertKind): ResourceMapperField[] {
	const key = RECORDS[kind].key;
	return columnsOf(kind).map(({ id, type }) => ({
		id,
		displayName: NAMES[kind][id] ?? label(id),
		required: id === key,
		defaultMatch: id === key,
		canBeUsedToMatch: id === key,
		display: true,
		// As the editor stores a column after a run: otherwise it flags the node's parameters as changed.
		removed: false,
		...(type === 'boolean'
			? {
					type: 'options' as const,
					options: [
						{ name: 'True', value: true },
						{ name: 'False', value: false },
					],
				}
			: { type: type === 'integer' ? ('number' as const) : type }),
	}));
}

/**
 * One row's mapping, each value checked as its column's type: the key, and the other fields it gives.
 * "Map Automatically" takes the input item's fields whose names are columns; others are not sent (use
 * Extra Body Fields for a field the node does not list). A row without its key is refused.
 */
export function readColumns(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: UpsertKind,
): { key: string; fields: IDataObject } {
	const mode = ctx.getNodeParameter('columns.mappingMode', itemIndex, 'defineBelow');
	const given =
		mode === 'autoMapInputData'
			? ctx.getInputData()[itemIndex].json
			: // The values are checked below, by the registry's types, in the node's error style.
				((ctx.getNodeParameter('columns.value', itemIndex, {}, { skipValidation: true }) ??
					{}) as IDataObject);
	const fields: IDataObject = {};
	for (const { id, type } of columnsOf(kind)) {
		const value = given[id];
		if (!isBlank(value)) fields[id] = CHECKS[type](ctx, value, id, itemIndex);
	}
	const keyField = RECORDS[kind].key;
	const key = fields[keyField];
	delete fields[keyField];
	if (key === undefined)
		throw fieldError(
			ctx,
			keyField,
			`is required for item ${itemIndex}`,
			itemIndex,
			mode === 'autoMapInputData'
				? `Map Automatically reads it from the input field "${keyField}": give every input item one`
				: `Map the ${RECORDS[kind].noun}'s short ID: it names the record to create or update`,
		);
	return { key: key as string, fields };
}
