import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { fieldError, isBlank, textOf } from '../../shared/validation';
import { runsAsTool } from './tool';

/**
 * Reads Output (Simplified / Raw / Selected Fields) before anything is sent and returns what shapes the
 * records. Simplified keeps `simple` (the record kind's fields in nodes/shared/records.ts; its first is
 * the record's key). Selected Fields keeps the named fields; run as an AI tool it keeps the key too, first,
 * so the agent can name the record in its next call.
 */
export function readOutput(
	ctx: IExecuteFunctions,
	itemIndex: number,
	simple: readonly string[],
): (records: IDataObject[]) => IDataObject[] {
	const output = ctx.getNodeParameter('output', itemIndex, 'simple') as string;
	if (output === 'raw') return (records) => records;
	if (output === 'simple') return (records) => records.map((record) => pick(record, simple));
	const text = ctx.getNodeParameter('fields', itemIndex, '');
	const names = isBlank(text)
		? []
		: textOf(text)
				.split(',')
				.map((name) => name.trim())
				.filter((name) => name !== '');
	if (names.length === 0)
		throw fieldError(
			ctx,
			'fields',
			'needs at least one field name',
			itemIndex,
			'Name fields such as shortID, units',
		);
	const key = simple[0];
	const kept = runsAsTool(ctx) && !names.includes(key) ? [key, ...names] : names;
	return (records) => records.map((record) => pick(record, kept));
}

/** The named fields in the given order; a field the record lacks is left out, not invented. */
function pick(record: IDataObject, names: readonly string[]): IDataObject {
	const result: IDataObject = {};
	for (const name of names) if (name in record) result[name] = record[name];
	return result;
}
