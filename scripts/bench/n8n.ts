/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// Runs workflows in-process through the test harness's n8n-core set-up (test/harness), loading our node
// and credential as compiled in .build/ next to this script; n8n's HTTP Request node and its generic
// OAuth2 credential come from n8n-nodes-base. What is the benchmark's own: credentials saved under ids
// it picks, and a run result of raw items with the error as text.
import { join } from 'path';

import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	NodeExecutionHint,
} from 'n8n-workflow';

import { CredentialStore, HarnessCredentialsHelper } from '../../test/harness/credentials';
import { FixedItems } from '../../test/harness/fixtures/FixedItems.node';
import { connect, executeWorkflow } from '../../test/harness/execute';
import { prepareN8n } from '../../test/harness/n8n';
import { CredentialTypeRegistry, NodeTypeRegistry } from '../../test/harness/nodeTypes';

/** The compiled tree (.build/) that holds our node and credential. */
const BUILD = join(__dirname, '..', '..');

export interface RunResult {
	/** Output items of the measured node (empty when it failed). */
	items: INodeExecutionData[];
	/** The node's error message when the run failed. */
	error?: string;
	/** The node's execution hints. */
	hints?: NodeExecutionHint[];
}

/** One n8n instance: node and credential types loaded once, credentials kept between runs. */
export class N8nRunner {
	private readonly types = new NodeTypeRegistry({ 'test.fixedItems': new FixedItems() }, BUILD);
	private readonly store = new CredentialStore();
	private readonly credentials = new HarnessCredentialsHelper(
		new CredentialTypeRegistry(BUILD),
		this.store,
	);

	constructor() {
		prepareN8n();
	}

	/**
	 * Saves a credential like the credentials page would. Saving the same settings again keeps the stored
	 * one and its token, as re-using a credential in n8n does. Returns the reference for node.credentials.
	 */
	saveCredential(id: string, type: string, data: IDataObject): { id: string; name: string } {
		const stored = this.store.find(id);
		const same =
			stored?.type === type &&
			Object.entries(data).every(
				([key, value]) => key === 'accessToken' || stored.data[key] === value,
			);
		if (!same) this.store.set(id, type, data as ICredentialDataDecryptedObject);
		return { id, name: id };
	}

	/**
	 * Manual Trigger → `node`; returns the node's output or its error. With `inputItems`, a node between
	 * them emits those items, so `node` gets them all in one execution (a sheet's rows, say).
	 */
	async run(node: Omit<INode, 'id' | 'position'>, inputItems?: IDataObject[]): Promise<RunResult> {
		const nodes: INode[] = [
			{
				id: 'trigger',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
		];
		if (inputItems)
			nodes.push({
				id: 'input',
				name: 'Input',
				type: 'test.fixedItems',
				typeVersion: 1,
				position: [100, 0],
				parameters: { items: JSON.stringify(inputItems) },
			});
		nodes.push({ ...node, id: 'measured', position: [200, 0] });
		const run = await executeWorkflow(
			this.types,
			this.credentials,
			nodes,
			connect(
				inputItems
					? [
							['Start', 'Input'],
							['Input', node.name],
						]
					: [['Start', node.name]],
			),
		);
		const error = run.data.resultData.error;
		const taskData = run.data.resultData.runData[node.name]?.at(-1);
		return {
			items: taskData?.data?.main?.[0] ?? [],
			error: error ? error.message : taskData?.error?.message,
			hints: taskData?.hints,
		};
	}
}
