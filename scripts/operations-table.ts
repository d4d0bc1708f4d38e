/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
/**
 * Prints the README's operations table (resource × operation × request × Security ID × source) from the
 * node's description and the endpoint ids each operation file calls (the source is the row's evidence),
 * and fails when an endpoint row is reachable from no operation.
 *
 *   npm run build:dev && node .build/scripts/operations-table.js
 */
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import type { INodePropertyOptions } from 'n8n-workflow';

import { ENDPOINTS, type EndpointId, type Permission } from '../nodes/shared/endpoints';
import { InventoryPro } from '../nodes/InventoryPro/InventoryPro.node';

const permission = (value: Permission) =>
	value === null ? 'none' : value === 'report' ? 'per-report group rights' : String(value);

// Run from scripts/ (ts-jest) or from .build/scripts/ (compiled).
const ROOT = existsSync(join(__dirname, '..', 'package.json'))
	? join(__dirname, '..')
	: join(__dirname, '..', '..');
const ACTIONS = join(ROOT, 'nodes', 'InventoryPro', 'actions');
const TABLE_ORDER = Object.keys(ENDPOINTS) as EndpointId[];

export interface NodeOperation {
	resource: string;
	resourceLabel: string;
	operation: string;
	name: string;
	action: string;
	description: string;
	/** The endpoint ids its operation file names, in the endpoint table's order. */
	endpoints: EndpointId[];
}

/** The endpoint ids an operation file names (its calls are literal: `apiRequest.call(this, 'item.get', …)`). */
export function endpointsOf(resource: string, operation: string): EndpointId[] {
	const source = readFileSync(join(ACTIONS, resource, `${operation}.operation.ts`), 'utf8');
	const named = new Set([...source.matchAll(/'([a-zA-Z]+\.[a-zA-Z]+)'/g)].map((m) => m[1]));
	return TABLE_ORDER.filter((id) => named.has(id));
}

/** Every operation the node offers, in the Resource dropdown's order of the node's own resources. */
export function nodeOperations(): NodeOperation[] {
	const { properties } = new InventoryPro().description;
	const resources = (properties.find((p) => p.name === 'resource')?.options ??
		[]) as INodePropertyOptions[];
	const operations: NodeOperation[] = [];
	for (const property of properties) {
		const shown = property.displayOptions?.show;
		if (property.name !== 'operation' || !shown?.resource || shown.operation) continue;
		const resource = shown.resource[0];
		if (typeof resource !== 'string') continue;
		const resourceLabel = resources.find((r) => r.value === resource)?.name ?? resource;
		const options = [...(property.options as INodePropertyOptions[])].sort((a, b) =>
			a.name.localeCompare(b.name),
		);
		for (const option of options) {
			const operation = String(option.value);
			operations.push({
				resource,
				resourceLabel,
				operation,
				name: option.name,
				action: option.action ?? '',
				description: option.description ?? '',
				endpoints: endpointsOf(resource, operation),
			});
		}
	}
	return operations;
}

export function operationsTable(): { markdown: string; unreachable: EndpointId[] } {
	const lines = [
		'| Resource | Operation | Request | Security ID | Source | What it does |',
		'|---|---|---|---|---|---|',
	];
	const reached = new Set<EndpointId>();
	for (const operation of nodeOperations()) {
		if (operation.endpoints.length === 0) {
			lines.push(
				`| ${operation.resourceLabel} | ${operation.name} | any method and path | of the path called | — | ${operation.description} |`,
			);
		}
		for (const id of operation.endpoints) {
			const row = ENDPOINTS[id];
			reached.add(id);
			const query = 'query' in row ? `?${row.query.map((name) => `${name}=…`).join('&')}` : '';
			lines.push(
				`| ${operation.resourceLabel} | ${operation.name} | \`${row.method} ${row.path}${query}\` | ${permission(row.permission)} | ${row.evidence} | ${row.summary} |`,
			);
		}
	}
	const unreachable = TABLE_ORDER.filter((id) => !reached.has(id));
	return { markdown: lines.join('\n'), unreachable };
}

if (require.main === module) {
	const { markdown, unreachable } = operationsTable();
	process.stdout.write(`${markdown}\n`);
	if (unreachable.length) {
		process.stderr.write(`Endpoint rows no operation reaches: ${unreachable.join(', ')}\n`);
		process.exitCode = 1;
	}
}
