/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// The real n8n editor in Debian's Chromium, driven through playwright-core (no browser download): what
// test/e2e/editor.e2e.test.ts asserts on and scripts/screenshot/take.ts takes pictures of. The two
// scenarios here do what a user does and report what the editor showed; the callers judge it.
import { existsSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';

import type { Sandbox } from '../../../sandbox';
import type { CredentialRef, N8n, Workflow, WorkflowJson, WorkflowNode } from '../n8n';
import { until } from './wait';
import { manualTrigger, PREFIX } from './workflows';

/** Debian's package `chromium`; .ci/run installs it when it is missing. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const VIEWPORT = { width: 1440, height: 900 };
/** A cold editor on a busy 2-core machine takes a while to load its bundles and answer a click. */
export const UI_TIMEOUT_MS = 90_000;

// Headless Chromium on a closed network: no background connections, no first-run work, and no name
// resolves (the editor is at 127.0.0.1, an address), so nothing it loads can leave the machine.
const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--disable-dev-shm-usage',
	'--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

export interface Editor {
	page: Page;
	/** Requests the page tried to send off loopback: refused, listed here. */
	refused: string[];
	close(): Promise<void>;
}

/** Chromium on a fresh profile, signed in to `n8n` as its owner. */
export async function openEditor(n8n: N8n): Promise<Editor> {
	if (!existsSync(CHROMIUM))
		throw new Error(
			`no Chromium at ${CHROMIUM}: apt-get install -y --no-install-recommends chromium (Debian), or set CHROMIUM_PATH`,
		);
	const profile = mkdtempSync(join(tmpdir(), 'inventory-pro-chromium-'));
	let context: BrowserContext | undefined;
	const close = async () => {
		await context?.close().catch(() => undefined);
		rmSync(profile, { recursive: true, force: true });
	};
	let opened = false;
	try {
		// n8n's certificate is self-signed for 127.0.0.1.
		context = await chromium.launchPersistentContext(profile, {
			executablePath: CHROMIUM,
			headless: true,
			args: CHROMIUM_ARGS,
			viewport: VIEWPORT,
			ignoreHTTPSErrors: true,
			colorScheme: 'light',
		});
		const refused: string[] = [];
		await context.route(
			(url) => !['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:',
			async (route) => {
				refused.push(route.request().url());
				await route.abort('blockedbyclient');
			},
		);
		const page = context.pages()[0] ?? (await context.newPage());
		page.setDefaultTimeout(UI_TIMEOUT_MS);
		await signIn(page, n8n);
		opened = true;
		return { page, refused, close };
	} finally {
		if (!opened) await close();
	}
}

async function signIn(page: Page, n8n: N8n): Promise<void> {
	await page.goto(`${n8n.baseUrl}signin`);
	const form = page.locator('[data-test-id="signin-form"]');
	await form.locator('input[type="email"]').fill(n8n.owner.email);
	await form.locator('input[type="password"]').fill(n8n.owner.password);
	await form.locator('button[type="submit"], button:has-text("Sign in")').first().click();
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

/** Opens the saved workflow and the node's panel (NDV) by double-clicking it on the canvas. */
export async function openNode(
	page: Page,
	n8n: N8n,
	workflowId: string,
	nodeName: string,
): Promise<void> {
	await page.goto(`${n8n.baseUrl}workflow/${workflowId}`);
	const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`);
	await node.waitFor();
	await node.dblclick();
	await page.locator('[data-test-id="ndv"]').waitFor();
	await page.locator('[data-test-id="node-parameters"]').waitFor();
}

/** A record picker (resource locator) of the open node, by parameter name. */
export const picker = (page: Page, parameter: string) =>
	page.locator(`[data-test-id="resource-locator-${parameter}"]`);

const listItems = (page: Page) => page.locator('[data-test-id="rlc-item"]');

/** What a picker's field shows (the picked record's name). */
export async function pickerText(page: Page, parameter: string): Promise<string> {
	const input = picker(page, parameter).locator(
		'[data-test-id="rlc-input"] input, input[data-test-id="rlc-input"]',
	);
	return await input.first().inputValue();
}

/**
 * Opens the picker's "From List" (the node's list search runs on n8n's side) and returns the entries it
 * shows, once the list has stopped changing. The list stays open.
 */
export async function openList(page: Page, parameter: string): Promise<string[]> {
	await picker(page, parameter).locator('[data-test-id="rlc-input"]').click();
	await listItems(page).first().waitFor();
	let last = '';
	const shown = await until(
		`the ${parameter} list to settle`,
		async () => {
			const texts = (await listItems(page).allInnerTexts()).map((text) => text.trim());
			const now = JSON.stringify(texts);
			const settled = now === last;
			last = now;
			return settled && texts;
		},
		UI_TIMEOUT_MS,
	);
	return shown;
}

/** Opens the picker's list and picks the entry whose text starts with `text` (pickEntry). */
export async function pickFromList(page: Page, parameter: string, text: string): Promise<string> {
	await openList(page, parameter);
	return await pickEntry(page, parameter, text);
}

/**
 * Clicks the entry of the open list whose text starts with `text` and waits for the picker to show it;
 * returns the entry's text.
 */
export async function pickEntry(page: Page, parameter: string, text: string): Promise<string> {
	const entry = entryStarting(page, text);
	const name = (await entry.innerText()).trim();
	await entry.click();
	await until(
		`the ${parameter} picker to show "${name}"`,
		async () => (await pickerText(page, parameter)) === name,
		UI_TIMEOUT_MS,
	);
	return name;
}

/** Types into the search box of the open list and waits for an entry that matches. */
export async function searchList(page: Page, search: string): Promise<void> {
	await page
		.locator('[data-test-id="rlc-search"] input, input[data-test-id="rlc-search"]')
		.first()
		.fill(search);
	await listItems(page)
		.filter({ hasText: new RegExp(escapeRegExp(search), 'i') })
		.first()
		.waitFor();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first entry of the open list whose text starts with `text`. */
const entryStarting = (page: Page, text: string) =>
	listItems(page)
		.filter({ hasText: new RegExp(`^\\s*${escapeRegExp(text)}`) })
		.first();

/** Closes an open dropdown (a picker's list) without leaving the panel. */
export async function closeDropdown(page: Page): Promise<void> {
	await page.keyboard.press('Escape');
	await page.locator('[data-test-id="rlc-item"]').first().waitFor({ state: 'hidden' });
}

/** Ctrl+S, then waits until n8n holds what `saved` looks for. */
export async function save<T>(
	page: Page,
	n8n: N8n,
	workflowId: string,
	saved: (workflow: Workflow) => T | undefined | false,
): Promise<T> {
	await page.keyboard.press('Control+s');
	return await until(
		'the workflow saved from the editor',
		async () => saved(await n8n.getWorkflow(workflowId)),
		UI_TIMEOUT_MS,
	);
}

/** Chooses "Map Each Column Manually" or "Map Automatically" in a resourceMapper's Mapping Column Mode. */
export async function setMappingMode(page: Page, mode: string): Promise<void> {
	const select = page.locator('[data-test-id="mapping-mode-select"]');
	await select.locator('input').click();
	await page.locator('.el-select-dropdown__item').filter({ visible: true, hasText: mode }).click();
	await until(
		`Mapping Column Mode to show "${mode}"`,
		async () => (await select.locator('input').inputValue()) === mode,
		UI_TIMEOUT_MS,
	);
}

/**
 * Adds the boolean option `name` of the node's Options collection (a collection with one option adds it
 * with its button) and switches it on.
 */
export async function switchOnOption(page: Page, name: string): Promise<void> {
	const option = page.locator(`[data-test-id="parameter-input-${name}"]`);
	if (!(await option.isVisible()))
		await page.locator('[data-test-id="collection-parameter-add"]').first().click();
	const toggle = option.locator('input[role="switch"]');
	await toggle.waitFor({ state: 'attached' });
	if ((await toggle.getAttribute('aria-checked')) !== 'true')
		await option.locator('.el-switch').click();
	await until(
		`the ${name} switch to be on`,
		async () => (await toggle.getAttribute('aria-checked')) === 'true',
		UI_TIMEOUT_MS,
	);
}

const outputPanel = (page: Page) => page.locator('[data-test-id="output-panel"]');

/** "Execute step" in the open panel (n8n runs the nodes before it too) and waits for the output table. */
export async function runStep(page: Page): Promise<void> {
	await page.locator('[data-test-id="ndv"] [data-test-id="node-execute-button"]').first().click();
	await outputTable(page).waitFor();
}

const outputTable = (page: Page): Locator =>
	outputPanel(page).locator('table').filter({ visible: true }).first();

/** The output pane's Table view as rows of column → cell text (nested values as the cells show them). */
export async function outputRows(page: Page): Promise<Array<Record<string, string>>> {
	const table = outputTable(page);
	const heads = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
	const rows: Array<Record<string, string>> = [];
	for (const row of await table.locator('tbody tr').all()) {
		const cells = (await row.locator(':scope > td').allInnerTexts()).map((text) => text.trim());
		rows.push(
			Object.fromEntries(heads.flatMap((head, i) => (head ? [[head, cells[i] ?? '']] : []))),
		);
	}
	return rows;
}

/** Shows the input pane as a table (its rows as a sheet shows them) instead of the schema. */
export async function inputAsTable(page: Page): Promise<void> {
	const input = page.locator('[data-test-id="ndv-input-panel"]');
	await input.locator('[data-test-id="radio-button-table"]').click();
	await input.locator('table').filter({ visible: true }).first().waitFor();
}

/**
 * Gives the output pane more room (the panel's drag handle moved `by` pixels to the left) and shows every
 * row on one line but for `column`, as the table's "Collapse rows" button on that column does.
 */
export async function focusOutputColumn(page: Page, column: string, by = 200): Promise<void> {
	const handle = page.locator('[data-test-id="panel-drag-button"]');
	const box = await handle.boundingBox();
	if (box) {
		const y = box.y + box.height / 2;
		await page.mouse.move(box.x + box.width / 2, y);
		await page.mouse.down();
		await page.mouse.move(box.x + box.width / 2 - by, y, { steps: 10 });
		await page.mouse.up();
	}
	const head = outputTable(page)
		.locator('thead th')
		.filter({ hasText: new RegExp(`^\\s*${column}\\s*$`) });
	await head.hover();
	await head.locator('button[aria-label="Collapse rows"]').click();
}

/** "Node executed successfully" would cover the output pane. */
export async function closeToasts(page: Page): Promise<void> {
	for (const close of await page.locator('.el-notification .el-notification__closeBtn').all()) {
		await close.click().catch(() => undefined);
	}
	await page
		.locator('.el-notification')
		.first()
		.waitFor({ state: 'hidden', timeout: 10_000 })
		.catch(() => undefined);
}

/** The whole viewport, with no hover highlight (cropping to the panel would cut its edges). */
export async function picture(page: Page, path: string): Promise<void> {
	await page.mouse.move(0, VIEWPORT.height - 1);
	await page.waitForTimeout(300); // the hover's and the panels' transitions end
	await page.screenshot({ path });
}

/** The Inventory Pro action node (version 2) with the credential. */
function inventoryPro(
	name: string,
	parameters: Record<string, unknown>,
	credential: CredentialRef,
): WorkflowNode {
	return {
		name,
		type: `${PREFIX}inventoryPro`,
		typeVersion: 2,
		parameters,
		credentials: { inventoryProApi: { id: credential.id, name: credential.name } },
	};
}

/** `nodes` in a row, left to right, each feeding the next. */
function inRow(
	name: string,
	nodes: WorkflowNode[],
	pinData?: Record<string, Array<{ json: Record<string, unknown> }>>,
): WorkflowJson {
	nodes.forEach((node, i) => (node.position = [i * 240, 0]));
	const connections: Record<string, unknown> = {};
	for (let i = 0; i < nodes.length - 1; i++)
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return { name, nodes, connections, settings: { executionOrder: 'v1' }, pinData };
}

export const COUNT_NODE = 'Set counted quantity';

/** What the spot picture shows: two warehouses picked in turn (neither the first), then a spot of the second. */
export function spotChoice(sandbox: Sandbox) {
	const [first, then] = [sandbox.store.warehouses.rows[2], sandbox.store.warehouses.rows[1]];
	const spots = sandbox.store.locations.rows
		.filter((location) => location.warehouseID === then.warehouseID)
		.map((location) => location.spot)
		.sort();
	return { first, then, spot: spots[2] };
}

export interface SpotPickerSeen {
	workflow: Workflow;
	/** The Warehouse picker's list. */
	warehouses: string[];
	/** The Spot picker's list after each warehouse was picked, by the warehouse's name. */
	spots: Record<string, string[]>;
	/** What the Spot picker shows after `spot` was picked. */
	pickedSpot: string;
	/** The node's parameters as n8n saved them (Ctrl+S). */
	saved: Record<string, unknown>;
}

/**
 * Inventory › Set Counted Quantity in a new workflow: picks each of `warehouses` in turn From List and
 * opens the Spot picker after each, then picks the spot whose code is `spot` (of the last warehouse) and
 * saves. `pictureOf` is called while the last warehouse's spot list is open.
 */
export async function spotPickerScenario(
	page: Page,
	n8n: N8n,
	credential: CredentialRef,
	{ warehouses, spot }: { warehouses: string[]; spot: string },
	pictureOf: (page: Page) => Promise<void> = async () => {},
): Promise<SpotPickerSeen> {
	const json = inRow('Count a spot', [
		manualTrigger(),
		inventoryPro(
			COUNT_NODE,
			{
				resource: 'inventory',
				operation: 'setCountedQuantity',
				wID: { __rl: true, mode: 'list', value: '' },
				spot: { __rl: true, mode: 'list', value: '' },
			},
			credential,
		),
	]);
	const workflow = await n8n.createWorkflow(json, [credential]);
	await openNode(page, n8n, workflow.id, COUNT_NODE);
	const seen: SpotPickerSeen = {
		workflow,
		warehouses: await openList(page, 'wID'),
		spots: {},
		pickedSpot: '',
		saved: {},
	};
	await closeDropdown(page);
	for (const [i, warehouse] of warehouses.entries()) {
		await pickFromList(page, 'wID', warehouse);
		seen.spots[warehouse] = await openList(page, 'spot');
		if (i < warehouses.length - 1) await closeDropdown(page);
	}
	await pictureOf(page);
	seen.pickedSpot = await pickEntry(page, 'spot', `${spot} `);
	seen.saved = await save(page, n8n, workflow.id, (saved) => {
		const parameters = saved.nodes.find((node) => node.name === COUNT_NODE)?.parameters;
		return (parameters?.spot as { value?: string } | undefined)?.value ? parameters : undefined;
	});
	return seen;
}

export const UPSERT_NODE = 'Create or update item';

/**
 * A sheet's rows as a spreadsheet read gives them (a header row named like the item's fields, and the
 * sheet's own row_number): a new item, one whose description changed, one as the service holds it.
 */
export function previewSheet(sandbox: Sandbox) {
	const [changed, same] = sandbox.store.items.rows.filter((item) => !item.discontinued).slice(0, 2);
	const created = 'ANC-09001';
	const sheet = [
		{
			row_number: 2,
			shortID: created,
			description: 'Wall plug 8 mm',
			uOM: 'BOX',
			putUp: 'Box/50',
			units: 50,
		},
		{
			row_number: 3,
			shortID: changed.shortID,
			description: `${changed.description}, zinc plated`,
			uOM: changed.uOM,
			putUp: changed.putUp,
			units: changed.units,
		},
		{
			row_number: 4,
			shortID: same.shortID,
			description: same.description,
			uOM: same.uOM,
			putUp: same.putUp,
			units: same.units,
		},
	];
	return { sheet, created, changed, same };
}
export const SHEET_NODE = 'Item sheet';

export interface UpsertPreviewSeen {
	workflow: Workflow;
	/** Mapping Column Mode as the panel shows it after the choice. */
	mappingMode: string;
	/** The output pane's table after the run. */
	rows: Array<Record<string, string>>;
	/** The node's parameters as n8n saved them (Ctrl+S) after the run. */
	saved: Record<string, unknown>;
}

/**
 * Item › Create or Update after a node that gives `sheet` (rows as a spreadsheet read gives them; the
 * node's data pinned, as the editor's "pin data" does): in the panel, Mapping Column Mode → Map
 * Automatically and Options → Preview (Write Nothing) on, then Execute step. `pictureOf` is called with
 * the output shown.
 */
export async function upsertPreviewScenario(
	page: Page,
	n8n: N8n,
	credential: CredentialRef,
	sheet: Array<Record<string, unknown>>,
	pictureOf: (page: Page) => Promise<void> = async () => {},
): Promise<UpsertPreviewSeen> {
	const json = inRow(
		'Items from a sheet',
		[
			manualTrigger(),
			{ name: SHEET_NODE, type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} },
			inventoryPro(UPSERT_NODE, { resource: 'item', operation: 'upsert' }, credential),
		],
		{ [SHEET_NODE]: sheet.map((row) => ({ json: row })) },
	);
	const workflow = await n8n.createWorkflow(json, [credential]);
	await openNode(page, n8n, workflow.id, UPSERT_NODE);
	await setMappingMode(page, 'Map Automatically');
	const mappingMode = await page.locator('[data-test-id="mapping-mode-select"] input').inputValue();
	await switchOnOption(page, 'preview');
	await runStep(page);
	await inputAsTable(page);
	await closeToasts(page);
	const rows = await outputRows(page);
	// The picture: each preview on a line or a few, the fields it would change in full.
	await focusOutputColumn(page, 'changed');
	await pictureOf(page);
	const saved = await save(page, n8n, workflow.id, (saved) => {
		const parameters = saved.nodes.find((node) => node.name === UPSERT_NODE)?.parameters;
		return (parameters?.options as { preview?: boolean } | undefined)?.preview
			? parameters
			: undefined;
	});
	return { workflow, mappingMode, rows, saved };
}
