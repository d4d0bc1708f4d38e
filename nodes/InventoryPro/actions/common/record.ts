import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { endpoint, type EndpointId } from '../../endpoints';
import { apiRequest } from '../../transport';
import { fieldProperties, rawFields, readFields, readObject, type FieldOverrides } from './fields';
import { toRecords } from './output';
import { pathProperties, readPath } from './paths';
import type { OperationDefinition } from './types';
import { fieldError } from './validate';

export interface RecordConfig {
	id: EndpointId;
	name: string;
	action: string;
	/** Optional body fields go to "Update Fields" (at least one needed) instead of "Additional Fields". */
	update?: boolean;
	overrides?: FieldOverrides;
	/** Turns UI-shaped body values (e.g. a multi-select) into the table's types before they are checked. */
	prepare?: (this: IExecuteFunctions, values: IDataObject, itemIndex: number) => void;
}

/**
 * Any single-record call of the endpoint table: get, create, update and id-only actions (discontinue,
 * delete, disable, hold, release, finalize, test). Path placeholders become ID fields or pickers, query
 * and body fields come from the row's FieldSpecs.
 */
export function recordOperation(config: RecordConfig): OperationDefinition {
	const { id } = config;
	const row = endpoint(id);
	const collection = config.update ? 'updateFields' : 'additionalFields';
	const query = row.query ?? [];
	const body = row.body ?? [];

	return {
		option: { name: config.name, action: config.action, description: row.summary },
		properties: [
			...pathProperties(id),
			...fieldProperties(query, 'options', config.overrides),
			...fieldProperties(body, collection, config.overrides),
		],
		endpoints: [id],
		async execute(itemIndex) {
			const path = readPath(this, id, itemIndex);
			const options: { path: typeof path; itemIndex: number; query?: IDataObject; body?: IDataObject } = {
				path,
				itemIndex,
			};
			if (query.length) options.query = readFields(this, query, 'options', itemIndex);
			if (body.length) {
				const values = rawFields(this, body, collection, itemIndex);
				config.prepare?.call(this, values, itemIndex);
				options.body = readObject(this, body, values, itemIndex);
				const optionalSent = body.some((field) => !field.required && field.name in options.body!);
				if (config.update && !optionalSent) {
					throw fieldError(this, collection, 'needs at least one field to change', itemIndex);
				}
			}
			const response: unknown = await apiRequest.call(this, id, options);
			if (response === undefined || response === null || response === '') return { success: true, ...path };
			return toRecords(response);
		},
	};
}
