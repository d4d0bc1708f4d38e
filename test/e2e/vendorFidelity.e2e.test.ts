// Issue 23 in a real n8n 2.41.1: the node speaks the product's keys, paths, fields and sorts as Inventory
// Pro documents them, against the sandbox over HTTPS. Each case reaches the expected request (read from
// the sandbox's request log) and the expected answer (compared with the sandbox's own data).
import { DEMO_CLIENT, startSandbox, type Sandbox } from '../../sandbox';
import { stockLevels } from '../../sandbox/stockLevels';
import { ensureN8n, loopbackCertificate, N8n, startN8n, type CredentialRef } from './n8n';
import { chain, inventoryPro, manualTrigger } from './support/workflows';

let sandbox: Sandbox;
let n8n: N8n;
let credential: CredentialRef;

const data = {
	clientId: DEMO_CLIENT.clientId,
	clientSecret: DEMO_CLIENT.clientSecret,
	ignoreSslIssues: false,
};

beforeAll(async () => {
	const n8nDir = await ensureN8n();
	const certificate = await loopbackCertificate();
	sandbox = await startSandbox({ port: 0, webhookCa: [certificate.cert] });
	n8n = await startN8n({ n8nDir, certificate, extraCa: sandbox.ca });
	credential = await n8n.createCredential(
		'inventoryProApi',
		{ ...data, baseUrl: sandbox.baseUrl },
		'Inventory Pro (sandbox)',
	);
}, 20 * 60_000);

afterAll(async () => {
	await n8n?.stop();
	await sandbox?.close();
}, 60_000);

/** Runs one Inventory Pro node once; returns its output and the API requests it caused. */
async function run(parameters: Record<string, unknown>, using: CredentialRef = credential) {
	const node = inventoryPro('Under Test', parameters);
	const workflow = await n8n.createWorkflow(
		chain(
			`e2e: ${String(parameters.resource)} ${String(parameters.operation)}`,
			manualTrigger(),
			node,
		),
		[using],
	);
	const mark = sandbox.requests.length;
	const execution = await n8n.runManually(workflow.id);
	const requests = sandbox.requests.slice(mark).filter((request) => request.endpointId !== 'token');
	return {
		execution,
		output: N8n.output(execution, 'Under Test').map((item) => item.json),
		requests,
	};
}

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

describe('string keys, URL-encoded, as the docs number them', () => {
	test.each([
		['purchaseOrder', 'poNo', 'PO-2025-0042', '/PurchaseOrder/PO-2025-0042'],
		['shippingOrder', 'soNo', 'SO-2025-0015', '/ShippingOrder/SO-2025-0015'],
		['workOrder', 'woNo', 'WO-2025-0038', '/WorkOrder/WO-2025-0038'],
		['customer', 'shortID', 'ACME-CORP', '/Customer/ACME-CORP'],
		['vendor', 'shortID', 'ACME-FASTENERS', '/Vendor/ACME-FASTENERS'],
		['asset', 'shortID', 'FORKLIFT-001', '/Asset/FORKLIFT-001'],
	])('%s › Get %s %s', async (resource, parameter, key, path) => {
		const { execution, output, requests } = await run({
			resource,
			operation: 'get',
			[parameter]: byId(key),
			output: 'raw',
		});
		expect(execution.status).toBe('success');
		expect(requests.map((request) => [request.method, request.path, request.status])).toEqual([
			['GET', `/api/v2${path}`, 200],
		]);
		expect(output).toHaveLength(1);
		expect(output[0][parameter]).toBe(key);
	});
});

test('Location › Hold and Release A-01-03: POST ?id=, no body, 204', async () => {
	const hold = await run({ resource: 'location', operation: 'hold', id: byId('A-01-03') });
	expect(hold.execution.status).toBe('success');
	expect(
		hold.requests.map((request) => [request.method, request.path, request.query, request.status]),
	).toEqual([['POST', '/api/v2/Location/Hold', { id: 'A-01-03' }, 204]]);
	expect(hold.output).toEqual([{ success: true, id: 'A-01-03' }]);
	expect(sandbox.store.locations.get('A-01-03')?.hold).toBe(true);
	const release = await run({ resource: 'location', operation: 'release', id: byId('A-01-03') });
	expect(release.requests.map((request) => [request.path, request.status])).toEqual([
		['/api/v2/Location/Release', 204],
	]);
	expect(sandbox.store.locations.get('A-01-03')?.hold).toBe(false);
});

