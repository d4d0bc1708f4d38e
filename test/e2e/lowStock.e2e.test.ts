// The Low Stock Trigger in a real n8n 2.41.1 against the sandbox, on n8n's own schedule (every minute,
// the shortest Poll Times n8n allows) and through a real restart. Two workflows watch the same stock at
// once: the shipped example (examples/low-stock-alert-to-email-and-sheet.json: an e-mail through n8n's
// Send Email node to a loopback SMTP receiver, the Google Sheets node disabled) and a bare trigger with
// Emit Restocked Items. Each uses its own client of the service, so the sandbox's request log tells
// their polls apart. Nothing here sleeps longer than half a second at a time.
import {
	ALL_SECURITY_IDS,
	DEMO_CLIENT,
	DEMO_CLIENTS,
	startSandbox,
	type Sandbox,
} from '../../sandbox';
import type { StockLevel } from '../../sandbox/records';
import { stockLevels } from '../../sandbox/stockLevels';
import { SandboxClient } from '../support/sandboxClient';
import { ensureN8n, N8n, startN8n, type CredentialRef, type WorkflowNode } from './n8n';
import { startSmtpCatcher, type SmtpCatcher } from './support/smtp';
import { sleep, until } from './support/wait';
import { chain, loadExample, OUTBOUND, PREFIX } from './support/workflows';

const MINUTE = 60_000;
const EXAMPLE = 'low-stock-alert-to-email-and-sheet.json';
const TRIGGER = 'On low stock';
const EMAIL_CLIENT = {
	clientId: 'e2e-low-stock-email',
	clientSecret: 'e2e-low-stock-dummy-secret-1',
};
const RESTOCK_CLIENT = {
	clientId: 'e2e-low-stock-restock',
	clientSecret: 'e2e-low-stock-dummy-secret-2',
};

let sandbox: Sandbox;
let n8n: N8n;
let smtp: SmtpCatcher;
/** A person moving stock, with an account of its own. */
let operator: SandboxClient;
const workflows: { email?: string; restock?: string } = {};

const level = (pair: StockLevel) =>
	stockLevels(sandbox.store).find((l) => l.partNo === pair.partNo && l.wID === pair.wID)!;

/** An item in a warehouse with a restocking level, well above it, on spots Issue may take from. */
function pickPair(taken: StockLevel[]): StockLevel {
	const { store } = sandbox;
	const pair = stockLevels(store).find(
		(l) =>
			l.min > 0 &&
			l.units >= l.min + 10 &&
			!taken.some((t) => t.partNo === l.partNo) &&
			store
				.lots(l.partNo, l.wID)
				.every((lot) => !lot.hold && !store.location(l.wID, lot.spot)!.hold),
	);
	if (!pair) throw new Error('no stocked item left');
	return pair;
}

async function setUnits(pair: StockLevel, units: number): Promise<void> {
	const now = level(pair).units;
	const [path, amount] =
		units < now ? ['/Inventory/Issue', now - units] : ['/Inventory/Receive', units - now];
	const answer = await operator.post(path, { itemID: pair.shortID, wID: pair.wID, units: amount });
	expect(answer.status).toBe(201);
	expect(level(pair).units).toBe(units);
}

/** Polls of one client that read the whole list: its answered requests for the last page. */
function finishedPolls(clientId: string): number {
	const lastPage = String(Math.ceil(stockLevels(sandbox.store).length / 250));
	return sandbox.requests.filter(
		(r) =>
			r.endpointId === 'inventory.stockLevels' &&
			r.clientId === clientId &&
			r.query.page === lastPage &&
			r.status === 200,
	).length;
}

/** Waits until both workflows finished `count` more polls (n8n polls each once a minute, at its own second). */
async function morePolls(count: number): Promise<void> {
	const start = [EMAIL_CLIENT, RESTOCK_CLIENT].map((c) => finishedPolls(c.clientId));
	await until(
		`${count} more polls of each workflow`,
		() =>
			finishedPolls(EMAIL_CLIENT.clientId) >= start[0] + count &&
			finishedPolls(RESTOCK_CLIENT.clientId) >= start[1] + count,
		count * MINUTE + 45_000,
	);
	// What a poll emits becomes an execution a moment after its last page: look again for 3 s.
	for (let i = 0; i < 6; i++) await sleep(500);
}

