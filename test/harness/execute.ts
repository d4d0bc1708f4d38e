/**
 * One workflow execution through n8n-core's WorkflowExecute with the additionalData n8n hands it. Shared
 * by the harness and the benchmark (scripts/bench/n8n.ts), so it loads n8n only, not the sandbox.
 */
import type {
	IConnections,
	IDataObject,
	ICredentialsHelper,
	INode,
	INodeTypes,
	IRun,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { core, workflowLib } from './n8n';

const { Workflow } = workflowLib;

export type WorkflowData = Pick<IWorkflowBase, 'id' | 'name' | 'nodes'> & Partial<IWorkflowBase>;

let executionCounter = 0;

/** What n8n passes every execution: the credentials helper, lifecycle hooks and its URLs. */
export function additionalData(
	credentialsHelper: ICredentialsHelper,
	mode: WorkflowExecuteMode,
	workflowData: WorkflowData,
	executionId = `harness-${++executionCounter}`,
): IWorkflowExecuteAdditionalData {
	const base: IWorkflowBase = {
		active: false,
		connections: {},
		settings: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		isArchived: false,
		activeVersionId: null,
		...workflowData,
	};
	return {
		credentialsHelper,
		hooks: new core.ExecutionLifecycleHooks(mode, executionId, base),
		executionId,
		executeWorkflow: async () => {
			throw new Error('Sub-workflows are not available in the harness');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: 'https://127.0.0.1/rest',
		instanceBaseUrl: 'https://127.0.0.1/',
		formBaseUrl: 'https://127.0.0.1/form',
		formWaitingBaseUrl: 'https://127.0.0.1/form-waiting',
		formTestBaseUrl: 'https://127.0.0.1/form-test',
		webhookBaseUrl: 'https://127.0.0.1/webhook',
		webhookWaitingBaseUrl: 'https://127.0.0.1/webhook-waiting',
		webhookTestBaseUrl: 'https://127.0.0.1/webhook-test',
		mcpBaseUrl: 'https://127.0.0.1/mcp',
		mcpTestBaseUrl: 'https://127.0.0.1/mcp-test',
		variables: {},
		logAiEvent: () => {},
	} as unknown as IWorkflowExecuteAdditionalData;
}

/** n8n's connections from pairs of node names: main output 0 → main input 0. */
export function connect(pairs: Array<[from: string, to: string]>): IConnections {
	return pairs.reduce<IConnections>((all, [from, to]) => {
		const list = (all[from] ??= { main: [[]] }).main[0] as Array<{
			node: string;
			type: 'main';
			index: number;
		}>;
		list.push({ node: to, type: 'main', index: 0 });
		return all;
	}, {});
}

/** The JSON of a node's first output in a finished run. */
export function outputOf(run: IRun, nodeName: string): IDataObject[] | undefined {
	return run.data.resultData.runData[nodeName]?.[0]?.data?.main?.[0]?.map((item) => item.json);
}

/** Runs the workflow in 'manual' mode, as the editor's "Execute workflow" does. */
export async function executeWorkflow(
	nodeTypes: INodeTypes,
	credentialsHelper: ICredentialsHelper,
	nodes: INode[],
	connections: IConnections,
): Promise<IRun> {
	const id = `wf-${++executionCounter}`;
	const workflow = new Workflow({
		id,
		name: 'Harness run',
		nodes,
		connections,
		active: false,
		nodeTypes,
		settings: {},
	});
	const data = additionalData(credentialsHelper, 'manual', {
		id,
		name: 'Harness run',
		nodes,
		connections,
	});
	return await new core.WorkflowExecute(data, 'manual').run({ workflow });
}
