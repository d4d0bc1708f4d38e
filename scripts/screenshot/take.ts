// `npm run screenshot`: the Inventory Pro node's panel in the real n8n editor, for the README.
// Starts the sandbox and n8n 2.40.7 with the packed package, opens a Manual Trigger -> Inventory Pro
// workflow in Debian's Chromium (playwright-core, no browser download), picks a report from the
// dropdown the sandbox fills, runs the step and saves docs/inventory-pro-node.png. Stops everything.
import { existsSync } from 'fs';
import { tmpdir } from 'os';
import { join, relative } from 'path';
import { chromium, type Browser, type Page } from 'playwright-core';

import { DEMO_CLIENT, startSandbox, type Sandbox } from '../../sandbox';
import { ensureN8n, startN8n, type N8n } from '../../test/e2e/n8n';
import { REPO_ROOT } from '../../test/e2e/support/community-package';

const OUTPUT = process.argv[2] ?? join(REPO_ROOT, 'docs', 'inventory-pro-node.png');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VIEWPORT = { width: 1440, height: 900 };
// A cold editor on a busy 2-core machine takes a while to load its bundles.
const UI_TIMEOUT_MS = 90_000;

const log = (message: string) => console.log(`[screenshot] ${message}`);

function workflow(credential: { id: string; name: string }) {
	return {
		name: 'Stock valuation to a spreadsheet',
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
				typeVersion: 1,
				position: [260, 0] as [number, number],
				parameters: {
					resource: 'report',
					operation: 'run',
					reportID: { __rl: true, mode: 'list', value: '' },
					returnAll: true,
					filters: { sort: 'quantity', direction: 'DESC' },
				},
				credentials: { inventoryProApi: credential },
			},
		],
		connections: {
			'When clicking "Execute workflow"': { main: [[{ node: 'Inventory Pro', type: 'main', index: 0 }]] },
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

/** Opens the report picker (the node's searchReports asks the sandbox) and takes the first report. */
async function pickReport(page: Page): Promise<string> {
	await page.locator('[data-test-id="resource-locator-reportID"] [data-test-id="rlc-input"]').click();
	const first = page.locator('[data-test-id="rlc-item"]').first();
	await first.waitFor();
	const name = (await first.innerText()).trim();
	await first.click();
	return name;
}

/** Runs the step (Manual Trigger, then the node) and waits for its rows in the output pane. */
async function runStep(page: Page): Promise<void> {
	await page.locator('[data-test-id="ndv"] [data-test-id="node-execute-button"]').first().click();
	await page.locator('[data-test-id="output-panel"] table').filter({ visible: true }).first().waitFor();
}

/** "Node executed successfully" would cover the output pane's pager. */
async function closeToasts(page: Page): Promise<void> {
	for (const close of await page.locator('.el-notification .el-notification__closeBtn').all()) {
		await close.click().catch(() => undefined);
	}
	await page.locator('.el-notification').first().waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
}

async function main(): Promise<void> {
	if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH`);
	const started = Date.now();
	let sandbox: Sandbox | undefined;
	let n8n: N8n | undefined;
	let browser: Browser | undefined;
	let page: Page | undefined;
	const stopAll = async () => {
		await browser?.close().catch(() => undefined);
		await n8n?.stop().catch((e: unknown) => console.error('[screenshot] stopping n8n:', e));
		await sandbox?.close().catch((e: unknown) => console.error('[screenshot] stopping the sandbox:', e));
	};
	process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
	process.once('SIGTERM', () => void stopAll().then(() => process.exit(143)));

	try {
		const n8nDir = await ensureN8n((line) => log(line));
		sandbox = await startSandbox({ port: 0 });
		log(`sandbox at ${sandbox.baseUrl}; starting n8n ...`);
		n8n = await startN8n({ n8nDir, extraCa: sandbox.ca });
		log(`n8n at ${n8n.baseUrl} (${Math.round((Date.now() - started) / 1000)} s)`);

		const credential = await n8n.createCredential(
			'inventoryProApi',
			{ baseUrl: sandbox.baseUrl, clientId: DEMO_CLIENT.clientId, clientSecret: DEMO_CLIENT.clientSecret, ignoreSslIssues: true },
			'Inventory Pro (sandbox)',
		);
		const created = await n8n.createWorkflow(workflow(credential), [credential]);

		browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
		// n8n's certificate is self-signed for 127.0.0.1.
		const context = await browser.newContext({ viewport: VIEWPORT, ignoreHTTPSErrors: true, colorScheme: 'light' });
		page = await context.newPage();
		page.setDefaultTimeout(UI_TIMEOUT_MS);

		await signIn(page, n8n);
		await openNode(page, n8n, created.id);
		log(`picked report "${await pickReport(page)}" from the dropdown`);
		await runStep(page);
		await closeToasts(page);
		await page.mouse.move(0, VIEWPORT.height - 1); // no hover highlight in the picture
		await page.waitForTimeout(500); // let the output table settle
		// The whole viewport: cropping to the panel would halve the previous-node button on its edge.
		await page.screenshot({ path: OUTPUT });
		log(`wrote ${relative(process.cwd(), OUTPUT)} in ${Math.round((Date.now() - started) / 1000)} s`);
	} catch (error) {
		// What the browser showed when it went wrong (login page, error toast, ...).
		const shot = join(tmpdir(), 'inventory-pro-screenshot-failure.png');
		if (page && (await page.screenshot({ path: shot }).then(() => true, () => false))) log(`failure screenshot: ${shot}`);
		throw error;
	} finally {
		await stopAll();
	}
}

main().catch((error: unknown) => {
	console.error('[screenshot] failed:', error instanceof Error ? error.message : error);
	process.exit(1);
});
