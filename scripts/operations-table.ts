/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
/**
 * Prints the README's operations table (resource × operation × request × Security ID × source) from the
 * node's operations and the endpoint table (the source is the row's evidence), and fails when an
 * endpoint row is reachable from no operation.
 *
 *   npm run build:dev && node .build/scripts/operations-table.js
 */
import { ENDPOINTS, type EndpointId, type Permission } from '../nodes/shared/endpoints';
import type { ResourceKey } from '../nodes/InventoryPro/actions/common/operation';
import { RESOURCE_LABELS } from '../nodes/InventoryPro/actions/properties';
import { OPERATIONS } from '../nodes/InventoryPro/actions/router';

const permission = (value: Permission) =>
	value === null ? 'none' : value === 'report' ? 'per-report group rights' : String(value);

export function operationsTable(): { markdown: string; unreachable: EndpointId[] } {
	const lines = [
		'| Resource | Operation | Request | Security ID | Source | What it does |',
		'|---|---|---|---|---|---|',
	];
	const reached = new Set<EndpointId>();
	for (const [resource, module] of Object.entries(OPERATIONS)) {
		const resourceLabel = RESOURCE_LABELS[resource as ResourceKey];
		const operations = Object.values(module.operations).sort((a, b) =>
			a.option.name.localeCompare(b.option.name),
		);
		for (const operation of operations) {
			if (operation.option.endpoints.length === 0) {
				lines.push(
					`| ${resourceLabel} | ${operation.option.name} | any method and path | of the path called | — | ${operation.option.description} |`,
				);
			}
			for (const id of operation.option.endpoints) {
				const row = ENDPOINTS[id];
				reached.add(id);
				const query = 'query' in row ? `?${row.query.map((name) => `${name}=…`).join('&')}` : '';
				lines.push(
					`| ${resourceLabel} | ${operation.option.name} | \`${row.method} ${row.path}${query}\` | ${permission(row.permission)} | ${row.evidence} | ${row.summary} |`,
				);
			}
		}
	}
	const unreachable = (Object.keys(ENDPOINTS) as EndpointId[]).filter((id) => !reached.has(id));
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
