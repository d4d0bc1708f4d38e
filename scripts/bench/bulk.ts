// Section 8 of `npm run bench` (issue 38): bulk jobs in one node execution against the request floor, beside
// the same rows run one row per execution. The sandbox runs in this process with its limit lifted, so only
// requests are counted (by endpoint, from the sandbox's own counters); time at 100 requests a minute is the
// count divided by 100. Every job starts from a fresh sandbox with the same seed, so both runs meet the same data.
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { DEMO_CLIENT, startSandbox, type Sandbox } from '../../sandbox';
import { insertLot } from '../../sandbox/resources/inventory';
import { rackSpots } from '../../sandbox/seedData';
import { N8nRunner } from './n8n';

export const BULK_HEADING = '## Bulk jobs: requests against the floor';

const PAGE = 250;
const WAREHOUSE = 4;
const pages = (rows: number) => Math.max(1, Math.ceil(rows / PAGE));

interface Prepared {
	parameters: INodeParameters;
	rows: IDataObject[];
	/** The floor's parts: each list needed read once, the writes that must happen, the confirmation. */
	floor: Record<string, number>;
}

interface Job {
	key: string;
	label: string;
	items: number;
	prepare(sandbox: Sandbox): Prepared;
}

export interface BulkRow {
	job: Job;
	rows: number;
	bulk: Record<string, number>;
	perRow: Record<string, number>;
	floor: Record<string, number>;
	bulkMs: number;
	perRowMs: number;
	/** Rows whose output was not what the job expects (a failed row, a wrong outcome). */
	wrong: number;
	hint?: string;
}

const total = (kinds: Record<string, number>) => Object.values(kinds).reduce((a, b) => a + b, 0);

/** Warehouse 4 filled to `lots` lots over the active items and its rack spots, the same on every run. */
function stockWarehouse(sandbox: Sandbox, lots: number): void {
	const { store } = sandbox;
	const active = store.items.rows.filter((item) => !item.discontinued);
	// Spots on hold refuse issues and receipts: the count lines stay off them.
	const spots = rackSpots(WAREHOUSE).filter((spot) => store.locations.get(spot)?.hold !== true);
	const have = store.stock.rows.filter((lot) => lot.wID === WAREHOUSE).length;
	for (let i = 0; i < lots - have; i++)
		insertLot(store, active[(i * 7) % active.length], {
			wID: WAREHOUSE,
			spot: spots[Math.floor(i / active.length) % spots.length],
			units: 1 + (i % 5),
			received: '2025-06-01T00:00:00.000Z',
		});
	store.changed();
}

/** Set Counted Quantity: `lines` count lines spread over the warehouse's stock, `differ` of them one short. */
function stockTake(lines: number, lots: number, differ: number, items: number): Job {
	return {
		key: `count-${lines}`,
		label: `Inventory › Set Counted Quantity, ${lines.toLocaleString('en')} count lines, warehouse of ${lots.toLocaleString('en')} lots (${items.toLocaleString('en')} items), ${differ} lines differ`,
		items,
		prepare(sandbox) {
			stockWarehouse(sandbox, lots);
			const { store } = sandbox;
			const levels = new Map<string, { shortID: string; spot: string; units: number }>();
			for (const lot of store.stock.rows) {
				if (lot.wID !== WAREHOUSE || lot.shipped !== null || lot.units <= 0) continue;
				if (store.locations.get(lot.spot)?.hold === true) continue;
				const key = `${lot.shortID}|${lot.spot}`;
				const level = levels.get(key) ?? { shortID: lot.shortID, spot: lot.spot, units: 0 };
				level.units += lot.units;
				levels.set(key, level);
			}
			const all = [...levels.values()];
			if (all.length < lines)
				throw new Error(`only ${all.length} stocked spots for ${lines} lines`);
			const step = all.length / lines;
			const every = Math.floor(lines / Math.max(1, differ));
			const rows = Array.from({ length: lines }, (_, i) => {
				const level = all[Math.floor(i * step)];
				const short = differ > 0 && i % every === 0 && i / every < differ;
				return {
					item: level.shortID,
					wID: WAREHOUSE,
					spot: level.spot,
					counted: short ? level.units - 1 : level.units,
				};
			});
			const lotPages = pages(store.stock.rows.filter((lot) => lot.wID === WAREHOUSE).length);
			const distinct = new Set(rows.map((row) => row.item)).size;
			return {
				parameters: {
					resource: 'inventory',
					operation: 'setCountedQuantity',
					itemID: { __rl: true, mode: 'id', value: '={{ $json.item }}' },
					wID: { __rl: true, mode: 'id', value: '={{ $json.wID }}' },
					spot: { __rl: true, mode: 'id', value: '={{ $json.spot }}' },
					counted: '={{ $json.counted }}',
					reasonCode: 'COUNT',
				},
				rows,
				floor: {
					'lot pages': lotPages,
					'item pages': Math.min(pages(store.items.rows.length), distinct),
					writes: differ,
					'confirmation pages': differ > 0 ? lotPages : 0,
				},
			};
		},
	};
}