/** The trigger's items of each finished execution of a workflow, oldest first. */
async function runs(workflowId: string): Promise<Array<Array<Record<string, unknown>>>> {
	const executions = (await n8n.executions(workflowId)).sort((a, b) => Number(a.id) - Number(b.id));
	const out: Array<Array<Record<string, unknown>>> = [];
	for (const summary of executions) {
		const run = await n8n.execution(summary.id);
		expect(run.status).toBe('success');
		out.push(N8n.output(run, TRIGGER).map((item) => item.json));
	}
	return out;
}

const events = (all: Array<Array<Record<string, unknown>>>) =>
	all.map((items) => items.map((i) => `${String(i.event)} ${String(i.wID)}:${String(i.shortID)}`));
const ev = (event: string, pair: StockLevel) => `${event} ${pair.wID}:${pair.shortID}`;

async function waitForRuns(workflowId: string, count: number): Promise<void> {
	await n8n.waitForExecutions(workflowId, count, 2 * MINUTE + 30_000);
}

let p: StockLevel;
let q: StockLevel;

beforeAll(async () => {
	const n8nDir = await ensureN8n();
	sandbox = await startSandbox({
		port: 0,
		clients: [
			...DEMO_CLIENTS,
			{ ...EMAIL_CLIENT, securityIds: ALL_SECURITY_IDS },
			{ ...RESTOCK_CLIENT, securityIds: ALL_SECURITY_IDS },
		],
	});
	smtp = await startSmtpCatcher();
	n8n = await startN8n({ n8nDir, extraCa: sandbox.ca });
	operator = new SandboxClient(sandbox, DEMO_CLIENT);
	p = pickPair([]);
	q = pickPair([p]);
}, 20 * MINUTE);

afterAll(async () => {
	await n8n?.stop();
	await sandbox?.close();
	await smtp?.close();
}, MINUTE);

