import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
} from 'n8n-workflow';

import { RECORDS } from '../../../shared/records';
import { fieldError, isBlank } from '../../../shared/validation';

/** Kinds whose reads offer Simplified output; what it keeps is the registry's `simple` list (records.ts). */
export const SIMPLIFIED = [
	'item',
	'lot',
	'customer',
	'vendor',
	'purchaseOrder',
	'shippingOrder',
	'workOrder',
	'asset',
	'location',
] as const;
export type Simplified = (typeof SIMPLIFIED)[number];

export const simpleFields = (kind: Simplified): readonly string[] => RECORDS[kind].simple;

type Output = 'simple' | 'raw' | 'fields';

const fromVersion2: IDisplayOptions['show'] = { '@version': [{ _cnd: { gte: 2 } }] };

/**
 * Output (Simplified / Raw / Selected Fields). Version 1 workflows were saved without it and got every
 * field, so there it defaults to Raw; from version 2 on new nodes start Simplified.
 */
export function outputProperties(resource: Simplified): INodeProperties[] {
	const output = (fallback: Output, version: IDisplayOptions['show']): INodeProperties => ({
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'Simplified',
				value: 'simple',
				description: `Only ${simpleFields(resource).join(', ')}`,
			},
			{
				name: 'Raw',
				value: 'raw',
				description: 'Every field the service returns, order lines included',
			},
			{ name: 'Selected Fields', value: 'fields', description: 'Only the fields named below' },
		],
		default: fallback,
		description: 'How much of each record to return',
		displayOptions: { show: version },
	});
	return [
		output('raw', { '@version': [1] }),
		output('simple', fromVersion2),
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'string',
			default: '',
			required: true,
			placeholder: `e.g. ${simpleFields(resource).slice(0, 3).join(', ')}`,
			description: 'Comma-separated names of the top-level fields to return',
			displayOptions: { show: { output: ['fields'] } },
		},
	];
}

/** Reads the Output choice before anything is sent; returns the function that shapes the records. */
export function readOutput(
	ctx: IExecuteFunctions,
	resource: Simplified,
	itemIndex: number,
): (records: IDataObject[]) => IDataObject[] {
	const output = ctx.getNodeParameter('output', itemIndex, 'raw') as Output;
	if (output === 'raw') return (records) => records;
	if (output === 'simple')
		return (records) => records.map((record) => pick(record, simpleFields(resource)));
	const text = ctx.getNodeParameter('fields', itemIndex, '') as string;
	const names = isBlank(text)
		? []
		: String(text)
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
	return (records) => records.map((record) => pick(record, names));
}

/** The named fields in the given order; a field the record lacks is left out, not invented. */
function pick(record: IDataObject, names: readonly string[]): IDataObject {
	const result: IDataObject = {};
	for (const name of names) if (name in record) result[name] = record[name];
	return result;
}
