import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { EndpointId } from '../../endpoints';

/** What an operation returns for one input item: one record or several (one n8n item each). */
export type OperationResult = IDataObject | IDataObject[];

/** One entry of a resource's operation dropdown, with its fields and the code that runs it. */
export interface OperationDefinition {
	/** The dropdown entry; `value` is filled in from the key in the resource's operations map. */
	option: Omit<INodePropertyOptions, 'value'>;
	/** Fields of this operation; resource/operation displayOptions are added by `resourceDescription`. */
	properties: INodeProperties[];
	/** Endpoint table rows this operation can call, for the README's operations table. */
	endpoints: EndpointId[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationResult>;
}

export type OperationMap = Record<string, OperationDefinition>;
