import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { fieldError, isBlank, textOf, toJsonObject } from '../../shared/validation';

/**
 * Extra Body Fields (common.descriptions.ts) of one item, checked: the JSON must be an object, every pair
 * needs a name. Pairs come after the JSON; the caller merges the result into the body last.
 */
export function readExtraBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const extra = ctx.getNodeParameter('extraBody', itemIndex, {}) as IDataObject;
	const result: IDataObject = {};
	if (!isBlank(extra.json)) {
		const json = toJsonObject(ctx, extra.json, 'extraBody.json', itemIndex);
		if (Array.isArray(json))
			throw fieldError(
				ctx,
				'extraBody.json',
				'must be a JSON object, not an array',
				itemIndex,
				'Enter {"field": value}',
			);
		Object.assign(result, json);
	}
	const pairs = ((extra.fields as IDataObject | undefined)?.field ?? []) as IDataObject[];
	for (const pair of pairs) {
		const name = textOf(pair.name ?? '').trim();
		if (name === '')
			throw fieldError(
				ctx,
				'extraBody.fields',
				'needs a name for every field',
				itemIndex,
				'Enter the body field name',
			);
		result[name] = pair.value;
	}
	return result;
}
