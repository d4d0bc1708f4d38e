/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// Issue 32's jobs in a real n8n 2.41.1 against the sandbox: the stock-take and upsert examples as a user
// imports and runs them (their Google Sheets reads pinned with rows, as the editor's "pin data" does, and
// their appends disabled: no Google account here), Report › Run with flags and count, and a purchase
// order's Get with its lines by default. One n8n and one sandbox for the file; numbers are compared with
// the sandbox's own data.
import { DEMO_CLIENT, DEMO_CLIENTS, startSandbox, type Sandbox } from '../../sandbox';
import { SandboxClient } from '../support/sandboxClient';
import {
	ensureN8n,
	httpsCall,
	loopbackCertificate,
	N8n,
	startN8n,
	type CredentialRef,
	type Execution,
} from './n8n';
import { portInUse } from './support/processes';
import { startSmtpCatcher, type SmtpCatcher } from './support/smtp';
import { until } from './support/wait';
import { chain, loadExample, manualTrigger, OUTBOUND, PREFIX } from './support/workflows';

let sandbox: Sandbox;
let n8n: N8n;
let credential: CredentialRef;
/** The stock-take example's approval e-mail goes here (its Send and Wait node). */
let smtp: SmtpCatcher;
let mailServer: CredentialRef;
/** Another account of the service (may write to warehouse 1), as a person or another system would use it. */
let operator: SandboxClient;

const requestsTo = (endpointId: string) =>
	sandbox.requests.filter((r) => r.endpointId === endpointId);

beforeAll(async () => {
	const n8nDir = await ensureN8n();
	const certificate = await loopbackCertificate();
	sandbox = await startSandbox({ port: 0, webhookCa: [certificate.cert] });
	n8n = await startN8n({ n8nDir, certificate, extraCa: sandbox.ca });
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
	const scoped = DEMO_CLIENTS.find((c) => c.clientId === 'scoped');
	if (!scoped) throw new Error('the sandbox has no "scoped" demo client');
	operator = new SandboxClient(sandbox, scoped);
	smtp = await startSmtpCatcher();
	mailServer = await n8n.createCredential(
		'smtp',
		{ host: '127.0.0.1', port: smtp.port, secure: false, disableStartTls: true },
		'SMTP (e2e catcher)',
	);
}, 20 * 60_000);

let stopped: Promise<void> | undefined;
const stopAll = () =>
	(stopped ??= (async () => {
		await n8n?.stop();
		await sandbox?.close();
		await smtp?.close();
	})());
afterAll(async () => await stopAll(), 60_000);

/**
 * An example with its sheet read pinned to `rows` and its outbound nodes (Google appends) disabled. n8n
 * checks the credential of a pinned node too, and there is no Google account here: the read goes without one.
 */
function exampleWithRows(file: string, readNode: string, rows: Array<Record<string, unknown>>) {
	const example = loadExample(file);
	for (const node of example.nodes) {
		if (node.name === readNode) delete node.credentials;
		else if (OUTBOUND.includes(node.type)) node.disabled = true;
	}
	example.pinData = { [readNode]: rows.map((json) => ({ json })) };
	return example;
}

/** The Inventory Pro action node (as the chain helper's inventoryPro, with the credential named). */
const inventoryProV2 = (name: string, parameters: Record<string, unknown>) => ({
	name,
	type: `${PREFIX}inventoryPro`,
	typeVersion: 2,
	parameters,
	credentials: { inventoryProApi: { id: '', name: 'Inventory Pro account' } },
});

/** Requests by endpoint id since `mark` (token requests left out). */
const kindsSince = (mark: number) => {
	const kinds: Record<string, number> = {};
	for (const r of sandbox.requests.slice(mark))
		if (r.endpointId !== 'token') kinds[r.endpointId!] = (kinds[r.endpointId!] ?? 0) + 1;
	return kinds;
};
const WRITES = ['POST', 'PUT', 'DELETE'];
const BROWSER =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/**
 * Runs the stock-take example on `sheet` as a stock controller would: the preview runs, the approval
 * e-mail arrives (the execution waits in n8n), `meanwhile` runs, then the e-mail's Apply or Reject button
 * is clicked (a GET of its signed resume URL), `whileWriting` runs, and the finished execution is
 * returned, with the requests the sandbox saw until the e-mail (the preview) and after `meanwhile` (the
 * write).
 */
