/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// The body of `npm run demo` (scripts/n8n/demo.sh installs n8n and builds first, then runs this from
// .build/): sandbox + real n8n with the package, a credential for the sandbox, the example workflows.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { format } from 'util';

import { startN8n, type N8n, type Owner, type WorkflowJson } from '../../test/e2e/n8n';
import { REPO_ROOT } from '../../test/e2e/support/community-package';
import { portInUse } from '../../test/e2e/support/processes';
import { nightlyExampleForLocalRun, SYNC_TABLE } from '../../test/e2e/support/workflows';

const OWNER: Owner = {
	email: 'demo@inventory-pro.test',
	password: 'InventoryPro-example-1',
	firstName: 'Demo',
	lastName: 'Owner',
};

const say = (message: string) => process.stdout.write(`${message}\n`);
const warn = (...parts: unknown[]) => process.stderr.write(`${format(...parts)}\n`);

interface DemoSandbox {
	baseUrl: string;
	ca: string;
	clientId: string;
	clientSecret: string;
	close(): Promise<void>;
}

/**
 * Starts the sandbox from .build/sandbox. Loaded at run time so this file compiles before the
 * sandbox exists; the sandbox contract is docs/architecture.md's startSandbox().
 */
async function startDemoSandbox(): Promise<DemoSandbox> {
	const entry = join(__dirname, '..', '..', 'sandbox', 'index.js');
	if (!existsSync(entry)) throw new Error(`no sandbox build at ${entry} (npm run build:dev)`);
	const mod = (await import(entry)) as Record<string, unknown>;
	const startSandbox = mod.startSandbox as (
		options: Record<string, unknown>,
	) => Promise<Record<string, unknown>>;
	// trustSelfSigned: its webhook deliveries go to n8n's self-signed HTTPS listener.
	const sandbox = await startSandbox({ port: 0, trustSelfSigned: true });
	const client = (mod.DEMO_CLIENT ?? (sandbox.clients as unknown[] | undefined)?.[0]) as
		{ clientId: string; clientSecret: string } | undefined;
	if (!client) throw new Error('the sandbox exports no demo client (DEMO_CLIENT)');
	return {
		baseUrl: sandbox.baseUrl as string,
		ca: sandbox.ca as string,
		clientId: client.clientId,
		clientSecret: client.clientSecret,
		close: sandbox.close as () => Promise<void>,
	};
}

function exampleWorkflows(): Array<{ file: string; json: WorkflowJson & { active?: boolean } }> {
	const dir = join(REPO_ROOT, 'examples');
	if (!existsSync(dir)) return [];
	return readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => ({
			file,
			json: JSON.parse(readFileSync(join(dir, file), 'utf8')) as WorkflowJson & {
				active?: boolean;
			},
		}));
}

async function main(): Promise<void> {
	const n8nDir = process.argv[2];
	if (!n8nDir) throw new Error('usage: demo.js <n8n folder from scripts/n8n/ensure-n8n.sh>');

	let sandbox: DemoSandbox | undefined;
	let n8n: N8n | undefined;
	let stopping = false;
	const stopAll = async (code: number) => {
		if (stopping) return;
		stopping = true;
		say('\n[demo] stopping n8n and the sandbox ...');
		await n8n?.stop().catch((e: unknown) => warn('[demo] stopping n8n:', e));
		await sandbox?.close().catch((e: unknown) => warn('[demo] stopping the sandbox:', e));
		say('[demo] stopped');
		process.exit(code);
	};
	process.on('SIGINT', () => void stopAll(0));
	process.on('SIGTERM', () => void stopAll(0));

	try {
		sandbox = await startDemoSandbox();
		say(`[demo] sandbox: ${sandbox.baseUrl}`);

		const port = (await portInUse(5678)) ? undefined : 5678;
		let lines = 0;
		const started = Date.now();
		const ticker = setInterval(
			() =>
				say(
					`[demo] ... n8n starting (${Math.round((Date.now() - started) / 1000)} s, ${lines} log lines)`,
				),
			5_000,
		);
		try {
			n8n = await startN8n({
				n8nDir,
				port,
				owner: OWNER,
				extraCa: sandbox.ca,
				onLine: () => lines++,
			});
		} finally {
			clearInterval(ticker);
		}
		void n8n.exited.then((code) => {
			if (!stopping) {
				warn(`[demo] n8n exited unexpectedly (${code}); its log:\n${n8n?.recentLog(40)}`);
				void stopAll(1);
			}
		});
		say(`[demo] n8n ready in ${Math.round((Date.now() - started) / 1000)} s (log: ${n8n.logPath})`);

		say('[demo] 4/4 credential and example workflows');
		const credential = await n8n.createCredential(
			'inventoryProApi',
			{
				baseUrl: sandbox.baseUrl,
				clientId: sandbox.clientId,
				clientSecret: sandbox.clientSecret,
				ignoreSslIssues: true,
			},
			'Inventory Pro (sandbox)',
		);
		// The table examples/sync-changed-items.json upserts into.
		await n8n
			.createDataTable(SYNC_TABLE.name, SYNC_TABLE.columns)
			.catch((error: unknown) =>
				warn(`[demo]   data table "${SYNC_TABLE.name}": ${(error as Error).message}`),
			);
		// The nightly report writes its XLSX into n8n's allowed folder (~/.n8n-files; n8n does not create it)
		// and has no Google account here: its Google Sheets nodes are disabled.
		mkdirSync(n8n.filesFolder, { recursive: true });
		for (const { file, json } of exampleWorkflows()) {
			try {
				const local =
					file === 'nightly-report-to-spreadsheet.json'
						? nightlyExampleForLocalRun(n8n.filesFolder)
						: json;
				const workflow = await n8n.createWorkflow(local, [credential]);
				let note = '';
				if (json.active) {
					await n8n.activate(workflow.id);
					note = ' (active)';
				}
				say(`[demo]   ${file} -> ${n8n.baseUrl}workflow/${workflow.id}${note}`);
			} catch (error) {
				warn(`[demo]   ${file}: ${(error as Error).message}`);
			}
		}

		say(`
  n8n editor:  ${n8n.baseUrl}   (self-signed certificate: accept the browser's warning)
  log in as:   ${OWNER.email}
  password:    ${OWNER.password}
  credential:  "${credential.name}" -> ${sandbox.baseUrl}
  sandbox:     client id ${sandbox.clientId}, client secret ${sandbox.clientSecret}

  Examples (examples/README.md): open "Nightly stock valuation" and click "Execute workflow": the XLSX file
  lands in ${n8n.filesFolder} (its Google Sheets nodes are disabled here). "Sync items changed" is active: change an item in the sandbox and within a minute its row
  appears in the data table "${SYNC_TABLE.name}" (Overview -> Data tables):
    TOKEN=$(curl -sk ${sandbox.baseUrl}/Token -d grant_type=client_credentials -d client_id=${sandbox.clientId} -d client_secret=${sandbox.clientSecret} | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')
    curl -sk -X PUT -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '{"itemID":"SCR-00001","description":"Changed in the demo"}' ${sandbox.baseUrl}/Item

  Ctrl-C stops n8n and the sandbox.
`);
	} catch (error) {
		warn(`[demo] failed: ${(error as Error).message}`);
		await stopAll(1);
	}
}

void main();
