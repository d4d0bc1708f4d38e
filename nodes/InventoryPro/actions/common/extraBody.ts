import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fieldError, isBlank, textOf, toJsonObject } from '../../../shared/validation';

/**
 * Extra Body Fields: what a deployment wants that the node does not know, as a JSON object and/or
 * name/value pairs. Merged into the body last (pairs after the JSON), sent as given, so a server that
 * needs one more field needs no new release of the node.
 */
export const extraBodyProperty: INodeProperties = {
	displayName: 'Extra Body Fields',
	name: 'extraBody',
	type: 'collection',
	placeholder: 'Add Extra Fields',
	default: {},
	description:
		'Fields added to the request body last, sent as given (they override fields of the same name)',
	options: [
		{
			displayName: 'JSON',
			name: 'json',
			type: 'json',
			default: '{}',
			description: 'A JSON object whose fields are added to the body',
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					displayName: 'Field',
					name: 'field',
					values: [
						{
							displayName: 'Name',
							name: 'name',
							type: 'string',
							default: '',
							description: 'Body field name, as the service spells it',
						},
						{
							displayName: 'Value',
							name: 'value',
							type: 'string',
							default: '',
							description: 'Sent as given (an expression may give a number)',
						},
					],
				},
			],
		},
	],
};

/** The extra fields of one item, checked: the JSON must be an object, every pair needs a name. */
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

/** The body with the extra fields merged last. */
export function withExtraBody(
	ctx: IExecuteFunctions,
	body: IDataObject,
	itemIndex: number,
): IDataObject {
	return { ...body, ...readExtraBody(ctx, itemIndex) };
}
