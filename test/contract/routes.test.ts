/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * The node's endpoint table and the sandbox's routes are declared separately (the node's in
 * nodes/shared/endpoints.ts, the sandbox's in sandbox/routes.ts); here they must agree on every
 * row's method, path and Security ID, in both directions, so a wrong edit on either side fails.
 * Every row carries its evidence (a row without one does not compile; a wrong value fails here).
 * And the published build carries none of the sandbox's model.
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import { endpoint, ENDPOINTS, type EndpointId, type Evidence } from '../../nodes/shared/endpoints';
import { ROUTES, type RouteId, type RouteSpec } from '../../sandbox/routes';
import { DIST, ensureBuilt, loadCompiled } from '../harness/build';

const clientIds = Object.keys(ENDPOINTS) as EndpointId[];
const sandboxIds = Object.keys(ROUTES) as RouteId[];
const wire = (row: { method: string; path: string; permission: unknown }) =>
	`${row.method} ${row.path} ${String(row.permission)}`;

describe('the node’s endpoint table against the sandbox’s routes', () => {
	it.each(clientIds)('%s: the sandbox serves the same method, path and Security ID', (id) => {
		const route = (ROUTES as Record<string, (typeof ROUTES)[RouteId] | undefined>)[id];
		expect(route && wire(route)).toBe(wire(ENDPOINTS[id]));
	});

	// Sort columns and the modifiedSince rule: what Sort By documents is what the sandbox accepts.
	it.each(clientIds.filter((id) => endpoint(id).list !== undefined))(
		'%s: the sandbox takes the sort columns and modifiedSince rule the node states',
		(id) => {
			const rules = (list?: { sort: unknown; modifiedSince: string }) =>
				list && { sort: list.sort, modifiedSince: list.modifiedSince };
			expect(rules((ROUTES as Record<string, RouteSpec>)[id]?.list)).toEqual(
				rules(endpoint(id).list),
			);
		},
	);

	it.each(sandboxIds)('%s: the node knows the route the sandbox serves', (id) => {
		const row = (ENDPOINTS as Record<string, (typeof ENDPOINTS)[EndpointId] | undefined>)[id];
		expect(row && wire(row)).toBe(wire(ROUTES[id]));
	});

	const evidence: readonly Evidence[] = ['spec', 'vendor docs', 'assumed'];
	it.each(clientIds)('%s: says where it comes from (spec, vendor docs or assumed)', (id) => {
		expect(evidence).toContain(ENDPOINTS[id].evidence);
	});
});

function files(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
	);
}

describe('the published build (dist/)', () => {
	beforeAll(() => ensureBuilt());

	it('carries none of the sandbox’s model', () => {
		const javascript = files(DIST).filter((file) => file.endsWith('.js'));
		expect(javascript.length).toBeGreaterThan(20);
		const found = javascript.flatMap((file) => {
			const text = readFileSync(file, 'utf8');
			return [
				/\bwarehouseFields\b/,
				/\bemits\s*:/,
				/\bsuccess\s*:\s*20[01]\b/,
				/\bwrite\s*:\s*(true|false)\b/,
			]
				.filter((pattern) => pattern.test(text))
				.map((pattern) => `${file.slice(DIST.length)} ${pattern.source}`);
		});
		expect(found).toEqual([]);
	});

	it('has rows of exactly the shipped shape', () => {
		const built = loadCompiled(join(DIST, 'nodes/shared/endpoints.js')) as {
			ENDPOINTS: Record<string, object>;
		};
		const keys = new Set(Object.values(built.ENDPOINTS).flatMap((row) => Object.keys(row)));
		expect([...keys].sort()).toEqual([
			'evidence',
			'list',
			'method',
			'path',
			'permission',
			'query',
			'summary',
		]);
	});
});
