import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { endpoint, type EndpointId } from '../../endpoints';
import { label } from './labels';
import { pickerFor, pickerLocator } from './pickers';
import { toNumber, toText } from './validate';

/** Path placeholders that are not record numbers. */
const TEXT_IDS: Record<string, string> = {
	shortID: "The item's ID (shortID)",
};

export function placeholders(id: EndpointId): string[] {
	return [...endpoint(id).path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
}

/** One parameter per path placeholder: a picker where the service can list the records, else an ID field. */
export function pathProperties(id: EndpointId, skip: readonly string[] = []): INodeProperties[] {
	return placeholders(id)
		.filter((name) => !skip.includes(name))
		.map((name): INodeProperties => {
			const picker = pickerFor(name);
			if (picker) return pickerLocator(name, picker);
			return {
				displayName: label(name),
				name,
				type: 'string',
				required: true,
				default: '',
				placeholder: TEXT_IDS[name] ? 'e.g. WIDGET-01' : 'e.g. 1001',
				description: TEXT_IDS[name] ?? `The ${label(name)}`,
			};
		});
}

/** Reads and checks the path values: record numbers must be positive whole numbers, IDs non-empty. */
export function readPath(
	ctx: IExecuteFunctions,
	id: EndpointId,
	itemIndex: number,
	skip: readonly string[] = [],
): Record<string, string | number> {
	const values: Record<string, string | number> = {};
	for (const name of placeholders(id).filter((n) => !skip.includes(n))) {
		const raw = ctx.getNodeParameter(name, itemIndex, undefined, { extractValue: true });
		values[name] = TEXT_IDS[name]
			? toText(ctx, raw, name, itemIndex)
			: toNumber(ctx, raw, name, itemIndex, { integer: true, positive: true });
	}
	return values;
}
