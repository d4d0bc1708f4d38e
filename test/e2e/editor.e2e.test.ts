/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// Issue 44, requirement 7: the node as a user meets it in the real n8n 2.41.1 editor, in Debian's Chromium
// (test/e2e/support/editor.ts; .ci/run installs the package `chromium` when it is missing). A warehouse
// picked From List narrows the spot picker to that warehouse's spots; sheet rows mapped with Map
// Automatically run through Create or Update in Preview (Write Nothing) and come out as previews, with no
// write sent. What the editor showed is compared with the sandbox's own data and request log. The
// pictures go to a temp folder (kept when a test fails) or to INVENTORY_PRO_EDITOR_SHOTS; `npm run
// screenshot` takes the same ones for docs/.
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { DEMO_CLIENT, startSandbox, type Sandbox } from '../../sandbox';
import { EXAMPLE_SPOT } from '../../sandbox/seed';
import { ensureN8n, N8n, startN8n, type CredentialRef } from './n8n';
import {
	openEditor,
	picture,
	previewSheet,
	spotChoice,
	spotPickerScenario,
	UPSERT_NODE,
	upsertPreviewScenario,
	type Editor,
} from './support/editor';

let sandbox: Sandbox;
let n8n: N8n;
let credential: CredentialRef;
let editor: Editor;
/** Where the pictures go: INVENTORY_PRO_EDITOR_SHOTS (kept), else a temp folder kept only when a test fails. */
const keep = process.env.INVENTORY_PRO_EDITOR_SHOTS;
const shots = keep || mkdtempSync(join(tmpdir(), 'inventory-pro-editor-'));
let failed = false;

