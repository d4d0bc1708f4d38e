/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// `npm run screenshot`: what a user sees of the Inventory Pro node in the real n8n editor, for the README
// and docs/. Starts the sandbox and n8n 2.41.1 with the packed package, drives Debian's Chromium
// (test/e2e/support/editor.ts, which test/e2e/editor.e2e.test.ts drives too) and saves, into docs/ or the
// folder given as the first argument:
// - inventory-pro-node.png: Customer › Get, its record picker searched ("From List" reads the sandbox),
//   a customer picked and the step run, the picker open again beside the record it returned;
// - editor-spot-picker.png: Inventory › Set Counted Quantity, a warehouse picked From List and the Spot
//   picker open on that warehouse's spots;
// - editor-upsert-preview.png: Item › Create or Update after sheet rows, Map Automatically, Preview (Write
//   Nothing) on, the step run: a preview per row.
// Stops everything.
import { tmpdir } from 'os';
import { join, relative } from 'path';
import { format } from 'util';
import type { Page } from 'playwright-core';

import { DEMO_CLIENT, startSandbox, type Sandbox } from '../../sandbox';
import { ensureN8n, startN8n, type CredentialRef, type N8n } from '../../test/e2e/n8n';
import { REPO_ROOT } from '../../test/e2e/support/community-package';
import {
	closeToasts,
	openEditor,
	openList,
	openNode,
	picture,
	pickEntry,
	previewSheet,
	runStep,
	searchList,
	spotChoice,
	spotPickerScenario,
	upsertPreviewScenario,
	type Editor,
} from '../../test/e2e/support/editor';
import { manualTrigger } from '../../test/e2e/support/workflows';

const FOLDER = process.argv[2] ?? join(REPO_ROOT, 'docs');
/** Typed into the customer picker's search: the list filters on the node's side (the service has no search). */
const SEARCH = 'supply';

const log = (message: string) => process.stdout.write(`[screenshot] ${message}\n`);
const warn = (...parts: unknown[]) => process.stderr.write(`${format('[screenshot]', ...parts)}\n`);

function customerWorkflow(credential: CredentialRef) {
	return {
		name: 'Look up a customer',
		nodes: [
			{
				...manualTrigger(),
				name: 'When clicking "Execute workflow"',
				position: [0, 0] as [number, number],
			},
			{
				name: 'Inventory Pro',
				type: 'n8n-nodes-inventory-pro.inventoryPro',
				typeVersion: 2,
				position: [260, 0] as [number, number],
				parameters: {
					resource: 'customer',
					operation: 'get',
					shortID: { __rl: true, mode: 'list', value: '' },
				},
				credentials: { inventoryProApi: { id: credential.id, name: credential.name } },
			},
		],
		connections: {
			'When clicking "Execute workflow"': {
				main: [[{ node: 'Inventory Pro', type: 'main', index: 0 }]],
			},
		},
	};
}

/** Customer › Get: a customer searched for and picked, the step run, the picker open again on its search. */
async function customerPicker(page: Page, n8n: N8n, credential: CredentialRef, path: string) {
	const workflow = await n8n.createWorkflow(customerWorkflow(credential), [credential]);
	await openNode(page, n8n, workflow.id, 'Inventory Pro');
	await openList(page, 'shortID');
	await searchList(page, SEARCH);
	const first = await page.locator('[data-test-id="rlc-item"]').first().innerText();
	log(`picked customer "${await pickEntry(page, 'shortID', first.trim())}" from the list`);
	await runStep(page);
	await closeToasts(page);
	await openList(page, 'shortID');
	await searchList(page, SEARCH);
	await picture(page, path);
}

async function main(): Promise<void> {
	const started = Date.now();
	let sandbox: Sandbox | undefined;
	let n8n: N8n | undefined;
	let editor: Editor | undefined;
	const stopAll = async () => {
		await editor?.close();
		await n8n?.stop().catch((e: unknown) => warn('stopping n8n:', e));
		await sandbox?.close().catch((e: unknown) => warn('stopping the sandbox:', e));
	};
	process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
	process.once('SIGTERM', () => void stopAll().then(() => process.exit(143)));

	let step = 'starting';
	try {
		const n8nDir = await ensureN8n((line) => log(line));
		sandbox = await startSandbox({ port: 0 });
		log(`sandbox at ${sandbox.baseUrl}; starting n8n ...`);
		n8n = await startN8n({ n8nDir, extraCa: sandbox.ca });
		log(`n8n at ${n8n.baseUrl} (${Math.round((Date.now() - started) / 1000)} s)`);
		const credential = await n8n.createCredential(
			'inventoryProApi',
			{
				baseUrl: sandbox.baseUrl,
				clientId: DEMO_CLIENT.clientId,
				clientSecret: DEMO_CLIENT.clientSecret,
				ignoreSslIssues: false,
			},
			'Inventory Pro (sandbox)',
		);
		editor = await openEditor(n8n);
		const { page } = editor;
		const saved = (name: string) => {
			const path = join(FOLDER, name);
			return async (shown: Page) => {
				await picture(shown, path);
				log(`wrote ${relative(process.cwd(), path)}`);
			};
		};

		step = 'customer picker';
		await customerPicker(page, n8n, credential, join(FOLDER, 'inventory-pro-node.png'));
		log(`wrote ${relative(process.cwd(), join(FOLDER, 'inventory-pro-node.png'))}`);

		step = 'spot picker';
		const { first, then, spot } = spotChoice(sandbox);
		const spots = await spotPickerScenario(
			page,
			n8n,
			credential,
			{ warehouses: [first.name, then.name], spot },
			saved('editor-spot-picker.png'),
		);
		log(`${then.name}: ${spots.spots[then.name].length} spots listed; picked ${spots.pickedSpot}`);

		step = 'Create or Update preview';
		const { sheet } = previewSheet(sandbox);
		const writes = sandbox.requests.length;
		const preview = await upsertPreviewScenario(
			page,
			n8n,
			credential,
			sheet,
			saved('editor-upsert-preview.png'),
		);
		log(`preview rows: ${preview.rows.map((row) => `${row.shortID} ${row.action}`).join(', ')}`);
		const written = sandbox.requests
			.slice(writes)
			.filter((r) => r.endpointId !== 'token' && r.method !== 'GET');
		if (written.length) throw new Error(`the preview wrote: ${JSON.stringify(written)}`);

		log(`done in ${Math.round((Date.now() - started) / 1000)} s`);
		step = '';
	} finally {
		// When it went wrong: what the browser showed (login page, error toast, ...).
		if (step && editor) {
			const shot = join(tmpdir(), 'inventory-pro-screenshot-failure.png');
			const taken = await editor.page.screenshot({ path: shot }).then(
				() => true,
				() => false,
			);
			if (taken) log(`${step} failed; the browser then: ${shot}`);
		}
		await stopAll();
	}
}

main().catch((error: unknown) => {
	warn('failed:', error instanceof Error ? error.message : error);
	process.exit(1);
});
