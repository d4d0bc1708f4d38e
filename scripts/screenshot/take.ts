/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// `npm run screenshot`: the Inventory Pro node's panel in the real n8n editor, for the README.
// Starts the sandbox and n8n 2.41.1 with the packed package, opens a Manual Trigger -> Inventory Pro
// (Customer › Get, node version 2) workflow in Debian's Chromium (playwright-core, no browser download),
// searches the customer record picker (its "From List" reads the sandbox), picks one, runs the step,
// opens the picker again so the picture shows its list, and saves docs/inventory-pro-node.png.
// Stops everything.
import { existsSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join, relative } from 'path';
import { format } from 'util';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

import { DEMO_CLIENT, startSandbox, type Sandbox } from '../../sandbox';
import { ensureN8n, startN8n, type N8n } from '../../test/e2e/n8n';
import { REPO_ROOT } from '../../test/e2e/support/community-package';

const OUTPUT = process.argv[2] ?? join(REPO_ROOT, 'docs', 'inventory-pro-node.png');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VIEWPORT = { width: 1440, height: 900 };
// A cold editor on a busy 2-core machine takes a while to load its bundles.
const UI_TIMEOUT_MS = 90_000;
/** Typed into the picker's search: the list filters on the node's side (the service has no search). */
const SEARCH = 'supply';
// Headless Debian Chromium on a closed network: no background connections, no first-run work.
const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--disable-dev-shm-usage',
];

const log = (message: string) => process.stdout.write(`[screenshot] ${message}\n`);
const warn = (...parts: unknown[]) => process.stderr.write(`${format('[screenshot]', ...parts)}\n`);

function workflow(credential: { id: string; name: string }) {
	return {
		name: 'Look up a customer',
		nodes: [
			{
				name: 'When clicking "Execute workflow"',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0] as [number, number],
				parameters: {},
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
				credentials: { inventoryProApi: credential },
			},
		],
		connections: {
			'When clicking "Execute workflow"': {
				main: [[{ node: 'Inventory Pro', type: 'main', index: 0 }]],
			},
		},
	};
}

async function signIn(page: Page, n8n: N8n): Promise<void> {
	await page.goto(`${n8n.baseUrl}signin`);
	const form = page.locator('[data-test-id="signin-form"]');
	await form.locator('input[type="email"]').fill(n8n.owner.email);
	await form.locator('input[type="password"]').fill(n8n.owner.password);
	await form.locator('button[type="submit"], button:has-text("Sign in")').first().click();
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

async function openNode(page: Page, n8n: N8n, workflowId: string): Promise<void> {
	await page.goto(`${n8n.baseUrl}workflow/${workflowId}`);
	const node = page.locator('[data-test-id="canvas-node"][data-node-name="Inventory Pro"]');
	await node.waitFor();
	await node.dblclick();
	await page.locator('[data-test-id="ndv"]').waitFor();
	await page.locator('[data-test-id="node-parameters"]').waitFor();
}

const picker = (page: Page) => page.locator('[data-test-id="resource-locator-shortID"]');

/** Opens the customer picker (the node's searchCustomers reads the sandbox) and types the search text. */
async function searchCustomers(page: Page): Promise<void> {
	await picker(page).locator('[data-test-id="rlc-input"]').click();
	await page.locator('[data-test-id="rlc-item"]').first().waitFor();
	await page
		.locator('[data-test-id="rlc-search"] input, input[data-test-id="rlc-search"]')
		.first()
		.fill(SEARCH);
	await page
		.locator('[data-test-id="rlc-item"]')
		.filter({ hasText: new RegExp(SEARCH, 'i') })
		.first()
		.waitFor();
}

/** Takes the first customer the search found. */
async function pickFirst(page: Page): Promise<string> {
	const first = page.locator('[data-test-id="rlc-item"]').first();
	const name = (await first.innerText()).trim();
	await first.click();
	return name;
}

/** Runs the step (Manual Trigger, then the node) and waits for the record in the output pane. */
async function runStep(page: Page): Promise<void> {
	await page.locator('[data-test-id="ndv"] [data-test-id="node-execute-button"]').first().click();
	await page
		.locator('[data-test-id="output-panel"] table')
		.filter({ visible: true })
		.first()
		.waitFor();
}

/** "Node executed successfully" would cover the output pane's pager. */
async function closeToasts(page: Page): Promise<void> {
	for (const close of await page.locator('.el-notification .el-notification__closeBtn').all()) {
		await close.click().catch(() => undefined);
	}
	await page
		.locator('.el-notification')
		.first()
		.waitFor({ state: 'hidden', timeout: 10_000 })
		.catch(() => undefined);
}

async function main(): Promise<void> {
	if (!existsSync(CHROMIUM))
		throw new Error(
			`no Chromium at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH`,
		);
	const started = Date.now();
	let sandbox: Sandbox | undefined;
	let n8n: N8n | undefined;
	let browser: BrowserContext | undefined;
	let page: Page | undefined;
	// A fresh, empty profile for every run.
	const profile = mkdtempSync(join(tmpdir(), 'inventory-pro-chromium-'));
	const stopAll = async () => {
		await browser?.close().catch(() => undefined);
		rmSync(profile, { recursive: true, force: true });
		await n8n?.stop().catch((e: unknown) => warn('stopping n8n:', e));
		await sandbox?.close().catch((e: unknown) => warn('stopping the sandbox:', e));
	};
	process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
	process.once('SIGTERM', () => void stopAll().then(() => process.exit(143)));

	let done = false;
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
				ignoreSslIssues: true,
			},
			'Inventory Pro (sandbox)',
		);
		const created = await n8n.createWorkflow(workflow(credential), [credential]);

		// n8n's certificate is self-signed for 127.0.0.1.
		browser = await chromium.launchPersistentContext(profile, {
			executablePath: CHROMIUM,
			headless: true,
			args: CHROMIUM_ARGS,
			viewport: VIEWPORT,
			ignoreHTTPSErrors: true,
			colorScheme: 'light',
		});
		page = browser.pages()[0] ?? (await browser.newPage());
		page.setDefaultTimeout(UI_TIMEOUT_MS);

		await signIn(page, n8n);
		await openNode(page, n8n, created.id);
		await searchCustomers(page);
		log(`picked customer "${await pickFirst(page)}" from the list`);
		await runStep(page);
		await closeToasts(page);
		// The picture shows the picker open on its search, beside the record the step returned.
		await searchCustomers(page);
		await page.mouse.move(0, VIEWPORT.height - 1); // no hover highlight in the picture
		await page.waitForTimeout(500); // let the output table settle
		// The whole viewport: cropping to the panel would halve the previous-node button on its edge.
		await page.screenshot({ path: OUTPUT });
		log(
			`wrote ${relative(process.cwd(), OUTPUT)} in ${Math.round((Date.now() - started) / 1000)} s`,
		);
		done = true;
	} finally {
		// When it went wrong: what the browser showed (login page, error toast, ...).
		const shot = join(tmpdir(), 'inventory-pro-screenshot-failure.png');
		if (
			!done &&
			page &&
			(await page.screenshot({ path: shot }).then(
				() => true,
				() => false,
			))
		)
			log(`failure screenshot: ${shot}`);
		await stopAll();
	}
}

main().catch((error: unknown) => {
	warn('failed:', error instanceof Error ? error.message : error);
	process.exit(1);
});
