/**
 * What the poll and webhook trigger harnesses share: the trigger as the workflow's only node, and the
 * workflow n8n builds around it with the node types reduced to that one.
 */
import type {
	IDataObject,
	INode,
	INodeCredentials,
	INodeParameters,
	INodeType,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import type { WorkflowData } from './execute';
import { core, workflowLib } from './n8n';

const { NodeHelpers, Workflow } = workflowLib;

export type WorkflowInstance = InstanceType<typeof Workflow>;

export interface TriggerNodeOptions {
	/** The node class as n8n loads it (from dist/). */
	nodeType: INodeType;
	/** Full node type name, e.g. n8n-nodes-inventory-pro.inventoryProTrigger. */
	typeName: string;
	parameters: INodeParameters;
	credentials: INodeCredentials;
}

export function triggerNode(
	options: TriggerNodeOptions,
	id: string,
	name: string,
	extra: Partial<INode> = {},
): INode {
	return {
		id,
		name,
		type: options.typeName,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters,
		credentials: options.credentials,
		...extra,
	};
}

/** An active workflow of the one node, holding `staticData` as n8n's workflow object does. */
export function singleNodeWorkflow(
	data: WorkflowData,
	nodeType: INodeType,
	staticData: IDataObject,
): WorkflowInstance {
	const nodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: (_name: string, version?: number) =>
			NodeHelpers.getVersionedNodeType(nodeType, version),
		getKnownTypes: () => ({}),
	};
	const { id, name, nodes } = data;
	return new Workflow({
		id,
		name,
		nodes,
		connections: {},
		active: true,
		nodeTypes: nodeTypes,
		staticData,
		settings: {},
	});
}

/** additionalData with lifecycle hooks, which an execution needs and a caller's factory may leave out. */
export function withHooks(
	data: IWorkflowExecuteAdditionalData,
	mode: WorkflowExecuteMode,
	workflowData: WorkflowData,
	executionId: string,
): IWorkflowExecuteAdditionalData {
	data.hooks ??= new core.ExecutionLifecycleHooks(mode, executionId, workflowData as never);
	return data;
}
