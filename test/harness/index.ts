/**
 * Runs real workflows in-process through n8n-core against the sandbox over loopback HTTPS:
 *
 *   const h = await startHarness({ sandbox: { rateLimitPerMinute: 1000 } });
 *   const { items, error } = await h.run({ type: 'inventoryPro', parameters: {...} });
 *   h.tokenRequests();            // POST /Token the sandbox answered
 *   h.credentials.preAuthentications(h.credentialId);
 *   await h.stop();
 *
 * Nodes come from dist/ (built on demand), n8n's own from n8n-nodes-base, test fixtures from
 * test/harness/fixtures. Each run is a Manual Trigger → node workflow executed by WorkflowExecute with
 * n8n's lifecycle hooks; credentials live in a store that outlives runs, so a token minted in one
 * run is reused by the next, as in n8n. `additionalData()` is exported for the trigger harnesses.
 */
import type {
	ICredentialDataDecryptedObject,
	IConnections,
	IDataObject,
	INode,
	INodeCredentials,
	INodeParameters,
	INodeType,
	IRun,
	IRunData,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { ManualClock, startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import type { Timing } from '../../nodes/shared/transport/settings';
import { DIST, loadCompiled } from './build';
import { CredentialStore, HarnessCredentialsHelper } from './credentials';
import {
	additionalData as makeAdditionalData,
	connect,
	executeWorkflow,
	outputOf,
	type WorkflowData,
} from './execute';
import { core, prepareN8n, workflowLib } from './n8n';
import { CredentialTypeRegistry, NodeTypeRegistry } from './nodeTypes';

const { Workflow } = workflowLib;

export const CREDENTIAL_TYPE = 'inventoryProApi';

/** The credential's fields as stored (see credentials/InventoryProApi.credentials.ts). */
export interface InventoryProCredential extends ICredentialDataDecryptedObject {
	baseUrl: string;
	clientId: string;
	clientSecret: string;
	clientAuthentication: 'form' | 'basic';
	ignoreSslIssues: boolean;
	requestsPerMinute: number;
	// Optional fields go through the index signature (an optional property cannot satisfy it):
	// requestTimeout, in seconds, fractions allowed so tests can time out in milliseconds; pagesInFlight
	// (credential default 4).
}

/**
 * Test defaults: the sandbox's certificate is self-signed. The pacing budget is effectively off unless a
 * test sets it (pacing has its own tests).
 */
export const TEST_CREDENTIAL_DEFAULTS = {
	clientAuthentication: 'form',
	ignoreSslIssues: true,
	requestsPerMinute: 1_000_000,
} as const;

/**
 * The transport's timing in tests (set through its test seam, nodes/shared/transport/settings.ts): 429
 * waits of 5–20 ms instead of 30–60 s. Pacing is off (a million per window), but a 429 lowers the
 * process-wide budget of the client all tests share (transport/pacer.ts): a one-second window keeps one
 * test's 429s from slowing the next for a minute.
 */
export const TEST_TIMING: Partial<Timing> = { windowMs: 1_000, baseMs: 5, capMs: 20 };

type TransportSettings = typeof import('../../nodes/shared/transport/settings');

/** The transport's test seam, in the compiled module the loaded nodes use. */
export function transportSeam(): TransportSettings['testSeam'] {
	return (loadCompiled(`${DIST}/nodes/shared/transport/settings.js`) as TransportSettings).testSeam;
}

export interface HarnessOptions {
	/** Options for the sandbox the harness starts; default: a ManualClock and a high rate limit. */
	sandbox?: SandboxOptions;
	/** Use this running sandbox instead (the harness does not close it). */
	useSandbox?: Sandbox;
	/** Overrides of the default credential's data. */
	credential?: Partial<InventoryProCredential>;
	/** Extra node types by full name. */
	nodeTypes?: Record<string, INodeType>;
}

/** A credential reference: an id in the store, or data to store as a new credential. */
export type CredentialRef = string | Partial<InventoryProCredential>;

export interface NodeSpec {
	name?: string;
	/** Short (`inventoryPro`, `transportProbe`, `manualTrigger`) or full type name. */
	type: string;
	typeVersion?: number;
	parameters?: INodeParameters;
	/** Default: the harness's default credential when the node type declares inventoryProApi. */
	credentials?: CredentialRef | null;
	continueOnFail?: boolean;
}

export interface RunSpec extends NodeSpec {
	/** Items fed into the node (default: the Manual Trigger's one empty item). */
	inputItems?: IDataObject[];
}

export interface WorkflowSpec {
	nodes: NodeSpec[];
	/** Pairs of node names, main output 0 → main input 0; or n8n's connections object. */
	connections: Array<[from: string, to: string]> | IConnections;
	/** Node whose output `items` returns; default the last node. */
	outputNode?: string;
}

export interface RunResult {
	/** JSON of the output node's first output. */
	items: IDataObject[];
	/** The execution's error (NodeApiError / NodeOperationError as n8n reports it). */
	error?: Error & { description?: string | null; httpCode?: string | null; context?: IDataObject };
	runData: IRunData;
	run: IRun;
	/** Output items of any node by name. */
	output(nodeName: string): IDataObject[];
}

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

export interface Harness {
	sandbox: Sandbox;
	credentials: CredentialStore;
	credentialsHelper: HarnessCredentialsHelper;
	nodeTypes: NodeTypeRegistry;
	/** Id of the default credential (demo client, form exchange). */
	credentialId: string;
	/** Default credential data with overrides, e.g. h.credential({ clientSecret: 'wrong' }). */
	credential(overrides?: Partial<InventoryProCredential>): InventoryProCredential;
	/** Stores a credential (as saving it in n8n) and returns its id. */
	addCredential(data: Partial<InventoryProCredential>): string;
	run(spec: RunSpec): Promise<RunResult>;
	runWorkflow(spec: WorkflowSpec): Promise<RunResult>;
	/** The editor's "Test" of a credential, as n8n's CredentialsTester does it. */
	testCredential(ref: CredentialRef): Promise<CredentialTestResult>;
	additionalData(
		mode: WorkflowExecuteMode,
		workflowData: WorkflowData,
		executionId?: string,
	): IWorkflowExecuteAdditionalData;
	/** POST /Token requests the sandbox received (any status). */
	tokenRequests(): number;
	/** Requests the sandbox received for an endpoint id (any status). */
	requests(endpointId: string): number;
	/** The transport's timing: TEST_TIMING with `changes`; no argument restores TEST_TIMING. */
	timing(changes?: Partial<Timing>): void;
	stop(): Promise<void>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
	prepareN8n();
	const sandbox =
		options.useSandbox ??
		(await startSandbox({
			clock: new ManualClock(),
			rateLimitPerMinute: 1_000_000,
			...options.sandbox,
		}));
	const nodeTypes = new NodeTypeRegistry(options.nodeTypes);
	const timing = (changes: Partial<Timing> = {}) =>
		transportSeam().useTiming({ ...TEST_TIMING, ...changes });
	timing();
	const credentialTypes = new CredentialTypeRegistry();
	const credentials = new CredentialStore();
	const credentialsHelper = new HarnessCredentialsHelper(credentialTypes, credentials);

	const credential = (overrides: Partial<InventoryProCredential> = {}): InventoryProCredential => ({
		baseUrl: sandbox.baseUrl,
		clientId: 'demo',
		clientSecret: 'inventory-pro-demo-secret',
		...TEST_CREDENTIAL_DEFAULTS,
		...options.credential,
		...overrides,
	});
	const addCredential = (data: Partial<InventoryProCredential>) =>
		credentials.add(CREDENTIAL_TYPE, {
			accessToken: '',
			...(data as ICredentialDataDecryptedObject),
		}).id;
	const credentialId = addCredential(credential());

	const additionalData: Harness['additionalData'] = (mode, workflowData, executionId) =>
		makeAdditionalData(credentialsHelper, mode, workflowData, executionId);

	const credentialsFor = (spec: NodeSpec, type: INodeType): INodeCredentials | undefined => {
		const declared = (type.description.credentials ?? []).map((c) => c.name);
		if (spec.credentials === null || declared.length === 0) return undefined;
		const ref = spec.credentials ?? credentialId;
		const id = typeof ref === 'string' ? ref : addCredential(credential(ref));
		const stored = credentials.get(id);
		return { [stored.type]: { id, name: stored.name } };
	};

	const runWorkflow = async (spec: WorkflowSpec): Promise<RunResult> => {
		const nodes: INode[] = spec.nodes.map((nodeSpec, index) => {
			const typeName = nodeTypes.resolve(nodeSpec.type);
			const type = nodeTypes.getByNameAndVersion(typeName, nodeSpec.typeVersion);
			const version = nodeSpec.typeVersion ?? [type.description.version].flat().pop() ?? 1;
			return {
				id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
				name: nodeSpec.name ?? type.description.defaults.name ?? nodeSpec.type,
				type: typeName,
				typeVersion: version,
				position: [index * 200, 0],
				parameters: nodeSpec.parameters ?? {},
				credentials: credentialsFor(nodeSpec, type),
				continueOnFail: nodeSpec.continueOnFail,
			};
		});
		const connections = Array.isArray(spec.connections)
			? connect(spec.connections)
			: spec.connections;
		const run = await executeWorkflow(nodeTypes, credentialsHelper, nodes, connections);
		const runData = run.data.resultData.runData;
		const output = (name: string) => outputOf(run, name) ?? [];
		const outputNode = spec.outputNode ?? nodes[nodes.length - 1].name;
		return {
			items: output(outputNode),
			error: run.data.resultData.error as RunResult['error'],
			runData,
			run,
			output,
		};
	};

	const run = async (spec: RunSpec): Promise<RunResult> => {
		const trigger: NodeSpec = { name: 'Start', type: 'manualTrigger' };
		const feed: NodeSpec[] = spec.inputItems
			? [
					{
						name: 'Input',
						type: 'fixedItems',
						parameters: { items: JSON.stringify(spec.inputItems) },
					},
				]
			: [];
		const nodes = [trigger, ...feed, { ...spec, name: spec.name ?? 'Under Test' }];
		const connections = nodes
			.slice(1)
			.map((node, i) => [nodes[i].name!, node.name!] as [string, string]);
		return await runWorkflow({ nodes, connections });
	};

	const testCredential = async (ref: CredentialRef): Promise<CredentialTestResult> => {
		const id = typeof ref === 'string' ? ref : addCredential(credential(ref));
		const stored = credentials.get(id);
		return await testLikeN8n(
			stored.id,
			stored.name,
			credentialsHelper.applyDefaults(stored.type, stored.data),
		);
	};

	/**
	 * n8n's CredentialsTester.testCredentials for a declarative `test` (packages/cli/src/services/
	 * credentials-tester.service.ts): a NoOp-typed node with the test request as routing, run through
	 * n8n-core's RoutingNode; failures become the dialog's message by the same rules.
	 */
	const testLikeN8n = async (
		id: string,
		name: string,
		data: ICredentialDataDecryptedObject,
	): Promise<CredentialTestResult> => {
		const type = credentialTypes.getByName(CREDENTIAL_TYPE);
		const testRequest = type.test;
		if (!testRequest)
			return { status: 'Error', message: 'No testing function found for this credential.' };
		const noOp = nodeTypes.getByNameAndVersion('n8n-nodes-base.noOp');
		const nodeTypeCopy: INodeType = {
			description: {
				...noOp.description,
				name: 'n8n-nodes-base.noOp',
				credentials: [{ name: CREDENTIAL_TYPE, required: true }],
				properties: [
					{
						displayName: 'Temp',
						name: 'temp',
						type: 'string',
						routing: { request: testRequest.request },
						default: '',
					},
				],
			},
		};
		const node: INode = {
			id: 'temp',
			parameters: {},
			name: 'Temp-Node',
			type: nodeTypeCopy.description.name,
			typeVersion: 1,
			position: [0, 0],
			credentials: { [CREDENTIAL_TYPE]: { id, name } },
		};
		const mockNodeTypes = {
			getByName: () => nodeTypeCopy,
			getByNameAndVersion: () => nodeTypeCopy,
			getKnownTypes: () => ({}),
		};
		const workflow = new Workflow({
			nodes: [node],
			connections: {},
			active: false,
			nodeTypes: mockNodeTypes,
		});
		const runExecutionData = workflowLib.createRunExecutionData({ resultData: { runData: {} } });
		const context = new core.ExecuteContext(
			workflow,
			node,
			additionalData('internal', { id: 'credential-test', name: 'Credential test', nodes: [node] }),
			'internal',
			runExecutionData,
			0,
			[],
			{ main: [[{ json: {} }]] },
			{ node, data: {}, source: null },
			[],
		);
		const routingNode = new core.RoutingNode(context, nodeTypeCopy, {
			id,
			name,
			type: CREDENTIAL_TYPE,
			data,
		});
		try {
			await routingNode.runNode();
		} catch (caught) {
			const error = caught as {
				cause?: { response?: { status: number; statusText?: string }; code?: string };
				message: string;
			};
			if (error.cause?.response) {
				const { status, statusText } = error.cause.response;
				for (const rule of testRequest.rules ?? []) {
					if (rule.type === 'responseCode' && rule.properties.value === status) {
						return { status: 'Error', message: rule.properties.message };
					}
				}
				if (status < 199 || status > 299) {
					return { status: 'Error', message: statusText || `Received HTTP status code: ${status}` };
				}
			} else if (error.cause?.code) {
				return { status: 'Error', message: error.cause.code };
			}
			return { status: 'Error', message: String(error.message) };
		}
		return { status: 'OK', message: 'Connection successful!' };
	};

	return {
		sandbox,
		credentials,
		credentialsHelper,
		nodeTypes,
		credentialId,
		credential,
		addCredential,
		run,
		runWorkflow,
		testCredential,
		additionalData,
		tokenRequests: () => sandbox.stats.requests.token ?? 0,
		requests: (endpointId) => sandbox.stats.requests[endpointId] ?? 0,
		timing,
		stop: async () => {
			if (!options.useSandbox) await sandbox.close();
		},
	};
}
