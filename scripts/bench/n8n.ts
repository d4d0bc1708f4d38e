// Runs workflows in-process through n8n-core, like test/harness, with one addition the benchmark needs:
// n8n's generic OAuth2 credential (oAuth2Api, client credentials) for the HTTP Request node, whose
// token n8n-core keeps in `oauthTokenData` through the credentials helper.
import { dirname, join } from 'path';

import { Container } from '@n8n/di';
import { ExecutionLifecycleHooks, InstanceSettings, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypes,
	IRequestOptionsSimplified,
	IRun,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
	Workflow as WorkflowType,
} from 'n8n-workflow';

// n8n-workflow's ESM build does not load here; its CommonJS build does (n8n runtime facts).
const workflowLib = require('n8n-workflow') as typeof import('n8n-workflow');
const { ICredentialsHelper, NodeHelpers, Workflow } = workflowLib;

/** The compiled tree (.build/) that holds our node and credential. */
const ROOT = join(__dirname, '..', '..');
const BASE = join(dirname(require.resolve('n8n-nodes-base/package.json')), 'dist');

function load<T>(file: string, exportName: string): T {
	const mod = require(file) as Record<string, new () => T>;
	const Ctor = mod[exportName];
	if (typeof Ctor !== 'function') throw new Error(`${file} does not export ${exportName}`);
	return new Ctor();
}

/** Loads each type on first use, so a run of n8n's nodes alone does not need ours built. */
function lazy<T>(factories: Record<string, () => T>): (name: string) => T {
	const loaded = new Map<string, T>();
	return (name) => {
		const factory = factories[name];
		if (!factory) throw new Error(`unknown type ${name}`);
		if (!loaded.has(name)) loaded.set(name, factory());
		return loaded.get(name) as T;
	};
}

/** Node types: n8n's Manual Trigger and HTTP Request (unmodified) and our action node, as built in .build/. */
function nodeTypes(): INodeTypes {
	const get = lazy<INodeType | IVersionedNodeType>({
		'n8n-nodes-base.manualTrigger': () => load(join(BASE, 'nodes/ManualTrigger/ManualTrigger.node.js'), 'ManualTrigger'),
		'n8n-nodes-base.httpRequest': () => load(join(BASE, 'nodes/HttpRequest/HttpRequest.node.js'), 'HttpRequest'),
		'n8n-nodes-inventory-pro.inventoryPro': () =>
			load(join(ROOT, 'nodes/InventoryPro/InventoryPro.node.js'), 'InventoryPro'),
	});
	return {
		getByName: get,
		getByNameAndVersion: (name, version) => NodeHelpers.getVersionedNodeType(get(name), version),
		getKnownTypes: () => ({}),
	};
}

const credentialTypes = () =>
	lazy<ICredentialType>({
		inventoryProApi: () => load(join(ROOT, 'credentials/InventoryProApi.credentials.js'), 'InventoryProApi'),
		oAuth2Api: () => load(join(BASE, 'credentials/OAuth2Api.credentials.js'), 'OAuth2Api'),
	});

interface StoredCredential {
	type: string;
	data: ICredentialDataDecryptedObject;
}

/**
 * The part of n8n's CredentialsHelper (packages/cli/src/credentials-helper.ts) that runs need: generic
 * `authenticate`, `preAuthentication` on an empty or expired expirable field with the result saved, and
 * for OAuth2 the `oauthTokenData` that n8n-core fetches and saves through `updateCredentialsOauthTokenData`.
 * "Saved" is this in-memory store, which outlives single runs like n8n's database.
 */
class BenchCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly type: (name: string) => ICredentialType,
		readonly store: Map<string, StoredCredential>,
	) {
		super();
	}

	private stored(details: INodeCredentialsDetails): StoredCredential {
		const entry = details.id ? this.store.get(details.id) : undefined;
		if (!entry) throw new Error(`no stored credential ${details.id ?? details.name}`);
		return entry;
	}

	getParentTypes(name: string): string[] {
		const parents = this.type(name).extends ?? [];
		return [...parents, ...parents.flatMap((parent) => this.getParentTypes(parent))];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: WorkflowType,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.type(typeName);
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		if (authenticate?.type === 'generic') {
			if (!workflow || !node) throw new Error('generic authentication needs the workflow and node');
			const resolve = (value: string) =>
				String(
					workflow.expression.getSimpleParameterValue(node, value, 'internal', { $credentials: credentials }, undefined, '') ??
						'',
				);
			const target = requestOptions as unknown as Record<string, Record<string, string>>;
			for (const [outerKey, values] of Object.entries(authenticate.properties)) {
				target[outerKey] ??= {};
				for (const [key, value] of Object.entries(values as Record<string, string>)) {
					target[outerKey][resolve(key)] = resolve(value);
				}
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.type(typeName);
		const expirable = type.properties.find((p) => p.type === 'hidden' && p.typeOptions?.expirable === true);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;
		const output = (await type.preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
		if (output[expirable.name] === undefined) return undefined;
		const details = node.credentials?.[typeName];
		if (details) {
			const entry = this.stored(details);
			entry.data = { ...entry.data, ...output };
		}
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.type(typeName);
		if (typeof type.preAuthentication !== 'function') return undefined;
		return ((await type.preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject) ?? undefined;
	}

	async getCredentials(details: INodeCredentialsDetails, type: string): Promise<ICredentials> {
		const entry = this.stored(details);
		return {
			id: details.id ?? undefined,
			name: details.name,
			type,
			getData: () => ({ ...entry.data }),
		} as unknown as ICredentials;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		details: INodeCredentialsDetails,
		type: string,
		_mode?: unknown,
		_executeData?: unknown,
		raw?: boolean,
	): Promise<ICredentialDataDecryptedObject> {
		const data = { ...this.stored(details).data };
		if (raw) return data;
		const withDefaults = NodeHelpers.getNodeParameters(this.getCredentialsProperties(type), data as never, true, false, null, null);
		return { ...data, ...(withDefaults as ICredentialDataDecryptedObject) };
	}

	async updateCredentials(details: INodeCredentialsDetails, _type: string, data: ICredentialDataDecryptedObject): Promise<void> {
		this.stored(details).data = { ...data };
	}

	async updateCredentialsOauthTokenData(
		details: INodeCredentialsDetails,
		_type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		const entry = this.stored(details);
		entry.data = { ...entry.data, oauthTokenData: data.oauthTokenData };
	}

	getCredentialsProperties(name: string): INodeProperties[] {
		const type = this.type(name);
		const inherited = (type.extends ?? []).flatMap((parent) => this.getCredentialsProperties(parent));
		const own = type.properties.filter((p) => !inherited.some((q) => q.name === p.name));
		const merged = [...inherited.map((p) => type.properties.find((q) => q.name === p.name) ?? p), ...own];
		if (name === 'oAuth2Api') {
			merged.push({ displayName: 'oauthTokenData', name: 'oauthTokenData', type: 'json', default: {} });
		}
		return merged;
	}
}

export interface RunResult {
	/** Output items of the measured node (empty when it failed). */
	items: INodeExecutionData[];
	/** The node's error message when the run failed. */
	error?: string;
}

/** One n8n instance: node and credential types loaded once, credentials kept between runs. */
export class N8nRunner {
	private readonly types = nodeTypes();
	private readonly credentials = new BenchCredentialsHelper(credentialTypes(), new Map());
	private runs = 0;

	constructor() {
		// Keeps n8n-core from writing ~/.n8n/config (n8n runtime facts).
		Container.set(InstanceSettings, { encryptionKey: 'bench', n8nFolder: ROOT } as unknown as InstanceSettings);
	}

	/**
	 * Saves a credential like the credentials page would. Saving the same settings again keeps the stored
	 * one and its token, as re-using a credential in n8n does. Returns the reference for node.credentials.
	 */
	saveCredential(id: string, type: string, data: IDataObject): { id: string; name: string } {
		const stored = this.credentials.store.get(id);
		const same =
			stored?.type === type &&
			Object.entries(data).every(([key, value]) => key === 'accessToken' || stored.data[key] === value);
		if (!same) this.credentials.store.set(id, { type, data: { ...data } as ICredentialDataDecryptedObject });
		return { id, name: id };
	}

	credential(id: string): ICredentialDataDecryptedObject | undefined {
		return this.credentials.store.get(id)?.data;
	}

	/** Manual Trigger → `node`; returns the node's output or its error. */
	async run(node: Omit<INode, 'id' | 'position'>): Promise<RunResult> {
		const runId = String(++this.runs);
		const nodes: INode[] = [
			{
				id: 'trigger',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{ ...node, id: 'measured', position: [200, 0] } as INode,
		];
		const connections = { Start: { main: [[{ node: node.name, type: 'main' as const, index: 0 }]] } };
		const workflow = new Workflow({
			id: `bench-${runId}`,
			name: 'bench',
			nodes,
			connections,
			active: false,
			nodeTypes: this.types,
			settings: {},
		});
		const workflowData = { id: workflow.id, name: 'bench', nodes, connections, active: false, settings: {} };
		const additionalData = {
			credentialsHelper: this.credentials,
			hooks: new ExecutionLifecycleHooks('manual', `bench-${runId}`, workflowData as never),
			webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
			formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
			restApiUrl: 'http://localhost:5678/rest',
			instanceBaseUrl: 'http://localhost:5678/',
			variables: {},
		} as unknown as IWorkflowExecuteAdditionalData;
		const run: IRun = await new WorkflowExecute(additionalData, 'manual').run({ workflow });
		const error = run.data.resultData.error;
		const taskData = run.data.resultData.runData[node.name]?.at(-1);
		return {
			items: taskData?.data?.main?.[0] ?? [],
			error: error ? error.message : taskData?.error?.message,
		};
	}
}
