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