describe("low stock, on n8n's schedule and through a restart", () => {
	test(
		'activation: the items already below their level are noted, nothing is sent',
		async () => {
			const credential = (client: typeof EMAIL_CLIENT, name: string) =>
				n8n.createCredential(
					'inventoryProApi',
					{ baseUrl: sandbox.baseUrl, ...client, ignoreSslIssues: false },
					name,
				);
			const mailServer = await n8n.createCredential(
				'smtp',
				{ host: '127.0.0.1', port: smtp.port, secure: false, disableStartTls: true },
				'SMTP (e2e catcher)',
			);
			const example = loadExample(EXAMPLE);
			for (const node of example.nodes) {
				if (OUTBOUND.includes(node.type)) node.disabled = true;
				if (node.name === TRIGGER)
					node.parameters = { ...node.parameters, pollTimes: { item: [{ mode: 'everyMinute' }] } };
			}
			const emailCredential: CredentialRef = await credential(
				EMAIL_CLIENT,
				'Inventory Pro (e-mail)',
			);
			workflows.email = (await n8n.createWorkflow(example, [emailCredential, mailServer])).id;

			const trigger: WorkflowNode = {
				name: TRIGGER,
				type: `${PREFIX}inventoryProLowStockTrigger`,
				typeVersion: 1,
				parameters: {
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					options: { emitRestocked: true },
				},
				credentials: { inventoryProApi: { id: '', name: '' } },
			};
			const restockCredential = await credential(RESTOCK_CLIENT, 'Inventory Pro (restocked)');
			workflows.restock = (
				await n8n.createWorkflow(chain('e2e: low stock with restocked items', trigger), [
					restockCredential,
				])
			).id;

			await n8n.activate(workflows.email);
			await n8n.activate(workflows.restock);
			await until(
				'the activation polls',
				() =>
					finishedPolls(EMAIL_CLIENT.clientId) >= 1 && finishedPolls(RESTOCK_CLIENT.clientId) >= 1,
				MINUTE,
			);
			for (let i = 0; i < 6; i++) await sleep(500);
			const low = stockLevels(sandbox.store).filter((l) => l.min > 0 && l.units < l.min);
			expect(low.length).toBeGreaterThan(50);
			expect(await n8n.executions(workflows.email)).toEqual([]);
			expect(await n8n.executions(workflows.restock)).toEqual([]);
			expect(smtp.mails).toEqual([]);
		},
		3 * MINUTE,
	);

	test(
		'an item taken below its restocking level alerts once, on the schedule; the next poll sends nothing more: one e-mail, one sheet row',
		async () => {
			await setUnits(p, p.min - 1);
			await waitForRuns(workflows.email!, 1);
			await waitForRuns(workflows.restock!, 1);
			await morePolls(1);

			expect(events(await runs(workflows.email!))).toEqual([[ev('low', p)]]);
			expect(events(await runs(workflows.restock!))).toEqual([[ev('low', p)]]);
			expect(smtp.mails).toHaveLength(1);
			const [mail] = smtp.mails;
			expect(mail.to).toEqual(['purchasing@example.com']);
			expect(mail.from).toBe('inventory-alerts@example.com');
			expect(mail.subject).toBe(`Low stock: ${p.shortID} in ${p.warehouse}`);
			expect(mail.text).toContain(
				`is down to ${p.min - 1} in ${p.warehouse} (warehouse ${p.wID}), below its restocking level of ${p.min}.`,
			);
			expect(mail.text).toContain(`order ${p.max - (p.min - 1)}.`);

			const [summary] = await n8n.executions(workflows.email!);
			const run = await n8n.execution(summary.id);
			expect(N8n.output(run, 'Alert row').map((item) => item.json)).toEqual([
				{
					Detected: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
					Item: p.shortID,
					Description: p.description,
					Warehouse: p.warehouse,
					'Warehouse ID': p.wID,
					'On Hand': p.min - 1,
					'Restocking Level': p.min,
					'Fill Up To': p.max,
				},
			]);
		},
		6 * MINUTE,
	);

	test(
		'n8n restarted while another item fell below: its poll at the start alerts that one once and does not repeat the first (its third poll)',
		async () => {
			await n8n.halt();
			await setUnits(q, 0);
			await n8n.resume();
			await waitForRuns(workflows.email!, 2);
			await waitForRuns(workflows.restock!, 2);
			// What the start's poll emits becomes an execution a moment after it: look again for 3 s. The polls
			// after it are the next test's, whose run lists show any repeat.
			for (let i = 0; i < 6; i++) await sleep(500);

			expect(events(await runs(workflows.email!))).toEqual([[ev('low', p)], [ev('low', q)]]);
			expect(events(await runs(workflows.restock!))).toEqual([[ev('low', p)], [ev('low', q)]]);
			expect(smtp.mails.map((m) => m.subject)).toEqual([
				`Low stock: ${p.shortID} in ${p.warehouse}`,
				`Low stock: ${q.shortID} in ${q.warehouse}`,
			]);
		},
		8 * MINUTE,
	);

	test(
		'restocked: nothing by default, one restocked item when asked; dropped again: one more alert',
		async () => {
			await setUnits(p, p.min);
			await waitForRuns(workflows.restock!, 3);
			await morePolls(1);
			expect(events(await runs(workflows.email!))).toHaveLength(2);
			expect(events(await runs(workflows.restock!))).toEqual([
				[ev('low', p)],
				[ev('low', q)],
				[ev('restocked', p)],
			]);

			await setUnits(p, 2);
			await waitForRuns(workflows.email!, 3);
			await waitForRuns(workflows.restock!, 4);
			await morePolls(1);
			expect(events(await runs(workflows.email!))).toEqual([
				[ev('low', p)],
				[ev('low', q)],
				[ev('low', p)],
			]);
			expect(events(await runs(workflows.restock!))).toEqual([
				[ev('low', p)],
				[ev('low', q)],
				[ev('restocked', p)],
				[ev('low', p)],
			]);
			expect(smtp.mails).toHaveLength(3);
			expect(smtp.mails[2].text).toContain(`is down to 2 in ${p.warehouse}`);

			await n8n.deactivate(workflows.email!);
			await n8n.deactivate(workflows.restock!);
		},
		8 * MINUTE,
	);
});
