/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// Bench section: the webhook trigger against n8n's own Webhook node, in one real n8n 2.40.7 (issue 25).
// Both workflows are active in the same n8n; signed deliveries (each a new event) go to both at once,
// 20 in flight to each, over HTTPS on loopback. Measured: accepted per second, p50/p99 answer time, and whether the
// trigger's time per delivery grows as its memory of what ran fills.
import { createHmac } from 'crypto';
import { cpus, loadavg } from 'os';

import { deriveSigningSecret } from '../../nodes/InventoryProTrigger/signature';
import { ALL_SECURITY_IDS, startSandbox } from '../../sandbox';
import {
	ensureN8n,
	httpsCall,
	loopbackCertificate,
	startN8n,
	type WorkflowJson,
} from '../../test/e2e/n8n';

export const WEBHOOK_HEADING = "## Webhook: the trigger against n8n's Webhook node";

const CLIENT = { clientId: 'bench-webhook', clientSecret: 'bench-webhook-dummy-secret-1' };
const TRIGGER = 'Inventory Pro Trigger';

export interface WebhookRow {
	label: string;
	accepted: number;
	sent: number;
	perSecond: number;
	p50: number;
	p99: number;
	/** p50 of the first and the last 500 deliveries (the trigger's memory empty, then holding what ran). */
	firstP50: number;
	lastP50: number;
}

export interface WebhookResults {
	deliveries: number;
	concurrency: number;
	rows: [WebhookRow, WebhookRow];
	/** Load average (1 min) when the measured part started and ended, and the cores. */
	load: { start: number; end: number; cores: number };
}

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const percentile = (sorted: number[], p: number) =>
	sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

