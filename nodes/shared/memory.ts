/**
 * Process memory per workflow and node: what a node keeps in this n8n process between n8n's calls. Each
 * process keeps its own (queue mode, multi-main); what processes share goes through static data.
 */
import type { IDataObject } from 'n8n-workflow';

/** What every n8n function context offers (hooks, webhook, trigger, poll, execute). */
export interface NodeContext {
	getWorkflow(): { id?: string };
	getNode(): { id: string; name: string };
	getWorkflowStaticData(type: string): IDataObject;
}

type NodeOf = Pick<NodeContext, 'getWorkflow' | 'getNode'>;

export const nodeKey = (context: NodeOf): string =>
	`${context.getWorkflow().id ?? ''}\u0000${context.getNode().id}`;

/** This workflow and node's entry in `memory`, made on first use. */
export function memoryOf<T>(memory: Map<string, T>, context: NodeOf, make: () => NoInfer<T>): T {
	const key = nodeKey(context);
	let entry = memory.get(key);
	if (entry === undefined) memory.set(key, (entry = make()));
	return entry;
}