test('Customer › Get Many sorted by shortID descending: sent as typed, every customer once, in that order', async () => {
	const { execution, output, requests } = await run({
		resource: 'customer',
		operation: 'getAll',
		returnAll: true,
		// Sort Column as the editor saves a column picked from its dropdown.
		filters: { sort: 'shortID', direction: 'DESC' },
	});
	expect(execution.status).toBe('success');
	expect(
		requests.every(
			(request) => request.query.sort === 'shortID' && request.query.direction === 'DESC',
		),
	).toBe(true);
	const keys = output.map((record) => String(record.shortID));
	const active = sandbox.store.customers.rows
		.filter((customer) => customer.active)
		.map((customer) => customer.shortID.toLowerCase());
	expect(keys.map((key) => key.toLowerCase())).toEqual([...active].sort().reverse());
	// Simplified by default: the key and the name come first.
	expect(Object.keys(output[0]).slice(0, 2)).toEqual(['shortID', 'name']);
});

test('simplified purchase orders carry poNo, vendor, status and the lines (why Get is called)', async () => {
	const { output } = await run({
		resource: 'purchaseOrder',
		operation: 'get',
		poNo: byId('PO-2025-0042'),
	});
	const order = sandbox.store.purchaseOrders.get('PO-2025-0042')!;
	expect(output[0]).toMatchObject({
		poNo: 'PO-2025-0042',
		vendor: order.vendor,
		status: order.status,
	});
	expect(output[0].lines).toEqual(JSON.parse(JSON.stringify(order.lines)));
	expect(output[0]).not.toHaveProperty('created');
});

test('Inventory › Get Stock Levels of all warehouses and of one: every level once', async () => {
	// One row per item and warehouse that held stock or has a restocking level (sandbox/stockLevels.ts).
	const expected = new Set(
		stockLevels(sandbox.store).map((level) => `${level.partNo}|${level.wID}`),
	);
	const all = await run({ resource: 'inventory', operation: 'getStockLevels', returnAll: true });
	const levels = all.output.map((level) => `${String(level.partNo)}|${String(level.wID)}`);
	expect(new Set(levels).size).toBe(levels.length);
	expect([...levels].sort()).toEqual([...expected].sort());
	expect(new Set(all.requests.map((request) => request.path))).toEqual(
		new Set(['/api/v2/Inventory/StockLevels']),
	);
	const one = await run({
		resource: 'inventory',
		operation: 'getStockLevels',
		returnAll: true,
		filters: { warehouseID: { __rl: true, mode: 'list', value: '3' } },
	});
	expect(new Set(one.requests.map((request) => request.path))).toEqual(
		new Set(['/api/v2/Inventory/StockLevels/3']),
	);
	expect(one.output.length).toBe([...expected].filter((key) => key.endsWith('|3')).length);
});

test('Inventory › Receive carrying an extra body field: documented names, the extra field merged last', async () => {
	const shortID = sandbox.store.items.rows.find((item) => !item.discontinued)!.shortID;
	const { execution, requests, output } = await run({
		resource: 'inventory',
		operation: 'receive',
		itemID: byId(shortID),
		wID: byId('1'),
		units: 4,
		additionalFields: { remark: 'PO #4521' },
		extraBody: { fields: { field: [{ name: 'jobID', value: 'J-7' }] } },
	});
	expect(execution.status).toBe('success');
	expect(requests.map((request) => [request.path, request.status, request.body])).toEqual([
		[
			'/api/v2/Inventory/Receive',
			201,
			{ itemID: shortID, wID: 1, units: 4, remark: 'PO #4521', jobID: 'J-7' },
		],
	]);
	expect(output[0]).toMatchObject({ shortID, units: 4, remark: 'PO #4521' });
});

test('a credential on …/api/v1 passes its test and its calls go to /api/v1', async () => {
	const v1 = { ...data, baseUrl: sandbox.baseUrl.replace(/\/api\/v2$/, '/api/v1') };
	const stored = await n8n.createCredential('inventoryProApi', v1, 'Inventory Pro (v1)');
	const mark = sandbox.requests.length;
	expect(await n8n.testCredential(stored, v1)).toMatchObject({ status: 'OK' });
	expect(sandbox.requests.slice(mark).map((request) => request.path)).toEqual(
		expect.arrayContaining(['/api/v1/Token', '/api/v1/Item']),
	);
	const { execution, requests } = await run(
		{ resource: 'customer', operation: 'get', shortID: byId('ACME-CORP') },
		stored,
	);
	expect(execution.status).toBe('success');
	expect(requests.map((request) => request.path)).toEqual(['/api/v1/Customer/ACME-CORP']);
});