function workflow(name: string, node: Record<string, unknown>): WorkflowJson {
	return {
		name,
		nodes: [{ ...node, position: [0, 0] } as never],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

function summarise(label: string, times: number[], statuses: number[], spanMs: number): WebhookRow {
	const sorted = [...times].sort((a, b) => a - b);
	const median = (slice: number[]) =>
		percentile(
			[...slice].sort((a, b) => a - b),
			50,
		);
	const accepted = statuses.filter((status) => status === 200).length;
	return {
		label,
		accepted,
		sent: statuses.length,
		perSecond: accepted / (spanMs / 1000),
		p50: percentile(sorted, 50),
		p99: percentile(sorted, 99),
		firstP50: median(times.slice(0, 500)),
		lastP50: median(times.slice(-500)),
	};
}

export async function webhookSection(deliveries = 2000, concurrency = 20): Promise<WebhookResults> {
	const n8nDir = await ensureN8n((line) => log(line));
	const certificate = await loopbackCertificate();
	const sandbox = await startSandbox({
		port: 0,
		webhookCa: [certificate.cert],
		rateLimitPerMinute: 1_000_000,
		clients: [{ ...CLIENT, securityIds: ALL_SECURITY_IDS }],
	});
	const n8n = await startN8n({
		n8nDir,
		certificate,
		extraCa: sandbox.ca,
		env: { N8N_LOG_LEVEL: 'warn' },
	});
	try {
		const credential = await n8n.createCredential('inventoryProApi', {
			baseUrl: sandbox.baseUrl,
			...CLIENT,
			ignoreSslIssues: false,
		});
		const trigger = await n8n.createWorkflow(
			workflow('bench: trigger', {
				name: TRIGGER,
				type: 'n8n-nodes-inventory-pro.inventoryProTrigger',
				typeVersion: 1,
				parameters: { events: ['inventory.received'], options: { checkInterval: 60 } },
				credentials: { inventoryProApi: { id: credential.id, name: credential.name } },
			}),
			[credential],
		);
		const plain = await n8n.createWorkflow(
			workflow('bench: webhook node', {
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				webhookId: 'b3c2a1d0-0000-4000-8000-00000000be4c',
				parameters: { httpMethod: 'POST', path: 'bench-plain', responseMode: 'onReceived' },
			}),
		);
		await n8n.activate(trigger.id);
		await n8n.activate(plain.id);
		const triggerUrl = await n8n.productionWebhookUrl(trigger, TRIGGER);
		const plainUrl = `${n8n.baseUrl}webhook/bench-plain`;
		const webhookId = new URL(triggerUrl).pathname.split('/')[2];
		const secret = deriveSigningSecret(CLIENT.clientSecret, trigger.id, webhookId);

		const body = (n: number) =>
			Buffer.from(
				JSON.stringify({
					event: 'inventory.received',
					data: {
						recNo: 500_000 + n,
						partNo: 1001,
						wID: 1,
						units: n,
						modified: new Date(Date.UTC(2031, 0, 1) + n).toISOString(),
					},
				}),
			);
		const send = async (url: string, n: number) => {
			const raw = body(n);
			const headers = {
				'content-type': 'application/json',
				'x-webhook-event': 'inventory.received',
				'x-webhook-signature': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`,
			};
			const started = performance.now();
			const answer = await httpsCall('POST', url, n8n.ca, { raw, headers, timeoutMs: 60_000 });
			return { ms: performance.now() - started, status: answer.status };
		};

		log(`webhook: warm-up (20 each, not measured)`);
		for (let i = 0; i < 20; i++)
			await Promise.all([send(triggerUrl, 1_000_000 + i), send(plainUrl, 1_000_000 + i)]);

		// Each target has its own 20 senders, both at the same time: the same machine load for both, and
		// neither's pace held to the other's.
		const measure = async (url: string) => {
			const times: number[] = [];
			const statuses: number[] = [];
			const from = performance.now();
			let next = 0;
			const sender = async () => {
				while (next < deliveries) {
					const n = next++;
					const { ms, status } = await send(url, n);
					times[n] = ms;
					statuses.push(status);
				}
			};
			await Promise.all(Array.from({ length: concurrency }, sender));
			return { times, statuses, spanMs: performance.now() - from };
		};
		log(
			`webhook: ${deliveries} deliveries to each, ${concurrency} in flight to each, both at once`,
		);
		const loadAtStart = loadavg()[0];
		const [byTrigger, byPlain] = await Promise.all([measure(triggerUrl), measure(plainUrl)]);
		const rows: [WebhookRow, WebhookRow] = [
			summarise('Inventory Pro Trigger', byTrigger.times, byTrigger.statuses, byTrigger.spanMs),
			summarise("n8n's Webhook node", byPlain.times, byPlain.statuses, byPlain.spanMs),
		];
		for (const row of rows) {
			log(
				`   ${row.label}: ${row.accepted}/${row.sent} accepted, ${row.perSecond.toFixed(1)}/s, p50 ${row.p50.toFixed(0)} ms, p99 ${row.p99.toFixed(0)} ms (first 500 p50 ${row.firstP50.toFixed(0)}, last 500 ${row.lastP50.toFixed(0)})`,
			);
		}
		return {
			deliveries,
			concurrency,
			rows,
			load: { start: loadAtStart, end: loadavg()[0], cores: cpus().length },
		};
	} finally {
		await n8n.stop();
		await sandbox.close();
	}
}

/** The section's markdown: the table and the two ratios issue 25 sets targets for. */
export function webhookMarkdown(results: WebhookResults): string {
	const [trigger, plain] = results.rows;
	const rate = trigger.perSecond / plain.perSecond;
	const p99 = trigger.p99 / plain.p99;
	const ms = (value: number) => `${value.toFixed(0)} ms`;
	return [
		WEBHOOK_HEADING,
		'',
		`One real n8n 2.40.7 (one main process, SQLite, default settings), both workflows active in it; ${results.deliveries} signed deliveries`,
		`to each (every one a new event), both at once, ${results.concurrency} in flight to each, HTTPS on loopback. Written by \`npm run bench\``,
		'(or `node .build/scripts/bench/webhookOnly.js` for this section alone). Load average (1 min) ' +
			`${results.load.start.toFixed(1)} at the start, ${results.load.end.toFixed(1)} at the end, on ${results.load.cores} cores: absolute figures`,
		"depend on it; the ratios compare the two under the same load. Both streams share n8n's one event loop, so where n8n",
		'itself is the bottleneck each gets a similar share of it: the answer times (p50, p99) are the sharper comparison.',
		'',
		'| | accepted | accepted/s | p50 | p99 | p50 of the first 500 → last 500 |',
		'|---|---|---|---|---|---|',
		...results.rows.map(
			(row) =>
				`| ${row.label} | ${row.accepted} of ${row.sent} | ${row.perSecond.toFixed(1)} | ${ms(row.p50)} | ${ms(row.p99)} | ${ms(row.firstP50)} → ${ms(row.lastP50)} |`,
		),
		'',
		`Ratios: accepted/s ${rate.toFixed(2)} × the Webhook node's (target ≥ 0.8 ×: ${rate >= 0.8 ? 'met' : 'missed'}), ` +
			`p99 ${p99.toFixed(2)} × (target ≤ 1.25 ×: ${p99 <= 1.25 ? 'met' : 'missed'}).`,
		'',
	].join('\n');
}
