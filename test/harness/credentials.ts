/**
 * n8n's credential handling for in-process runs, modelled on n8n's CredentialsHelper
 * (n8n-io/n8n packages/cli/src/credentials-helper.ts, n8n 2.40):
 * - `getDecrypted` returns the stored data with the type's defaults filled in (getNodeParameters);
 * - `preAuthentication` runs the type's hook when the hidden expirable field is empty, when n8n-core
 *   says the credential expired (after a 401), or for a credential test; the result is written back
 *   to the store, which outlives single runs as n8n's database does;
 * - `authenticate` applies a function or a generic (expression) definition;
 * - OAuth2 types carry `oauthTokenData`, which n8n-core fetches and saves through
 *   `updateCredentialsOauthTokenData` (the benchmark's HTTP Request node uses n8n's generic oAuth2Api).
 * The store counts how often the type's preAuthentication ran (how many tokens were asked for) and how
 * often n8n would save the credential (updateCredentials, once per hook run that returned a token).
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	Workflow,
} from 'n8n-workflow';

import { workflowLib } from './n8n';
import type { CredentialTypeRegistry } from './nodeTypes';

const { ICredentialsHelper, NodeHelpers } = workflowLib;

export interface StoredCredential {
	id: string;
	name: string;
	type: string;
	data: ICredentialDataDecryptedObject;
}

/** What n8n keeps in its database: credentials by id, and what happened to them. */
export class CredentialStore {
	private readonly entries = new Map<string, StoredCredential>();
	private readonly preAuthRuns = new Map<string, number>();
	private readonly writeCount = new Map<string, number>();
	private nextId = 1;

	add(
		type: string,
		data: ICredentialDataDecryptedObject,
		name = `${type} ${this.nextId}`,
	): StoredCredential {
		const entry = { id: String(this.nextId++), name, type, data: { ...data } };
		this.entries.set(entry.id, entry);
		return entry;
	}

	/** Stores a credential under an id the caller chose (its name is the id). */
	set(id: string, type: string, data: ICredentialDataDecryptedObject): StoredCredential {
		const entry = { id, name: id, type, data: { ...data } };
		this.entries.set(id, entry);
		return entry;
	}

	find(id: string): StoredCredential | undefined {
		return this.entries.get(id);
	}

	get(id: string): StoredCredential {
		const entry = this.find(id);
		if (!entry) throw new Error(`No stored credential with id ${id}`);
		return entry;
	}

	/** Replaces fields of a stored credential, as editing it in n8n would. */
	update(id: string, data: ICredentialDataDecryptedObject): void {
		const entry = this.get(id);
		entry.data = { ...entry.data, ...data };
	}

	/** How many times the credential type's preAuthentication ran for this credential (token requests). */
	preAuthentications(id: string): number {
		return this.preAuthRuns.get(id) ?? 0;
	}

	/** How many times n8n would have saved this credential (updateCredentials). */
	writes(id: string): number {
		return this.writeCount.get(id) ?? 0;
	}

	countWrite(id: string | undefined): void {
		const key = id ?? '(unsaved)';
		this.writeCount.set(key, (this.writeCount.get(key) ?? 0) + 1);
	}

	countPreAuthentication(id: string | undefined): void {
		const key = id ?? '(unsaved)';
		this.preAuthRuns.set(key, (this.preAuthRuns.get(key) ?? 0) + 1);
	}
}

export class HarnessCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly types: CredentialTypeRegistry,
		readonly store: CredentialStore,
	) {
		super();
	}

	private stored(details: INodeCredentialsDetails): StoredCredential {
		if (!details.id) throw new Error(`Credential "${details.name}" has no id`);
		return this.store.get(details.id);
	}

	getParentTypes(name: string): string[] {
		return this.types.getParentTypes(name);
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	/** A type's properties over its parents', and OAuth2's token field, as n8n's CredentialsHelper has them. */
	getCredentialsProperties(name: string): INodeProperties[] {
		const type = this.types.getByName(name);
		const inherited = (type.extends ?? []).flatMap((parent) =>
			this.getCredentialsProperties(parent),
		);
		const own = type.properties.filter((p) => !inherited.some((q) => q.name === p.name));
		const merged = [
			...inherited.map((p) => type.properties.find((q) => q.name === p.name) ?? p),
			...own,
		];
		if (name === 'oAuth2Api') {
			merged.push({
				displayName: 'oauthTokenData',
				name: 'oauthTokenData',
				type: 'json',
				default: {},
			});
		}
		return merged;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.types.getByName(typeName);
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		if (authenticate?.type === 'generic') {
			if (!workflow || !node)
				throw new Error('Workflow and node are required for declarative credential authentication');
			const resolve = (value: string) =>
				String(
					workflow.expression.getSimpleParameterValue(
						node,
						value,
						'internal',
						{ $credentials: credentials },
						undefined,
						'',
					) ?? '',
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
		const type = this.types.getByName(typeName);
		const expirable = type.properties.find(
			(p) => p.type === 'hidden' && p.typeOptions?.expirable === true,
		);
		if (expirable === undefined || typeof type.preAuthentication !== 'function') return undefined;
		// n8n's credential test runs a NoOp node whose parameter `temp` is '': always a fresh exchange.
		const isTestingCredentials =
			node?.parameters?.temp === '' && node?.type === 'n8n-nodes-base.noOp';
		if (credentials[expirable.name] !== '' && !credentialsExpired && !isTestingCredentials)
			return undefined;

		const details = node.credentials?.[typeName];
		this.store.countPreAuthentication(details?.id ?? undefined);
		const output = (await type.preAuthentication.call(
			helpers,
			credentials,
		)) as ICredentialDataDecryptedObject;
		if (output[expirable.name] === undefined) return undefined;
		if (details) {
			// n8n saves what the hook returned through updateCredentials, every time it returns a token.
			await this.updateCredentials(details, typeName, { ...this.stored(details).data, ...output });
			return Object.assign(credentials, output);
		}
		return undefined;
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.types.getByName(typeName);
		if (typeof type.preAuthentication !== 'function') return undefined;
		return (
			((await type.preAuthentication.call(
				helpers,
				credentials,
			)) as ICredentialDataDecryptedObject) ?? undefined
		);
	}

	async getCredentials(details: INodeCredentialsDetails, type: string): Promise<ICredentials> {
		const entry = this.stored(details);
		return {
			id: entry.id,
			name: entry.name,
			type,
			getData: () => ({ ...entry.data }),
		} as unknown as ICredentials;
	}

	/** Stored data with the type's defaults, like applyDefaultsAndOverwrites (no overwrites or expressions here). */
	applyDefaults(
		type: string,
		data: ICredentialDataDecryptedObject,
	): ICredentialDataDecryptedObject {
		const properties = this.getCredentialsProperties(type);
		const withDefaults = NodeHelpers.getNodeParameters(
			properties,
			data as never,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
		// n8n puts the OAuth token back, whatever getNodeParameters made of it.
		if (data.oauthTokenData !== undefined) withDefaults.oauthTokenData = data.oauthTokenData;
		return withDefaults;
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
		return raw ? data : this.applyDefaults(type, data);
	}

	async updateCredentials(
		details: INodeCredentialsDetails,
		_type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store.countWrite(details.id ?? undefined);
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
}