/** Item › Create or Update: `unchanged` identical rows, `changed` with a new description, `created` new items. */
function itemSync(unchanged: number, changed: number, created: number, items: number): Job {
	const rowCount = unchanged + changed + created;
	return {
		key: `upsert-${rowCount}`,
		label: `Item › Create or Update, ${rowCount} rows: ${unchanged} exist unchanged, ${changed} changed, ${created} new`,
		items,
		prepare(sandbox) {
			const { store } = sandbox;
			const active = store.items.rows.filter((item) => !item.discontinued);
			const step = active.length / (unchanged + changed);
			const existing = Array.from(
				{ length: unchanged + changed },
				(_, i) => active[Math.floor(i * step)],
			);
			const rows = [
				...existing.map((item, i) => ({
					shortID: item.shortID,
					description: i < unchanged ? item.description : `${item.description} (revised)`,
					uOM: item.uOM,
				})),
				...Array.from({ length: created }, (_, i) => ({
					shortID: `BULK-NEW-${i + 1}`,
					description: 'New in the sheet',
					uOM: 'EA',
				})),
			];
			return {
				parameters: {
					resource: 'item',
					operation: 'upsert',
					// The sheet's columns are named like the item's fields: Map Automatically.
					columns: { mappingMode: 'autoMapInputData', value: null },
				},
				rows,
				floor: {
					'item pages': Math.min(pages(store.items.rows.length), rowCount),
					writes: changed + created,
				},
			};
		},
	};
}

export const BULK_JOBS: Job[] = [
	stockTake(200, 5_000, 20, 1_000),
	stockTake(20, 5_000, 2, 1_000),
	itemSync(400, 50, 50, 1_000),
	itemSync(16, 2, 2, 1_000),
	stockTake(2_000, 50_000, 200, 2_500),
];

/** What one output row should say, for the count of wrong rows. */
function wrongRows(job: Job, rows: IDataObject[], out: IDataObject[]): number {
	if (out.length !== rows.length) return Math.abs(out.length - rows.length) || 1;
	return out.filter((json, i) => {
		if (json.error !== undefined) return true;
		if (job.key.startsWith('count')) return json.after !== rows[i].counted || json.levelChanged;
		return !['created', 'updated', 'unchanged'].includes(json.outcome as string);
	}).length;
}

/** One job: the rows one per execution on one sandbox, then all in one execution on a fresh one. */
async function runJob(runner: N8nRunner, job: Job): Promise<BulkRow> {
	const measure = async (perRow: boolean) => {
		const sandbox = await startSandbox({
			rateLimitPerMinute: 1_000_000_000,
			seed: { items: job.items },
		});
		try {
			const prepared = job.prepare(sandbox);
			const credential = runner.saveCredential(`bulk-${job.key}-${perRow}`, 'inventoryProApi', {
				baseUrl: sandbox.baseUrl,
				clientId: DEMO_CLIENT.clientId,
				clientSecret: DEMO_CLIENT.clientSecret,
				clientAuthentication: 'form',
				ignoreSslIssues: true,
				requestsPerMinute: 1_000_000_000,
				accessToken: '',
			});
			const node: Omit<INode, 'id' | 'position'> = {
				name: 'Inventory Pro',
				type: 'n8n-nodes-inventory-pro.inventoryPro',
				typeVersion: 2,
				parameters: prepared.parameters,
				credentials: { inventoryProApi: credential },
			};
			const before = { ...sandbox.stats.requests };
			const started = Date.now();
			const out: IDataObject[] = [];
			let hint: string | undefined;
			for (const batch of perRow ? prepared.rows.map((row) => [row]) : [prepared.rows]) {
				const result = await runner.run(node, batch);
				if (result.error) throw new Error(`${job.label}: ${result.error}`);
				out.push(...result.items.map((item) => item.json));
				hint ??= result.hints?.find((h) => h.message.startsWith('Read each list once'))?.message;
			}
			const ms = Date.now() - started;
			const kinds: Record<string, number> = {};
			for (const [id, count] of Object.entries(sandbox.stats.requests)) {
				const sent = count - (before[id] ?? 0);
				if (id !== 'token' && sent > 0) kinds[id] = sent;
			}
			return {
				kinds,
				ms,
				rows: prepared.rows.length,
				floor: prepared.floor,
				wrong: wrongRows(job, prepared.rows, out),
				hint,
			};
		} finally {
			await sandbox.close();
		}
	};
	const perRow = await measure(true);
	const bulk = await measure(false);
	return {
		job,
		rows: bulk.rows,
		bulk: bulk.kinds,
		perRow: perRow.kinds,
		floor: bulk.floor,
		bulkMs: bulk.ms,
		perRowMs: perRow.ms,
		wrong: bulk.wrong + perRow.wrong,
		hint: bulk.hint,
	};
}

