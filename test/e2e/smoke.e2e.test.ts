/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// Real n8n 2.41.1 with the packed package installed the way Settings -> Community Nodes installs it:
// n8n must list our nodes and credential type, store a credential, stay on loopback, and leave
// nothing running when stopped.
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';

import type { INodeTypeDescription } from 'n8n-workflow';

import { loadCompiled } from '../harness/build';
import { ensureN8n, httpsCall, N8n, N8N_VERSION, PACKAGE_NAME, startN8n } from './n8n';
import { REPO_ROOT } from './support/community-package';
import { portInUse } from './support/processes';

/** The value n8n gives its injected "Custom API Call" entry (load-nodes-and-credentials.js, 2.40.7). */
const CUSTOM_API_CALL = '__CUSTOM_API_CALL__';

interface Manifest {
	n8n: { nodes: string[]; credentials: string[] };
}

/** Names the built package declares: what n8n should list after installing it. */
function declaredTypes(): { nodes: string[]; tools: string[]; credentials: string[] } {
	const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as Manifest;
	const load = (file: string) => {
		const path = join(REPO_ROOT, file);
		if (!existsSync(path))
			throw new Error(
				`package.json lists ${file}, which the build did not produce (run npm run build)`,
			);
		// n8n takes the export named like the file (Foo.node.js → Foo), so other exports must not matter here either.
		const className = file.replace(/^.*\//, '').replace(/\.(node|credentials)\.js$/, '');
		const exported = (loadCompiled(path) as Record<string, new () => unknown>)[className];
		if (typeof exported !== 'function')
			throw new Error(`${file} does not export a class named ${className}`);
		return new exported() as {
			name?: string;
			description?: { name: string; usableAsTool?: boolean };
		};
	};
	const nodes = manifest.n8n.nodes.map((file) => load(file).description);
	return {
		nodes: nodes.map((description) => description?.name ?? ''),
		// n8n adds an AI-agent tool variant, <name>Tool, of every node marked usableAsTool.
		tools: nodes
			.filter((description) => description?.usableAsTool)
			.map((description) => `${description?.name}Tool`),
		credentials: manifest.n8n.credentials.map((file) => load(file).name ?? ''),
	};
}

describe(`real n8n ${N8N_VERSION} with n8n-nodes-inventory-pro installed`, () => {
	let n8n: N8n;
	const declared = declaredTypes();

	beforeAll(async () => {
		const n8nDir = await ensureN8n();
		n8n = await startN8n({ n8nDir });
	}, 20 * 60_000);

	afterAll(async () => {
		await n8n?.stop();
	}, 60_000);

	test('the package declares both Inventory Pro nodes and the inventoryProApi credential', () => {
		expect(declared.nodes).toEqual(expect.arrayContaining(['inventoryPro', 'inventoryProTrigger']));
		expect(declared.credentials).toEqual(['inventoryProApi']);
	});

	test("the package sits in n8n's community folder without peer or dev dependencies", () => {
		const installed = join(n8n.root, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME, 'package.json');
		const manifest = JSON.parse(readFileSync(installed, 'utf8')) as Record<string, unknown>;
		expect(manifest.name).toBe(PACKAGE_NAME);
		expect(manifest.peerDependencies).toBeUndefined();
		expect(manifest.devDependencies).toBeUndefined();
		const registry = JSON.parse(
			readFileSync(join(n8n.root, '.n8n', 'nodes', 'package.json'), 'utf8'),
		) as {
			dependencies: Record<string, string>;
		};
		expect(Object.keys(registry.dependencies)).toEqual([PACKAGE_NAME]);
	});

	test('n8n lists every node type the package declares (and the tool variants of usableAsTool nodes)', async () => {
		const listed = (await n8n.nodeTypes())
			.map((t) => t.name)
			.filter((name) => name.startsWith(`${PACKAGE_NAME}.`));
		expect(listed.length).toBeGreaterThan(0);
		expect(listed.sort()).toEqual(
			[...declared.nodes, ...declared.tools].map((name) => `${PACKAGE_NAME}.${name}`).sort(),
		);
	});

	test('the editor offers no "Custom API Call" beside our Custom API Request', async () => {
		// GET /types/nodes.json is what the editor loads. n8n 2.40.7 injects "Custom API Call" only for nodes whose
		// credential type still has `authenticate` after it copies the types with object spread
		// (load-nodes-and-credentials.js postProcessLoaders), which drops our class method: measured here.
		const types = (await n8n.nodeTypes()) as unknown as INodeTypeDescription[];
		const ours = types.filter(
			(t) =>
				t.name === `${PACKAGE_NAME}.inventoryPro` || t.name === `${PACKAGE_NAME}.inventoryProTool`,
		);
		expect(ours.map((t) => t.name).sort()).toEqual([
			`${PACKAGE_NAME}.inventoryPro`,
			`${PACKAGE_NAME}.inventoryProTool`,
		]);
		for (const type of ours) {
			const dropdowns = (name: string) =>
				type.properties
					.filter((p) => p.name === name)
					.map((p) =>
						((p.options ?? []) as Array<{ name: string; value: unknown }>).map((o) => o.value),
					);
			const [resources] = dropdowns('resource');
			expect(resources).toContain('customApi');
			expect(resources).not.toContain(CUSTOM_API_CALL);
			const operations = dropdowns('operation');
			expect(operations.length).toBeGreaterThan(10);
			for (const values of operations) expect(values).not.toContain(CUSTOM_API_CALL);
		}
	});

	test('n8n lists the credential type inventoryProApi with the fields of the contract', async () => {
		const credential = (await n8n.credentialTypes()).find((t) => t.name === 'inventoryProApi');
		expect(credential).toBeDefined();
		expect(credential?.properties.map((p) => p.name)).toEqual(
			expect.arrayContaining([
				'baseUrl',
				'clientId',
				'clientSecret',
				'clientAuthentication',
				'ignoreSslIssues',
				'requestsPerMinute',
			]),
		);
	});

	test('n8n stores an inventoryProApi credential and lists it', async () => {
		const created = await n8n.createCredential('inventoryProApi', {
			baseUrl: 'https://127.0.0.1:9/api/v2',
			clientId: 'smoke-client',
			clientSecret: 'smoke-secret',
		});
		const listed = await n8n.session.call<Array<{ id: string; type: string }>>(
			'GET',
			'/rest/credentials',
		);
		expect(listed).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ id: created.id, type: 'inventoryProApi' }),
			]),
		);
	});

	test('the editor is served over HTTPS at the printed URL', async () => {
		const res = await httpsCall('GET', n8n.baseUrl, n8n.ca, { headers: { accept: 'text/html' } });
		expect(res.status).toBe(200);
		expect(res.text).toMatch(/<html/i);
	});

	test('n8n made no outbound name lookups (loopback only)', () => {
		expect(n8n.recentLog(400)).not.toMatch(/getaddrinfo|ENOTFOUND|EAI_AGAIN/);
	});

	test('stop() ends n8n and its task runner, frees both ports and removes the folder', async () => {
		const { port, brokerPort, root, pid } = n8n;
		expect(await portInUse(port)).toBe(true);
		await n8n.stop();
		expect(await portInUse(port)).toBe(false);
		expect(await portInUse(brokerPort)).toBe(false);
		expect(existsSync(root)).toBe(false);
		expect(() => process.kill(-pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
	}, 60_000);
});
