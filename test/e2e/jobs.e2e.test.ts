/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// Issue 32's jobs in a real n8n 2.41.1 against the sandbox: the stock-take and upsert examples as a user
// imports and runs them (their Google Sheets reads pinned with rows, as the editor's "pin data" does, and
// their appends disabled: no Google account here), Report › Run with flags and count, and a purchase
// order's Get with its lines by default. One n8n and one sandbox for the file; numbers are compared with
// the sandbox's own data.
import { DEMO_CLIENT, DEMO_CLIENTS, startSandbox, type Sandbox } from '../../sandbox';
import { SandboxClient } from '../support/sandboxClient';
import { ensureN8n, loopbackCertificate, N8n, startN8n, type CredentialRef } from './n8n';
import { portInUse } from './support/processes';
import { chain, loadExample, manualTrigger, OUTBOUND, PREFIX } from './support/workflows';

let sandbox: Sandbox;
let n8n: N8n;
let credential: CredentialRef;
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
}, 20 * 60_000);

let stopped: Promise<void> | undefined;
const stopAll = () =>
	(stopped ??= (async () => {
		await n8n?.stop();
		await sandbox?.close();
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

describe('the stock-take example: a count below, equal to and above the level', () => {
	const spot = 'A-01-03';
	const items = ['E2E-COUNT-BELOW', 'E2E-COUNT-EQUAL', 'E2E-COUNT-ABOVE'];
	const onHand = (shortID: string) =>
		sandbox.store.stock.rows
			.filter(
				(lot) => lot.shortID === shortID && lot.wID === 1 && lot.spot === spot && lot.units > 0,
			)
			.reduce((sum, lot) => sum + lot.units, 0);

	test('issues, writes nothing and receives, with the reason code; the result rows say which', async () => {
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
		const sheet = [
			{ row_number: 2, Item: items[0], Warehouse: 1, Spot: spot, Counted: 7 },
			{ row_number: 3, Item: items[1], Warehouse: 1, Spot: spot, Counted: 10 },
			{ row_number: 4, Item: items[2], Warehouse: 1, Spot: spot, Counted: 13 },
		];
		const workflow = await n8n.createWorkflow(
			exampleWithRows('stock-take-from-sheet.json', 'Read count sheet', sheet),
			[credential],
		);
		const execution = await n8n.runManually(workflow.id, 'Start the count');
		expect({ status: execution.status, error: execution.data.resultData.error }).toEqual({
			status: 'success',
			error: undefined,
		});

		const counted = N8n.output(execution, 'Set counted quantity').map((i) => i.json);
		expect(counted).toEqual([
			expect.objectContaining({
				shortID: items[0],
				before: 10,
				counted: 7,
				moved: 'issued',
				after: 7,
			}),
			expect.objectContaining({ shortID: items[1], before: 10, counted: 10, moved: 'nothing' }),
			expect.objectContaining({
				shortID: items[2],
				before: 10,
				counted: 13,
				moved: 'received',
				after: 13,
			}),
		]);
		expect(counted.map((c) => c.levelChanged)).toEqual([false, false, false]);
		expect(counted[1].movement).toBeNull();
		expect(items.map(onHand)).toEqual([7, 10, 13]);

		// In the sandbox: one issue of 3 and one receipt of 3, both with the reason code; nothing for the equal count.
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
				Item: items[1],
				'On hand before': '10',
				Moved: 'nothing',
				'On hand after': '10',
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

	test('a row the service refuses fails alone and is written as failed; the other rows run', async () => {
		const sheet = [
			{ row_number: 2, Item: 'E2E-NO-SUCH-ITEM', Warehouse: 1, Spot: spot, Counted: 1 },
			{ row_number: 3, Item: items[1], Warehouse: 1, Spot: spot, Counted: 10 },
		];
		const workflow = await n8n.createWorkflow(
			exampleWithRows('stock-take-from-sheet.json', 'Read count sheet', sheet),
			[credential],
		);
		const execution = await n8n.runManually(workflow.id, 'Start the count');
		expect({ status: execution.status, error: execution.data.resultData.error }).toEqual({
			status: 'success',
			error: undefined,
		});
		const rows = N8n.output(execution, 'Result row').map((i) => i.json);
		expect(rows).toEqual([
			expect.objectContaining({
				Item: 'E2E-NO-SUCH-ITEM',
				Moved: 'failed',
				Check: expect.stringMatching(/^failed: /),
			}),
			expect.objectContaining({ Item: items[1], Moved: 'nothing', Check: 'ok' }),
		]);
	});
});

describe('the upsert example: items from a sheet are created, then updated', () => {
	const sheet = (description: string) => [
		{
			row_number: 2,
			'Item ID': 'E2E-UPSERT-01',
			Description: description,
			Unit: 'BOX',
			'Put Up': 'Box/20',
			'Units per Package': 20,
			'Category ID': '',
		},
		{
			row_number: 3,
			'Item ID': 'E2E-UPSERT-02',
			Description: description,
			Unit: 'EA',
			'Put Up': '',
			'Units per Package': '',
			'Category ID': '',
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

	test('the first run creates both items, the second updates them; the outcome rows say which', async () => {
		expect(sandbox.store.item('E2E-UPSERT-01')).toBeUndefined();
		const first = await run('Made by the sheet');
		expect(
			N8n.output(first, 'Outcome row').map((i) => [i.json['Item ID'], i.json.Outcome]),
		).toEqual([
			['E2E-UPSERT-01', 'created'],
			['E2E-UPSERT-02', 'created'],
		]);
		expect(sandbox.store.item('E2E-UPSERT-01')).toEqual(
			expect.objectContaining({
				description: 'Made by the sheet',
				uOM: 'BOX',
				putUp: 'Box/20',
				units: 20,
			}),
		);
		const partNo = sandbox.store.item('E2E-UPSERT-01')!.partNo;

		const creates = requestsTo('item.create').length;
		const second = await run('Changed in the sheet');
		expect(
			N8n.output(second, 'Outcome row').map((i) => [i.json['Item ID'], i.json.Outcome]),
		).toEqual([
			['E2E-UPSERT-01', 'updated'],
			['E2E-UPSERT-02', 'updated'],
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
		expect(
			N8n.output(third, 'Outcome row').map((i) => [i.json['Item ID'], i.json.Outcome]),
		).toEqual([
			['E2E-UPSERT-01', 'unchanged'],
			['E2E-UPSERT-02', 'unchanged'],
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
	const stockTake = async (sheet: Array<Record<string, unknown>>) => {
		const workflow = await n8n.createWorkflow(
			exampleWithRows('stock-take-from-sheet.json', 'Read count sheet', sheet),
			[credential],
		);
		const execution = await n8n.runManually(workflow.id, 'Start the count');
		expect({ status: execution.status, error: execution.data.resultData.error }).toEqual({
			status: 'success',
			error: undefined,
		});
		return execution;
	};
	const lotPages = () => pagesOf(sandbox.store.stock.rows.filter((lot) => lot.wID === 1).length);

	test('a stock-take of 12 lines, 3 differing, one unknown item: each list once, the unknown line fails alone', async () => {
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
		const { result, kinds } = await counting(async () => await stockTake(sheet));
		expect(kinds).toEqual({
			'item.listAll': pagesOf(sandbox.store.items.rows.length),
			'item.get': 1, // the unknown item, looked up on its own: its 404 is the line's error
			// The lots before the writes, and once more after them to confirm the levels.
			'inventory.listByWarehouse': 2 * pages,
			'inventory.issue': 3,
		});
		const rows = N8n.output(result, 'Result row').map((i) => i.json);
		expect(rows.map((row) => row.Check)).toEqual(
			sheet.map((line) =>
				line.Item === 'E2E-NO-SUCH' ? expect.stringMatching(/^failed: /) : 'ok',
			),
		);
		expect(rows.filter((row) => String(row.Moved).startsWith('issued'))).toHaveLength(3);
		const counted = result.data.resultData.runData['Set counted quantity'][0].data?.main?.[0];
		expect(counted?.map((item) => item.pairedItem)).toEqual(sheet.map((_, item) => ({ item })));
	});

	test('a level that moved between the read and the write is reported, not overwritten', async () => {
		const sheet = countLines(6, 1);
		sheet[2].Counted = Number(sheet[2].Counted) + 4; // the one line that writes: a receipt of 4
		const moved = sheet[2];
		let release!: () => void;
		sandbox.inject('inventory.receive', {
			kind: 'slow',
			ms: 0,
			until: new Promise<void>((resolve) => (release = resolve)),
		});
		const mark = sandbox.requests.length;
		const running = stockTake(sheet);
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
		const execution = await running;
		const counted = N8n.output(execution, 'Set counted quantity').map((i) => i.json);
		expect(counted[2]).toEqual(
			expect.objectContaining({
				moved: 'received',
				after: Number(moved.Counted) - 1,
				levelChanged: true,
			}),
		);
		expect(counted.filter((_, i) => i !== 2).map((row) => row.levelChanged)).toEqual(
			Array(5).fill(false),
		);
		expect(N8n.output(execution, 'Result row')[2].json.Check).toMatch(/^recount: /);
	});

	test('an item sync of 12 rows: the catalogue once, unchanged rows write nothing', async () => {
		const active = sandbox.store.items.rows.filter(
			(item) => !item.discontinued && !item.shortID.startsWith('E2E-'),
		);
		const step = Math.floor(active.length / 10);
		const sheet = Array.from({ length: 10 }, (_, i) => active[i * step]).map((item, i) => ({
			row_number: i + 2,
			'Item ID': item.shortID,
			Description: i < 8 ? item.description : `${item.description} (e2e)`,
			Unit: item.uOM,
			'Put Up': '',
			'Units per Package': '',
			'Category ID': '',
		}));
		for (const n of [1, 2])
			sheet.push({
				row_number: 20 + n,
				'Item ID': `E2E-BULK-${n}`,
				Description: 'New',
				Unit: 'EA',
				'Put Up': '',
				'Units per Package': '',
				'Category ID': '',
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
