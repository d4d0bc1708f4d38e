import { updateDisplayOptions, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import type { EndpointId, PathParam } from '../../../shared/endpoints';
import { apiRequest } from '../../../shared/transport';
import {
	fieldProperties,
	readChanges,
	readFields,
	readPath,
	type Field,
	type PathField,
} from './fields';
import {
	show,
	type OperationLabel,
	type OperationModule,
	type OperationResult,
	type ResourceKey,
} from './operation';
import { readExtraBody, extraBodyProperty } from './extraBody';
import { recordResult } from './output';
import { outputProperties, readOutput, type Simplified } from './simplify';

/** One call of one endpoint row with its path, query and body fields, as the operation file states them. */
export interface RecordSpec<Id extends EndpointId> {
	endpoint: Id;
	/** Only the row's own placeholders compile here. */
	path?: ReadonlyArray<PathField<PathParam<Id>>>;
	query?: readonly Field[];
	body?: readonly Field[];
	/** Optional body fields go under Update Fields, and at least one is needed. */
	update?: boolean;
	/** A read of a wide record: offers Output (Simplified / Raw / Selected Fields). */
	simplify?: Simplified;
	/** A delete: answers n8n's `{ deleted: true }` with the path values, whatever the service sends back. */
	deletes?: boolean;
}

/**
 * The shape many operations share (get, create, update, delete, disable, hold, …): path fields on
 * top, then query fields, then required body fields, optional ones in a collection; one request; the
 * answer as items, or a success flag with the path values when the service answers with nothing;
 * a delete answers `{ deleted: true, <id>: … }`, as n8n's own nodes do.
 */
export function recordOperation<Id extends EndpointId>(
	resource: ResourceKey,
	operation: string,
	spec: RecordSpec<Id> & OperationLabel,
): OperationModule {
	const { path = [], query = [], body } = spec;
	const collection = spec.update ? 'updateFields' : 'additionalFields';
	const description = updateDisplayOptions(show(resource, operation), [
		...fieldProperties([...path, ...query], 'options'),
		...(body ? [...fieldProperties(body, collection), extraBodyProperty] : []),
		...(spec.simplify ? outputProperties(spec.simplify) : []),
	]);

	async function execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationResult> {
		const request: {
			path: Record<string, string | number>;
			itemIndex: number;
			query?: IDataObject;
			body?: IDataObject;
		} = {
			path: readPath(this, path, itemIndex),
			itemIndex,
		};
		const shape = spec.simplify ? readOutput(this, spec.simplify, itemIndex) : undefined;
		if (query.length) request.query = readFields(this, query, 'options', itemIndex);
		if (body) {
			// Extra body fields count as a change: an update may send only them.
			const extra = readExtraBody(this, itemIndex);
			const known =
				spec.update && Object.keys(extra).length === 0
					? readChanges(this, body, itemIndex)
					: readFields(this, body, collection, itemIndex);
			request.body = { ...known, ...extra };
		}
		const response: unknown = await apiRequest.call(this, spec.endpoint, request);
		if (spec.deletes) return { deleted: true, ...request.path };
		const records = recordResult(response, { ...request.path, ...request.query });
		return shape ? shape(records) : records;
	}

	return {
		option: { name: spec.name, action: spec.action, endpoints: [spec.endpoint] },
		description,
		execute,
	};
}
