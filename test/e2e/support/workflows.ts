/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// Workflow JSON for the e2e scenarios: the shipped examples (examples/*.json) and the small
// workflows the scenarios build around one node.
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import type { WorkflowJson, WorkflowNode } from '../n8n';
import { REPO_ROOT } from './community-package';

export const PREFIX = 'n8n-nodes-inventory-pro.';

export type Example = WorkflowJson & { active?: boolean };

export function exampleFiles(): string[] {
	return readdirSync(join(REPO_ROOT, 'examples'))
		.filter((file) => file.endsWith('.json'))
		.sort();
}

export function loadExample(file: string): Example {
	return JSON.parse(readFileSync(join(REPO_ROOT, 'examples', file), 'utf8')) as Example;
}

/** Node types that need an outside account (none in tests or the demo); disabled nodes pass their input on. */
export const OUTBOUND = ['n8n-nodes-base.googleSheets', 'n8n-nodes-base.slack'];

/** Where examples/nightly-report-to-spreadsheet.json writes: n8n's allowed folder in its Docker image (HOME=/home/node). */
export const EXAMPLE_FILES_FOLDER = '/home/node/.n8n-files';

/**
 * The nightly report example as a local n8n can run it: Google Sheets nodes disabled, the XLSX written
 * into `filesFolder` (that n8n's ~/.n8n-files) instead of the Docker image's folder.
 */
export function nightlyExampleForLocalRun(filesFolder: string): Example {
	const example = loadExample('nightly-report-to-spreadsheet.json');
	for (const node of example.nodes) {
		if (OUTBOUND.includes(node.type)) node.disabled = true;
		const fileName = node.parameters.fileName;
		if (node.type === 'n8n-nodes-base.readWriteFile' && typeof fileName === 'string') {
			if (!fileName.startsWith(`=${EXAMPLE_FILES_FOLDER}/`))
				throw new Error(`${node.name} writes outside ${EXAMPLE_FILES_FOLDER}: ${fileName}`);
			node.parameters = {
				...node.parameters,
				fileName: `=${filesFolder}/${fileName.slice(EXAMPLE_FILES_FOLDER.length + 2)}`,
			};
		}
	}
	return example;
}

const CREDENTIAL = { inventoryProApi: { id: '', name: 'Inventory Pro account' } };

/** `start` → `node` → No Operation, positioned left to right. */
export function chain(name: string, start: WorkflowNode, ...then: WorkflowNode[]): WorkflowJson {
	const nodes = [start, ...then];
	nodes.push({ name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} });
	nodes.forEach((n, i) => (n.position = [i * 240, 0]));
	const connections: Record<string, unknown> = {};
	for (let i = 0; i < nodes.length - 1; i++) {
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	}
	return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}

export const manualTrigger = (): WorkflowNode => ({
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	parameters: {},
});

export function inventoryPro(name: string, parameters: Record<string, unknown>): WorkflowNode {
	return {
		name,
		type: `${PREFIX}inventoryPro`,
		typeVersion: 2,
		parameters,
		credentials: CREDENTIAL,
	};
}

/** The n8n data table examples/sync-changed-items.json upserts into (the demo creates it). */
export const SYNC_TABLE = {
	name: 'Inventory Pro items',
	columns: [
		{ name: 'shortID', type: 'string' },
		{ name: 'partNo', type: 'number' },
		{ name: 'description', type: 'string' },
		{ name: 'category', type: 'number' },
		{ name: 'putUp', type: 'string' },
		{ name: 'discontinued', type: 'boolean' },
		{ name: 'modified', type: 'string' },
	] as Array<{ name: string; type: 'string' | 'number' | 'boolean' | 'date' }>,
};