async function stockTake(
	sheet: Array<Record<string, unknown>>,
	{
		button = 'Apply the count',
		meanwhile = async () => {},
		whileWriting = async () => {},
	}: {
		button?: string;
		meanwhile?: () => Promise<void>;
		whileWriting?: () => Promise<void>;
	} = {},
): Promise<{
	execution: Execution;
	preview: Record<string, number>;
	previewWrites: number;
	write: Record<string, number>;
	mail: string;
}> {
	const workflow = await n8n.createWorkflow(
		exampleWithRows('stock-take-from-sheet.json', 'Read count sheet', sheet),
		[credential, mailServer],
	);
	const mails = smtp.mails.length;
	const mark = sandbox.requests.length;
	const running = n8n.runManually(workflow.id, 'Start the count', 5 * 60_000);
	let ended: Execution | Error | undefined;
	running.then(
		(execution) => (ended = execution),
		(error: Error) => (ended = error),
	);
	for (let waited = 0; smtp.mails.length === mails; waited += 100) {
		if (ended !== undefined)
			throw new Error(
				`the execution ended before the approval e-mail: ${
					ended instanceof Error
						? ended.message
						: JSON.stringify({ status: ended.status, error: ended.data.resultData.error })
				}`,
			);
		if (waited > 90_000) throw new Error('the approval e-mail never came');
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	const preview = kindsSince(mark);
	const previewWrites = sandbox.requests
		.slice(mark)
		.filter((r) => r.endpointId !== 'token' && WRITES.includes(r.method)).length;
	const mail = smtp.mails[mails].text;
	// n8n sends the e-mail before it saves the execution as waiting; a click in between is answered 500
	// (seen on a busy CI machine). A person reads the e-mail first: wait for the waiting execution.
	await until(
		'the execution waiting for the approval',
		async () => (await n8n.executions(workflow.id)).some((e) => e.status === 'waiting'),
		60_000,
		async () => JSON.stringify(await n8n.executions(workflow.id)),
	);
	await meanwhile();
	const afterPreview = sandbox.requests.length;
	const link = new RegExp(`<a href="([^"]+)"[^>]*>${button}</a>`).exec(mail)?.[1];
	if (!link) throw new Error(`no "${button}" button in the approval e-mail:\n${mail}`);
	// As a browser: n8n answers a client it takes for a bot (no User-Agent) with an empty page and no approval.
	const clicked = await httpsCall('GET', link, n8n.ca, { headers: { 'user-agent': BROWSER } });
	expect(clicked.status).toBe(200);
	await whileWriting();
	const execution = await running;
	expect({ status: execution.status, error: execution.data.resultData.error }).toEqual({
		status: 'success',
		error: undefined,
	});
	return { execution, preview, previewWrites, write: kindsSince(afterPreview), mail };
}

describe('the stock-take example: preview, approval by e-mail, then the write', () => {
	const spot = 'A-01-03';
	const items = ['E2E-COUNT-BELOW', 'E2E-COUNT-EQUAL', 'E2E-COUNT-ABOVE'];
	const onHand = (shortID: string) =>
		sandbox.store.stock.rows
			.filter(
				(lot) => lot.shortID === shortID && lot.wID === 1 && lot.spot === spot && lot.units > 0,
			)
			.reduce((sum, lot) => sum + lot.units, 0);
	const line = (row: number, Item: string, Counted: number) => ({
		row_number: row,
		Item,
		Warehouse: 1,
		Spot: spot,
		Counted,
	});

	test('nothing is written before the approval; then the lines that differ are issued and received', async () => {
		for (const itemID of items) {
			expect((await operator.post('/Item', { itemID, description: 'Counted in e2e' })).status).toBe(
				201,
			);
			const receipt = await operator.post('/Inventory/Receive', {
				itemID,
				wID: 1,
				spot,
				units: 10,
			});
			expect(receipt.status).toBe(201);
		}
		const outBefore = sandbox.store.materialOut.rows.length;
		const inBefore = sandbox.store.materialIn.rows.length;
		const sheet = [line(2, items[0], 7), line(3, items[1], 10), line(4, items[2], 13)];
		const { execution, preview, previewWrites, write, mail } = await stockTake(sheet);

		// Until the approval: the levels read, nothing written; the e-mail says what would move.
		expect(previewWrites).toBe(0);
		expect(preview['inventory.issue'] ?? 0).toBe(0);
		expect(mail).toContain('2 of 3 counted lines would move stock');
		expect(N8n.output(execution, 'Preview the count').map((i) => i.json)).toEqual([
			expect.objectContaining({
				shortID: items[0],
				before: 10,
				counted: 7,
				difference: -3,
				moved: 'would issue',
				preview: true,
			}),
			expect.objectContaining({ shortID: items[1], before: 10, moved: 'nothing', preview: true }),
			expect.objectContaining({
				shortID: items[2],
				before: 10,
				difference: 3,
				moved: 'would receive',
				preview: true,
			}),
		]);
		expect(N8n.output(execution, 'Variance row').map((i) => i.json)).toEqual([
			expect.objectContaining({
				Item: items[0],
				'On hand': '10',
				Difference: '-3',
				'Would move': 'issue 3',
				Check: 'ok',
			}),
			expect.objectContaining({ Item: items[1], 'Would move': 'nothing', Check: 'ok' }),
			expect.objectContaining({ Item: items[2], 'Would move': 'receive 3', Check: 'ok' }),
		]);

		// After it: the two lines that differ are written, with the reason code; the equal one is not.
		expect(write['inventory.issue']).toBe(1);
		expect(write['inventory.receive']).toBe(1);
		const counted = N8n.output(execution, 'Set counted quantity').map((i) => i.json);
		expect(counted).toEqual([
			expect.objectContaining({
				shortID: items[0],
				before: 10,
				counted: 7,
				moved: 'issued',
				after: 7,
				levelChanged: false,
			}),
			expect.objectContaining({
				shortID: items[2],
				before: 10,
				counted: 13,
				moved: 'received',
				after: 13,
				levelChanged: false,
			}),
		]);
		expect(items.map(onHand)).toEqual([7, 10, 13]);
		const issued = sandbox.store.materialOut.rows.slice(outBefore);
		const received = sandbox.store.materialIn.rows.slice(inBefore);
		expect(issued.map((m) => [m.shortID, m.type, m.units, m.reasonCode])).toEqual([
			[items[0], 'Issue', 3, 'COUNT'],
		]);
		expect(received.map((m) => [m.shortID, m.type, m.units, m.reasonCode, m.spot])).toEqual([
			[items[2], 'Receipt', 3, 'COUNT', spot],
		]);
		expect(String(issued[0].remark)).toMatch(/^Stock count \d{4}-\d{2}-\d{2}$/);

		// The rows the example appends to the Count results sheet.
		expect(N8n.output(execution, 'Result row').map((i) => i.json)).toEqual([
			expect.objectContaining({
				Item: items[0],
				'On hand before': '10',
				Moved: 'issued 3',
				'On hand after': '7',
				Check: 'ok',
			}),
			expect.objectContaining({
				Item: items[2],
				'On hand before': '10',
				Moved: 'received 3',
				'On hand after': '13',
				Check: 'ok',
			}),
		]);
	});

	test('Reject: the preview ran, nothing is written', async () => {
		const { execution, previewWrites, write } = await stockTake([line(2, items[0], 1)], {
			button: 'Reject',
		});
		expect(previewWrites).toBe(0);
		expect(N8n.output(execution, 'Preview the count')[0].json).toEqual(
			expect.objectContaining({ moved: 'would issue', difference: -6 }),
		);
		expect(write).toEqual({});
		expect(execution.data.resultData.runData['Set counted quantity']).toBeUndefined();
		expect(onHand(items[0])).toBe(7);
	});

	test('stock that moved between the preview and the approval is reported, not written', async () => {
		const { execution, write } = await stockTake([line(2, items[2], 11)], {
			// Someone issues 1 at the location while the approval waits.
			meanwhile: async () => {
				const other = await operator.post('/Inventory/Issue', {
					itemID: items[2],
					wID: 1,
					spot,
					units: 1,
				});
				expect(other.status).toBe(201);
			},
		});
		expect(N8n.output(execution, 'Preview the count')[0].json).toEqual(
			expect.objectContaining({ before: 13, moved: 'would issue', difference: -2 }),
		);
		expect(N8n.output(execution, 'Set counted quantity')[0].json).toEqual(
			expect.objectContaining({ before: 12, moved: 'nothing', levelChanged: true }),
		);
		expect(Object.keys(write).filter((id) => /issue|receive/.test(id))).toEqual([]);
		expect(onHand(items[2])).toBe(12);
		expect(N8n.output(execution, 'Result row')[0].json.Check).toMatch(/^recount: /);
	});

	test('a line the service refuses fails in the preview and is not written; the others are', async () => {
		const { execution, write } = await stockTake([
			line(2, 'E2E-NO-SUCH-ITEM', 1),
			line(3, items[1], 10),
			line(4, items[0], 6),
		]);
		expect(
			N8n.output(execution, 'Variance row').map((i) => [i.json.Item, i.json['Would move']]),
		).toEqual([
			['E2E-NO-SUCH-ITEM', 'failed'],
			[items[1], 'nothing'],
			[items[0], 'issue 1'],
		]);
		expect(N8n.output(execution, 'Variance row')[0].json.Check).toMatch(/^failed: /);
		expect(write['inventory.issue']).toBe(1);
		// The write reads only the line it writes: the unknown item is not looked up again.
		expect(write['item.get']).toBe(1);
		expect(N8n.output(execution, 'Result row').map((i) => [i.json.Item, i.json.Moved])).toEqual([
			[items[0], 'issued 1'],
		]);
		expect(onHand(items[0])).toBe(6);
	});
});

describe("Create or Update's Fields: n8n asks the node's resource-mapping method", () => {
	test.each([
		['item', 'getItemColumns', 'Short ID (SKU)'],
		['customer', 'getCustomerColumns', 'Short ID'],
	])(
		'%s: the columns the editor shows, the key first and the only one to match on; no request',
		async (resource, methodName, keyName) => {
			const mark = sandbox.requests.length;
			const { fields } = await n8n.session.call<{
				fields: Array<{ id: string; displayName: string; canBeUsedToMatch?: boolean }>;
			}>('POST', '/rest/dynamic-node-parameters/resource-mapper-fields', {
				path: 'parameters.columns',
				nodeTypeAndVersion: { name: `${PREFIX}inventoryPro`, version: 2 },
				currentNodeParameters: { resource, operation: 'upsert' },
				methodName,
				credentials: { inventoryProApi: { id: credential.id, name: credential.name } },
			});
			expect(fields[0]).toEqual(
				expect.objectContaining({ id: 'shortID', displayName: keyName, canBeUsedToMatch: true }),
			);
			expect(fields.filter((field) => field.canBeUsedToMatch).map((field) => field.id)).toEqual([
				'shortID',
			]);
			expect(fields.map((field) => field.id)).not.toContain('modified');
			expect(sandbox.requests.length).toBe(mark);
		},
	);
});

describe('the upsert example: items from a sheet are created, then updated', () => {
	// The sheet's header row names the item's fields: Map Automatically, no expression.
	const sheet = (description: string) => [
		{
			row_number: 2,
			shortID: 'E2E-UPSERT-01',
			description,
			uOM: 'BOX',
			putUp: 'Box/20',
			units: 20,
			category: '',
		},
		{
			row_number: 3,
			shortID: 'E2E-UPSERT-02',
			description,
			uOM: 'EA',
			putUp: '',
			units: '',
			category: '',
		},
	];
	const run = async (description: string) => {
		const workflow = await n8n.createWorkflow(
			exampleWithRows('upsert-items-from-sheet.json', 'Read item sheet', sheet(description)),
			[credential],
		);
		const execution = await n8n.runManually(workflow.id, 'Start the sync');
		expect({ status: execution.status, error: execution.data.resultData.error }).toEqual({
			status: 'success',
			error: undefined,
		});
		return execution;
	};
	const outcomes = (execution: Execution) =>
		N8n.output(execution, 'Outcome row').map((i) => [
			i.json['Short ID'],
			i.json.Outcome,
			i.json.Changed,
		]);

	test('the first run creates both items, the second updates them; the outcome rows say which', async () => {
		expect(sandbox.store.item('E2E-UPSERT-01')).toBeUndefined();
		const first = await run('Made by the sheet');
		expect(outcomes(first)).toEqual([
			['E2E-UPSERT-01', 'created', 'description, uOM, putUp, units'],
			['E2E-UPSERT-02', 'created', 'description, uOM'],
		]);
		expect(sandbox.store.item('E2E-UPSERT-01')).toEqual(
			expect.objectContaining({
				description: 'Made by the sheet',
				uOM: 'BOX',
				putUp: 'Box/20',
				units: 20,
			}),
		);
		// Google's row_number is not a field of an item: it was not sent.
		const created = sandbox.requests.filter((r) => r.endpointId === 'item.create').slice(-2);
		expect(created.map((r) => Object.keys(r.body as object).sort())).toEqual([
			['description', 'itemID', 'putUp', 'uOM', 'units'],
			['description', 'itemID', 'uOM'],
		]);
		const partNo = sandbox.store.item('E2E-UPSERT-01')!.partNo;

		const creates = requestsTo('item.create').length;
		const second = await run('Changed in the sheet');
		expect(outcomes(second)).toEqual([
			['E2E-UPSERT-01', 'updated', 'description'],
			['E2E-UPSERT-02', 'updated', 'description'],
		]);
		expect(requestsTo('item.create').length).toBe(creates);
		expect(sandbox.store.item('E2E-UPSERT-01')).toEqual(
			expect.objectContaining({ partNo, description: 'Changed in the sheet', units: 20 }),
		);
		// Blank cells are not sent: the second item keeps its defaults.
		expect(sandbox.store.item('E2E-UPSERT-02')).toEqual(
			expect.objectContaining({ description: 'Changed in the sheet', putUp: '', units: 1 }),
		);

		// The same sheet again: nothing differs, so nothing is written (issue 38).
		const writes = () => requestsTo('item.update').length + requestsTo('item.create').length;
		const written = writes();
		const third = await run('Changed in the sheet');
		expect(outcomes(third)).toEqual([
			['E2E-UPSERT-01', 'unchanged', ''],
			['E2E-UPSERT-02', 'unchanged', ''],
		]);
		expect(writes()).toBe(written);
	});
});

/**
 * Issue 38: the same examples over many rows in one execution read each list once (item catalogue, the
 * warehouse's lots), write only what differs, and keep the per-row guarantees. Request counts are the
 * sandbox's own log; the lists' page counts come from its data.
 */
describe('bulk: the examples over many rows read each list once', () => {
	const pagesOf = (rows: number) => Math.max(1, Math.ceil(rows / 250));
	/** Requests by endpoint id while `run` runs (token requests left out). */
	const counting = async <T>(run: () => Promise<T>) => {
		const mark = sandbox.requests.length;
		const result = await run();
		const kinds: Record<string, number> = {};
		for (const r of sandbox.requests.slice(mark))
			if (r.endpointId !== 'token') kinds[r.endpointId!] = (kinds[r.endpointId!] ?? 0) + 1;
		return { result, kinds };
	};
	/** Levels in warehouse 1 by item and spot, from the sandbox's own lots. */
	const levels = () => {
		const byKey = new Map<string, { Item: string; Spot: string; units: number }>();
		for (const lot of sandbox.store.stock.rows) {
			if (lot.wID !== 1 || lot.shipped !== null || lot.units <= 0) continue;
			// A spot on hold refuses issues and receipts.
			if (sandbox.store.locations.get(lot.spot)?.hold === true) continue;
			const key = `${lot.shortID}|${lot.spot}`;
			const level = byKey.get(key) ?? { Item: lot.shortID, Spot: lot.spot, units: 0 };
			level.units += lot.units;
			byKey.set(key, level);
		}
		return [...byKey.values()];
	};
	/** `count` count lines of seeded stock, spread over the catalogue (not the e2e items). */
	const countLines = (count: number, offset: number) => {
		const all = levels().filter((level) => !level.Item.startsWith('E2E-'));
		const step = Math.floor(all.length / count);
		return Array.from({ length: count }, (_, i) => all[i * step + offset]).map((level, i) => ({
			row_number: i + 2,
			Item: level.Item,
			Warehouse: 1,
			Spot: level.Spot,
			Counted: level.units,
		}));
	};
	const lotPages = () => pagesOf(sandbox.store.stock.rows.filter((lot) => lot.wID === 1).length);

	test('a stock-take of 12 lines, 3 differing, one unknown item: the preview reads each list once and writes nothing', async () => {
		const sheet: Array<Record<string, unknown>> = countLines(12, 0);
		for (const i of [1, 5, 9]) sheet[i].Counted = Number(sheet[i].Counted) - 1;
		sheet.splice(7, 0, {
			row_number: 99,
			Item: 'E2E-NO-SUCH',
			Warehouse: 1,
			Spot: 'A-01-01',
			Counted: 1,
		});
		const pages = lotPages();
		const { execution, preview, previewWrites, write } = await stockTake(sheet);
		expect(previewWrites).toBe(0);
		expect(preview).toEqual({
			'item.listAll': pagesOf(sandbox.store.items.rows.length),
			'item.get': 1, // the unknown item, looked up on its own: its 404 is the line's error
			'inventory.listByWarehouse': pages,
		});
		const variance = N8n.output(execution, 'Variance row').map((i) => i.json);
		expect(variance.map((row) => row.Check)).toEqual(
			sheet.map((line) =>
				line.Item === 'E2E-NO-SUCH' ? expect.stringMatching(/^failed: /) : 'ok',
			),
		);
		expect(variance.filter((row) => row['Would move'] === 'issue 1')).toHaveLength(3);
		const previewed = execution.data.resultData.runData['Preview the count'][0].data?.main?.[0];
		expect(previewed?.map((item) => item.pairedItem)).toEqual(sheet.map((_, item) => ({ item })));

		// The write: the three approved lines only, the unknown item not looked up again.
		expect(write['inventory.issue']).toBe(3);
		expect(write['inventory.receive']).toBeUndefined();
		const unknown = requestsTo('item.get').filter((r) => r.query.key === 'E2E-NO-SUCH');
		expect(unknown).toHaveLength(1);
		const rows = N8n.output(execution, 'Result row').map((i) => i.json);
		expect(rows.map((row) => [row.Moved, row.Check])).toEqual(Array(3).fill(['issued 1', 'ok']));
	});

	test('a level that moved between the read and the write is reported, not overwritten', async () => {
		const sheet = countLines(6, 1);
		sheet[2].Counted = Number(sheet[2].Counted) + 4; // the one line that writes: a receipt of 4
		const moved = sheet[2];
		let release!: () => void;
		let mark = 0;
		const { execution } = await stockTake(sheet, {
			meanwhile: async () => {
				sandbox.inject('inventory.receive', {
					kind: 'slow',
					ms: 0,
					until: new Promise<void>((resolve) => (release = resolve)),
				});
				mark = sandbox.requests.length;
				await Promise.resolve();
			},
			whileWriting: async () => {
				for (let waited = 0; ; waited += 50) {
					if (sandbox.requests.slice(mark).some((r) => r.endpointId === 'inventory.receive')) break;
					if (waited > 120_000) throw new Error('the receipt never came');
					await new Promise((resolve) => setTimeout(resolve, 50));
				}
				// Another account issues 1 at the spot while the node's receipt is under way.
				const other = await operator.post('/Inventory/Issue', {
					itemID: moved.Item,
					wID: 1,
					spot: moved.Spot,
					units: 1,
				});
				expect(other.status).toBe(201);
				release();
			},
		});
		expect(N8n.output(execution, 'Set counted quantity').map((i) => i.json)).toEqual([
			expect.objectContaining({
				shortID: moved.Item,
				moved: 'received',
				after: Number(moved.Counted) - 1,
				levelChanged: true,
			}),
		]);
		expect(N8n.output(execution, 'Result row')[0].json.Check).toMatch(/^recount: /);
	});

	test('an item sync of 12 rows: the catalogue once, unchanged rows write nothing', async () => {
		const active = sandbox.store.items.rows.filter(
			(item) => !item.discontinued && !item.shortID.startsWith('E2E-'),
		);
		const step = Math.floor(active.length / 10);
		const sheet = Array.from({ length: 10 }, (_, i) => active[i * step]).map((item, i) => ({
			row_number: i + 2,
			shortID: item.shortID,
			description: i < 8 ? item.description : `${item.description} (e2e)`,
			uOM: item.uOM,
			putUp: '',
			units: '',
			category: '',
		}));
		for (const n of [1, 2])
			sheet.push({
				row_number: 20 + n,
				shortID: `E2E-BULK-${n}`,
				description: 'New',
				uOM: 'EA',
				putUp: '',
				units: '',
				category: '',
			});
		const { result, kinds } = await counting(async () => {
			const workflow = await n8n.createWorkflow(
				exampleWithRows('upsert-items-from-sheet.json', 'Read item sheet', sheet),
				[credential],
			);
			return await n8n.runManually(workflow.id, 'Start the sync');
		});
		expect(result.status).toBe('success');
		expect(kinds).toEqual({
			'item.listAll': pagesOf(sandbox.store.items.rows.length - 2),
			'item.update': 2,
			'item.create': 2,
		});
		expect(N8n.output(result, 'Outcome row').map((i) => i.json.Outcome)).toEqual([
			...Array(8).fill('unchanged'),
			'updated',
			'updated',
			'created',
			'created',
		]);
	});
});

describe('Report › Run and Purchase Order › Get in a workflow (node version 2)', () => {
	test('Report › Run sends flags and count on its requests, and the report honours them', async () => {
		const workflow = await n8n.createWorkflow(
			chain(
				'e2e: report with flags and count',
				manualTrigger(),
				inventoryProV2('Open POs, partial', {
					resource: 'report',
					operation: 'run',
					reportID: { __rl: true, mode: 'id', value: '4' },
					returnAll: true,
					reportOptions: { flags: 'P', count: 3 },
				}),
			),
			[credential],
		);
		const before = requestsTo('report.run').length;
		const execution = await n8n.runManually(workflow.id);
		expect(execution.status).toBe('success');
		const sent = requestsTo('report.run').slice(before);
		expect(sent.length).toBeGreaterThan(0);
		for (const request of sent)
			expect(request.query).toEqual(expect.objectContaining({ flags: 'P', count: '3' }));
		const rows = N8n.output(execution, 'Open POs, partial').map((i) => i.json);
		expect(rows).toHaveLength(3);
		expect(rows.every((row) => row.status === 'Partial')).toBe(true);
	});

	test("a purchase order's Get shows its lines by default (Simplified keeps them)", async () => {
		const order = sandbox.store.purchaseOrders.rows.find((o) => o.lines.length > 1)!;
		const workflow = await n8n.createWorkflow(
			chain(
				'e2e: one purchase order',
				manualTrigger(),
				inventoryProV2('The order', {
					resource: 'purchaseOrder',
					operation: 'get',
					poNo: { __rl: true, mode: 'id', value: order.poNo },
				}),
			),
			[credential],
		);
		const execution = await n8n.runManually(workflow.id);
		expect(execution.status).toBe('success');
		const [got] = N8n.output(execution, 'The order').map((i) => i.json);
		expect(got.poNo).toBe(order.poNo);
		expect(got.lines).toEqual(JSON.parse(JSON.stringify(order.lines)));
		// Simplified: not every field (no created), but the lines.
		expect(Object.keys(got)).not.toContain('created');
	});
});

describe('teardown', () => {
	test('stopping n8n and the sandbox frees every port and ends every process', async () => {
		const { port, brokerPort, pid } = n8n;
		await stopAll();
		for (const p of [port, brokerPort, sandbox.port]) expect(await portInUse(p)).toBe(false);
		expect(() => process.kill(-pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
	}, 60_000);
});
