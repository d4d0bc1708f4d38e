import type {
	IDataObject,
	IExecuteFunctions,
	IDisplayOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { ENDPOINTS, type EndpointId, type Resource } from '../../../shared/endpoints';
import type { GetManyConfig } from './getMany';

/** What an operation returns for one input item: one record or several (one n8n item each). */
export type OperationResult = IDataObject | IDataObject[];

/** An operation's name in the Operation dropdown and its action text (what an agent's tool says it does). */
export interface OperationLabel {
	name: string;
	action: string;
}

/** The operation's dropdown entry and the endpoint rows it can call (for the README's operations table). */
export interface OperationOption extends OperationLabel {
	endpoints: readonly EndpointId[];
	/** Defaults to the summary of the first endpoint row. */
	description?: string;
	/** A Get Many's lists: which one its filters read, for Sort By's suggestions. */
	getMany?: GetManyConfig;
}

/**
 * What an operation file exports: its entry in the operation dropdown, its parameters (shown only for
 * it), the endpoint rows it can call (for the README's operations table) and the code that runs it
 * for one input item. The router runs it once per item and pairs the output.
 */
export interface OperationModule {
	option: OperationOption;
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationResult>;
}

export type ResourceKey = Resource | 'customApi';

/** Shows a parameter for one operation of one resource. */
export function show(resource: ResourceKey, operation: string): IDisplayOptions {
	return { show: { resource: [resource], operation: [operation] } };
}

/** The operation dropdown of a resource followed by every operation's parameters. */
export function resourceDescription(
	resource: ResourceKey,
	operations: Record<string, OperationModule>,
	defaultOperation: string,
): INodeProperties[] {
	const entries = Object.entries(operations);
	return [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource] } },
			options: entries
				.map(([value, module]) => dropdownEntry(value, module.option))
				.sort((a, b) => a.name.localeCompare(b.name)),
			default: defaultOperation,
		},
		...entries.flatMap(([, module]) => module.description),
	];
}

function dropdownEntry(value: string, option: OperationOption): INodePropertyOptions {
	const [first] = option.endpoints;
	const description = option.description ?? (first ? ENDPOINTS[first].summary : '');
	return { name: option.name, value, action: option.action, description };
}
