/**
 * Reading parameters in an operation's execute: each value is checked where it is read, and bad input
 * is refused before any request, naming the field (nodes/shared/validation). A resource locator gives
 * its value, whichever mode the user chose.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { toIsoDate } from '../../shared/dates';
import {
	fieldError,
	isBlank,
	toBoolean,
	toJsonObject,
	toNumber,
	toText,
} from '../../shared/validation';
import { allRecords } from './tool';

/** The check a value passes before it is sent, and the value as sent. */
export type Check = (
	ctx: IExecuteFunctions,
	value: unknown,
	field: string,
	itemIndex: number,
) => IDataObject[string];

type Args = [ctx: IExecuteFunctions, value: unknown, field: string, itemIndex: number];

export const text = (...[ctx, value, field, i]: Args): string => toText(ctx, value, field, i);
export const number = (...[ctx, value, field, i]: Args): number => toNumber(ctx, value, field, i);
/** A whole number, zero and below included (ids with a meaning for 0, such as "own stock"). */
export const wholeNumber = (...[ctx, value, field, i]: Args): number =>
	toNumber(ctx, value, field, i, { integer: true });
/** A quantity the service needs above zero (units received, issued, moved); decimals allowed. */
export const positive = (...[ctx, value, field, i]: Args): number =>
	toNumber(ctx, value, field, i, { positive: true });
/** A record number: a whole number greater than zero. */
export const recordNumber = (...[ctx, value, field, i]: Args): number =>
	toNumber(ctx, value, field, i, { integer: true, positive: true });
export const boolean = (...[ctx, value, field, i]: Args): boolean =>
	toBoolean(ctx, value, field, i);
export const date = (...[ctx, value, field, i]: Args): string => toIsoDate(ctx, value, field, i);
export const json = (...[ctx, value, field, i]: Args): IDataObject =>
	toJsonObject(ctx, value, field, i) as IDataObject;

const isLocator = (value: unknown): boolean =>
	typeof value === 'object' && value !== null && 'mode' in value;

/** A top-level parameter, checked. */
export function read<T extends IDataObject[string]>(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	check: (ctx: IExecuteFunctions, value: unknown, field: string, itemIndex: number) => T,
): T {
	const value: unknown = ctx.getNodeParameter(name, itemIndex, undefined, { extractValue: true });
	return check(ctx, value, name, itemIndex);
}

/**
 * The fields given in one collection (Additional Fields, Update Fields, Options), each checked by its
 * entry in `checks`; blank ones are not sent (an empty secret must never replace one).
 */
export function readCollection(
	ctx: IExecuteFunctions,
	itemIndex: number,
	collection: string,
	checks: Record<string, Check>,
): IDataObject {
	const values = ctx.getNodeParameter(collection, itemIndex, {}) as IDataObject;
	const result: IDataObject = {};
	for (const [name, check] of Object.entries(checks)) {
		let value: unknown = values[name];
		// A locator inside the collection is read the way n8n reads a top-level one: by its path.
		if (isLocator(value))
			value = ctx.getNodeParameter(`${collection}.${name}`, itemIndex, undefined, {
				extractValue: true,
			});
		if (!isBlank(value)) result[name] = check(ctx, value, name, itemIndex);
	}
	return result;
}

/** An update's Update Fields; with no Extra Body Fields either, at least one is needed. */
export function readChanges(
	ctx: IExecuteFunctions,
	itemIndex: number,
	checks: Record<string, Check>,
	extra: IDataObject,
): IDataObject {
	const changes = readCollection(ctx, itemIndex, 'updateFields', checks);
	if (Object.keys(changes).length === 0 && Object.keys(extra).length === 0)
		throw fieldError(
			ctx,
			'updateFields',
			'needs at least one field to change',
			itemIndex,
			'Add a field under Update Fields',
		);
	return changes;
}

/**
 * Order lines (a fixed collection `name` of `line` values). n8n fills every value of a line with its
 * default, so an optional 0 or empty value means "not given" and is not sent; required ones are checked.
 */
export function readLines(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	checks: Record<string, Check>,
	required: readonly string[],
): IDataObject[] {
	const group = ctx.getNodeParameter(name, itemIndex, {}) as IDataObject;
	const lines = (group.line ?? []) as IDataObject[];
	if (!Array.isArray(lines) || lines.length === 0)
		throw fieldError(ctx, name, 'needs at least one line', itemIndex, 'Add a line');
	return lines.map((line, n) => {
		const result: IDataObject = {};
		for (const [field, check] of Object.entries(checks)) {
			let value: unknown = line[field];
			if (isLocator(value))
				value = ctx.getNodeParameter(`${name}.line[${n}].${field}`, itemIndex, undefined, {
					extractValue: true,
				});
			const given = value !== 0 && value !== '' && !isBlank(value);
			if (required.includes(field) || given) result[field] = check(ctx, value, field, itemIndex);
		}
		return result;
	});
}

/** Return All (as an AI tool, capped: helpers/tool.ts), or Limit: a whole number from 1. */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) === true)
		return allRecords(ctx, itemIndex);
	return toNumber(ctx, ctx.getNodeParameter('limit', itemIndex, 50), 'limit', itemIndex, {
		integer: true,
		positive: true,
	});
}

/** The Filters collection as entered, a locator (a warehouse, a category) by its value. */
export function readFilters(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const filters: IDataObject = { ...ctx.getNodeParameter('filters', itemIndex, {}) };
	for (const [name, value] of Object.entries(filters))
		if (isLocator(value))
			filters[name] = ctx.getNodeParameter(`filters.${name}`, itemIndex, '', {
				extractValue: true,
			});
	return filters;
}
