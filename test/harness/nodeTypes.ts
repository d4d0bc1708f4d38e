/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * The node and credential types a harness run knows, loaded like n8n loads a community package: our
 * compiled classes from dist/ (or another compiled tree, e.g. the benchmark's .build/) under the
 * package name, n8n's own from n8n-nodes-base, and test-only fixtures (test/harness/fixtures) under
 * `test.<name>`.
 */
import { existsSync, readdirSync } from 'fs';
import { dirname, join } from 'path';

import type { ICredentialType, INodeType, INodeTypes, IVersionedNodeType } from 'n8n-workflow';

import { DIST, ensureBuilt, loadCompiled, ROOT } from './build';
import { workflowLib } from './n8n';

export const PACKAGE = 'n8n-nodes-inventory-pro';
const BASE = join(dirname(require.resolve('n8n-nodes-base/package.json')), 'dist');

type AnyNodeType = INodeType | IVersionedNodeType;
type Factory<T> = () => T;

/** n8n's nodes a harness workflow may use (loaded on first use). */
const BASE_NODES: Record<string, [file: string, exportName: string]> = {
	manualTrigger: ['nodes/ManualTrigger/ManualTrigger.node.js', 'ManualTrigger'],
	noOp: ['nodes/NoOp/NoOp.node.js', 'NoOp'],
	httpRequest: ['nodes/HttpRequest/HttpRequest.node.js', 'HttpRequest'],
};

/** n8n's credential types (the HTTP Request node's generic OAuth2), loaded on first use. */
const BASE_CREDENTIALS: Record<string, [file: string, exportName: string]> = {
	oAuth2Api: ['credentials/OAuth2Api.credentials.js', 'OAuth2Api'],
};

/** dist/, rebuilt first when stale: the tree the registries load our classes from unless given one. */
function builtDist(): string {
	ensureBuilt();
	return DIST;
}

function instantiate<T>(file: string, exportName?: string): T {
	const mod = loadCompiled(file) as Record<string, new () => T>;
	const Ctor = exportName
		? mod[exportName]
		: Object.values(mod).find((value) => typeof value === 'function');
	if (typeof Ctor !== 'function') throw new Error(`${file} exports no class ${exportName ?? ''}`);
	return new Ctor();
}

function filesUnder(dir: string, suffix: string): string[] {
	if (!existsSync(dir)) return [];
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory()
			? filesUnder(join(dir, entry.name), suffix)
			: entry.name.endsWith(suffix)
				? [join(dir, entry.name)]
				: [],
	);
}

function lazyMap<T>(factories: Map<string, Factory<T>>) {
	const loaded = new Map<string, T>();
	return (name: string): T | undefined => {
		if (!loaded.has(name)) {
			const factory = factories.get(name);
			if (!factory) return undefined;
			loaded.set(name, factory());
		}
		return loaded.get(name);
	};
}

export class NodeTypeRegistry implements INodeTypes {
	private readonly factories = new Map<string, Factory<AnyNodeType>>();
	private readonly get: (name: string) => AnyNodeType | undefined;

	/** `from`: the compiled tree holding our nodes/ (default dist/). */
	constructor(extra: Record<string, AnyNodeType> = {}, from = builtDist()) {
		// Ours are small: load them now, keyed by their description name as n8n does.
		for (const file of filesUnder(join(from, 'nodes'), '.node.js')) {
			const type = instantiate<AnyNodeType>(file);
			this.factories.set(`${PACKAGE}.${type.description.name}`, () => type);
		}
		for (const [name, [file, exportName]] of Object.entries(BASE_NODES)) {
			this.factories.set(`n8n-nodes-base.${name}`, () => instantiate(join(BASE, file), exportName));
		}
		for (const file of filesUnder(join(__dirname, 'fixtures'), '.node.ts')) {
			const type = instantiate<AnyNodeType>(file);
			this.factories.set(`test.${type.description.name}`, () => type);
		}
		for (const [name, type] of Object.entries(extra)) this.factories.set(name, () => type);
		this.get = lazyMap(this.factories);
	}

	/** Full type name for a short one: `inventoryPro` → `n8n-nodes-inventory-pro.inventoryPro`. */
	resolve(type: string): string {
		if (this.factories.has(type)) return type;
		const matches = [...this.factories.keys()].filter((name) => name.endsWith(`.${type}`));
		if (matches.length !== 1)
			throw new Error(
				`Unknown or ambiguous node type "${type}" (known: ${[...this.factories.keys()].join(', ')})`,
			);
		return matches[0];
	}

	getByName(nodeType: string): AnyNodeType {
		const type = this.get(this.resolve(nodeType));
		if (!type) throw new Error(`Unknown node type ${nodeType}`);
		return type;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return workflowLib.NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes() {
		return {};
	}
}

type TransportSettings = typeof import('../../nodes/shared/transport/settings');

/**
 * One of our node types as another n8n process holds it (a queue-mode worker): the compiled package loaded
 * again in a module registry of its own (jest's), so the memory it keeps per process is its own, while
 * n8n-workflow stays the one copy n8n hands every package. `prepare` runs in that registry first (`load`
 * a compiled file of the copy, e.g. to give it the test's clock: processes share the wall clock).
 */
export function inAnotherProcess(
	typeName: string,
	prepare: (load: (file: string) => unknown) => void = () => undefined,
): INodeType {
	const from = builtDist();
	const workflow = loadCompiled('n8n-workflow');
	const seam = (load: (file: string) => unknown) =>
		(load(join(from, 'nodes/shared/transport/settings.js')) as TransportSettings).testSeam;
	// Every process runs with the test's transport timing, as they once read it from the credential.
	const timing = seam(loadCompiled).timing();
	let found: AnyNodeType | undefined;
	jest.isolateModules(() => {
		jest.doMock('n8n-workflow', () => workflow);
		seam(loadCompiled).useTiming(timing);
		prepare((file) => loadCompiled(join(from, file)));
		for (const file of filesUnder(join(from, 'nodes'), '.node.js')) {
			const type = instantiate<AnyNodeType>(file);
			if (`${PACKAGE}.${type.description.name}` === typeName) found = type;
		}
	});
	jest.dontMock('n8n-workflow');
	if (!found) throw new Error(`Unknown node type ${typeName}`);
	return workflowLib.NodeHelpers.getVersionedNodeType(found);
}

/** Credential types: ours from dist/credentials (or `from`), plus n8n's generic OAuth2. */
export class CredentialTypeRegistry {
	private readonly get: (name: string) => ICredentialType | undefined;
	private readonly factories = new Map<string, Factory<ICredentialType>>();

	constructor(from = builtDist()) {
		for (const file of filesUnder(join(from, 'credentials'), '.credentials.js')) {
			const base = file
				.split(/[\\/]/)
				.pop()!
				.replace(/\.credentials\.js$/, '');
			this.factories.set(base.charAt(0).toLowerCase() + base.slice(1), () => instantiate(file));
		}
		for (const [name, [file, exportName]] of Object.entries(BASE_CREDENTIALS)) {
			this.factories.set(name, () => instantiate(join(BASE, file), exportName));
		}
		this.get = lazyMap(this.factories);
	}

	getByName(name: string): ICredentialType {
		const type = this.get(name);
		if (!type) throw new Error(`Unknown credential type ${name}`);
		return type;
	}

	getParentTypes(name: string): string[] {
		const parents = this.getByName(name).extends ?? [];
		return [...parents, ...parents.flatMap((parent) => this.getParentTypes(parent))];
	}
}

export { ROOT };