export async function bulkRuns(
	runner = new N8nRunner(),
	log: (message: string) => void = () => undefined,
): Promise<BulkRow[]> {
	const rows: BulkRow[] = [];
	for (const job of BULK_JOBS) {
		log(`8. ${job.label}`);
		const row = await runJob(runner, job);
		log(
			`   row by row ${total(row.perRow)} requests (${(row.perRowMs / 1000).toFixed(1)} s), bulk ${total(row.bulk)} (${(row.bulkMs / 1000).toFixed(1)} s), floor ${total(row.floor)}, wrong rows ${row.wrong}`,
		);
		rows.push(row);
	}
	return rows;
}

const SHORT: Record<string, string> = {
	'item.get': 'item reads',
	'item.listAll': 'item pages',
	'inventory.listByWarehouse': 'lot pages',
	'inventory.issue': 'issues',
	'inventory.receive': 'receipts',
	'item.update': 'updates',
	'item.create': 'creates',
};
const kinds = (counts: Record<string, number>) =>
	Object.entries(counts)
		.filter(([, n]) => n > 0)
		.map(([id, n]) => `${n.toLocaleString('en')} ${SHORT[id] ?? id}`)
		.join(', ');
const minutes = (requests: number) => `${(requests / 100).toFixed(1)} min`;

/** Target: every job of 20 rows or more within 1.2 × its floor. */
export const FLOOR_TARGET = 1.2;
export const ratioOf = (row: BulkRow) => total(row.bulk) / total(row.floor);

export function bulkMarkdown(rows: BulkRow[]): string {
	const met = rows.every((row) => row.rows < 20 || ratioOf(row) <= FLOOR_TARGET);
	return [
		BULK_HEADING,
		'',
		'Issue 38. Each job is one execution of the Inventory Pro node (version 2) over all its rows, run in-process through',
		'n8n-core against a fresh sandbox with its limit lifted, so only requests count (the sandbox counts them by',
		'endpoint; token requests left out). "Row by row" runs the same rows one per execution on an identical fresh',
		'sandbox: what any node that reads per row spends (this node before issue 38 also wrote unchanged items, so it spent',
		'more than that column on the upserts). The floor is each list the job needs read once, plus the writes that must',
		'happen, plus, where lines were written, one more read of the lots that confirms the levels after the writes.',
		'Time at 100 requests a minute (the service\'s limit) is the request count divided by 100. "Wrong rows" counts',
		'output rows of either run that failed or did not end at their count (or had no outcome).',
		'Run this section alone with `npm run bench:bulk` (it rewrites only this section of this file).',
		'',
		'| job (one node execution) | row by row | bulk | bulk by kind | floor | × floor | at 100/min: row by row vs bulk | wrong rows |',
		'|---|---|---|---|---|---|---|---|',
		...rows.map(
			(row) =>
				`| ${row.job.label} | ${total(row.perRow).toLocaleString('en')} | ${total(row.bulk).toLocaleString('en')} | ${kinds(row.bulk)} | ${total(row.floor).toLocaleString('en')} (${Object.entries(
					row.floor,
				)
					.filter(([, n]) => n > 0)
					.map(([part, n]) => `${n} ${part}`)
					.join(
						' + ',
					)}) | **${ratioOf(row).toFixed(2)} ×** | ${minutes(total(row.perRow))} vs ${minutes(total(row.bulk))} | ${row.wrong} |`,
		),
		'',
		`Target: every job of 20 rows or more within ${FLOOR_TARGET} × its floor — ${met ? 'met' : '**missed**'}.`,
		...(rows[0]?.hint ? ['', `The first job's execution hint: "${rows[0].hint}"`] : []),
		'',
	].join('\n');
}