beforeAll(async () => {
	const n8nDir = await ensureN8n();
	sandbox = await startSandbox({ port: 0 });
	n8n = await startN8n({ n8nDir, extraCa: sandbox.ca });
	credential = await n8n.createCredential(
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
}, 20 * 60_000);

afterAll(async () => {
	await editor?.close();
	await n8n?.stop();
	await sandbox?.close();
	if (!keep && !failed) rmSync(shots, { recursive: true, force: true });
}, 60_000);

/** Runs `body`; when it fails, the editor as it was goes to the pictures folder, named in the error. */
async function inEditor(name: string, body: () => Promise<void>): Promise<void> {
	await body().catch(async (error: unknown) => {
		failed = true;
		const path = join(shots, `${name}-failure.png`);
		const taken = await editor.page.screenshot({ path }).then(
			() => true,
			() => false,
		);
		if (taken && error instanceof Error) error.message += `\n(the editor at the failure: ${path})`;
		throw error;
	});
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

test('a warehouse picked From List: the spot picker lists that warehouse’s spots and no other', async () => {
	await inEditor('spot-picker', async () => {
		const warehouses = sandbox.store.warehouses.rows;
		const spotsOf = (warehouseID: number) =>
			sandbox.store.locations.rows
				.filter((location) => location.warehouseID === warehouseID)
				.map((location) => location.spot)
				.sort();
		// Two warehouses in turn, neither the first (the one whose spots include the docs' example spot).
		const { first, then, spot: wanted } = spotChoice(sandbox);
		expect([first.warehouseID, then.warehouseID]).not.toContain(1);
		const mark = sandbox.requests.length;

		const seen = await spotPickerScenario(
			editor.page,
			n8n,
			credential,
			{ warehouses: [first.name, then.name], spot: wanted },
			async (page) => await picture(page, join(shots, 'editor-spot-picker.png')),
		);

		expect(seen.warehouses).toEqual(warehouses.map((warehouse) => warehouse.name));
		for (const warehouse of [first, then]) {
			const listed = seen.spots[warehouse.name];
			// An entry is the spot's code, then what the service calls it.
			const codes = listed.map((entry) => entry.split(/\s/)[0]);
			expect(codes.sort()).toEqual(spotsOf(warehouse.warehouseID));
			for (const location of sandbox.store.locations.rows.filter(
				(l) => l.warehouseID === warehouse.warehouseID,
			))
				expect(listed).toContainEqual(expect.stringContaining(location.description));
			// No spot of another warehouse: the docs' example spot (warehouse 1's), the other pick's, any.
			const other = warehouse === first ? then : first;
			expect(codes).not.toContain(EXAMPLE_SPOT);
			expect(codes).not.toContain(spotsOf(other.warehouseID)[0]);
			const elsewhere = new Set(
				sandbox.store.locations.rows
					.filter((l) => l.warehouseID !== warehouse.warehouseID)
					.map((l) => l.spot),
			);
			expect(codes.filter((code) => elsewhere.has(code))).toEqual([]);
		}
		// Each list was asked of the service for the warehouse picked then (GET /Location?wid=), and only so.
		const lists = sandbox.requests
			.slice(mark)
			.filter((r) => r.endpointId === 'location.list')
			.map((r) => r.query.wid);
		expect([...new Set(lists)]).toEqual([String(first.warehouseID), String(then.warehouseID)]);

		expect(seen.pickedSpot.split(/\s/)[0]).toBe(wanted);
		expect(seen.saved).toEqual(
			expect.objectContaining({
				wID: expect.objectContaining({ mode: 'list', value: String(then.warehouseID) }),
				spot: expect.objectContaining({ mode: 'list', value: wanted }),
			}),
		);
		expect(editor.refused).toEqual([]);
	});
}, 300_000);

test('sheet rows, Map Automatically, Preview (Write Nothing): each row comes out as a preview and nothing is written', async () => {
	await inEditor('upsert-preview', async () => {
		const { sheet, created, changed, same } = previewSheet(sandbox);
		expect(sandbox.store.item(created)).toBeUndefined();
		const before = { ...changed };
		const mark = sandbox.requests.length;

		const seen = await upsertPreviewScenario(
			editor.page,
			n8n,
			credential,
			sheet,
			async (page) => await picture(page, join(shots, 'editor-upsert-preview.png')),
		);

		// What the panel showed and n8n saved: the choices were made in the editor.
		expect(seen.mappingMode).toBe('Map Automatically');
		expect(seen.saved).toEqual(
			expect.objectContaining({
				columns: expect.objectContaining({
					mappingMode: 'autoMapInputData',
					matchingColumns: ['shortID'],
				}),
				options: { preview: true },
			}),
		);
		// The output pane: one preview per row, saying what it would do and what it would send.
		expect(seen.rows.map((row) => [row.preview, row.action, row.shortID])).toEqual([
			['true', 'create', created],
			['true', 'update', changed.shortID],
			['true', 'unchanged', same.shortID],
		]);
		expect(seen.rows[0].wouldSend).toMatch(/^request:POST \/Item\b/);
		expect(seen.rows[1].wouldSend).toMatch(/^request:PUT \/Item\b/);
		expect(seen.rows[1].wouldSend).toContain(`${changed.description}, zinc plated`);
		expect(seen.rows[1].changed).toContain('description');
		expect(seen.rows[1].changed).not.toContain('uOM');
		expect(seen.rows[2].wouldSend).toBe('null');

		// The run n8n saved holds the same, exactly: the sheet's row_number is not an item field, not sent.
		const [run] = await n8n.waitForExecutions(seen.workflow.id, 1, 60_000);
		const output = N8n.output(await n8n.execution(run.id), UPSERT_NODE).map((item) => item.json);
		expect(output.map((json) => [json.preview, json.action, json.shortID])).toEqual([
			[true, 'create', created],
			[true, 'update', changed.shortID],
			[true, 'unchanged', same.shortID],
		]);
		const { description, uOM, putUp, units } = sheet[0];
		expect(output[0].wouldSend).toStrictEqual({
			request: 'POST /Item',
			body: { itemID: created, description, uOM, putUp, units },
		});

		// The service: read, never written.
		const during = sandbox.requests.slice(mark).filter((r) => r.endpointId !== 'token');
		expect(during.filter((r) => WRITES.has(r.method)).map((r) => `${r.method} ${r.path}`)).toEqual(
			[],
		);
		expect(during.some((r) => r.endpointId?.startsWith('item.'))).toBe(true);
		expect(sandbox.store.item(created)).toBeUndefined();
		expect(sandbox.store.item(changed.shortID)).toEqual(before);
		expect(editor.refused).toEqual([]);
	});
}, 300_000);
