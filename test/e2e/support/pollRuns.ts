// The poll-trigger kill suites (kill.poll, queuePoll): changes and alerts made in the service, and which of
// them came out of finished executions in n8n, how often.
import type { Sandbox } from '../../../sandbox';
import type { StockLevel } from '../../../sandbox/records';
import { stockLevels } from '../../../sandbox/stockLevels';
import type { SandboxClient } from '../../support/sandboxClient';
import { N8n } from '../n8n';
import { until } from './wait';

/** The trigger node's name in those suites' workflows. */
export const TRIGGER = 'Trigger';

export type KeyOf = (json: Record<string, unknown>) => string;
/** A change of the Changes Trigger, by item. */
export const changeKey: KeyOf = (json) => String(json.shortID);
/** An alert of the Low Stock Trigger, by warehouse and item. */
export const alertKey: KeyOf = (json) => `${String(json.wID)}:${String(json.shortID)}`;

/** Makes `count` items (POST /Item) named `<prefix>-<n>`; returns their ids. */
export function itemMaker(operator: SandboxClient, prefix: string) {
	let serial = 0;
	return async (count: number): Promise<string[]> => {
		const made: string[] = [];
		for (let i = 0; i < count; i++) {
			const itemID = `${prefix}-${++serial}`;
			const answer = await operator.post('/Item', { itemID, description: `${prefix} test` });
			expect(answer.status).toBe(201);
			made.push(itemID);
		}
		return made;
	};
}

/** Takes a fresh stocked item below its restocking level each call; returns its alert key (wID:shortID). */
export function lowStockMaker(sandbox: Sandbox, operator: SandboxClient) {
	const taken = new Set<string>();
	return async (): Promise<string> => {
		const { store } = sandbox;
		const pair = stockLevels(store).find(
			(l: StockLevel) =>
				!taken.has(l.shortID) &&
				l.min > 0 &&
				l.units >= l.min + 10 &&
				store
					.lots(l.partNo, l.wID)
					.every((lot) => !lot.hold && !store.location(l.wID, lot.spot)!.hold),
		);
		if (!pair) throw new Error('no stocked item left');
		taken.add(pair.shortID);
		const answer = await operator.post('/Inventory/Issue', {
			itemID: pair.shortID,
			wID: pair.wID,
			units: pair.units - (pair.min - 1),
		});
		expect(answer.status).toBe(201);
		return `${pair.wID}:${pair.shortID}`;
	};
}

/** How many finished (success) executions of the workflow carried each key in the trigger's output. */
export async function ranCounts(
	n8n: N8n,
	workflowId: string,
	keyOf: KeyOf,
): Promise<Map<string, number>> {
	const counts = new Map<string, number>();
	for (const summary of (await n8n.executions(workflowId)).filter((s) => s.status === 'success')) {
		for (const item of N8n.output(await n8n.execution(summary.id), TRIGGER)) {
			const key = keyOf(item.json);
			counts.set(key, (counts.get(key) ?? 0) + 1);
		}
	}
	return counts;
}

/**
 * Waits until every key came out of a finished execution; returns those that came more than once. Give a
 * generous bound: beside the other suites on a 2-core machine a restart and the next polls took minutes.
 */
export async function allRan(
	n8n: N8n,
	workflowId: string,
	keyOf: KeyOf,
	keys: string[],
	timeoutMs: number,
	detail?: () => Promise<string>,
): Promise<string[]> {
	const seen = await until(
		`${keys.join(', ')} in finished executions of workflow ${workflowId}`,
		async () => {
			const counts = await ranCounts(n8n, workflowId, keyOf);
			return keys.every((key) => (counts.get(key) ?? 0) >= 1) && counts;
		},
		timeoutMs,
		detail,
	);
	return keys.filter((key) => (seen.get(key) ?? 0) > 1);
}
