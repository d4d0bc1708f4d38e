import type { NodeExecutionHint } from 'n8n-workflow';

import type { Waits } from '../../shared/transport/waits';

/** Pacing shorter than this is not worth a hint: a run that long does not look stuck. */
export const PACING_HINT_MS = 10_000;

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** Why the run took long, for the output pane: pacing to the credential's budget, and 429s waited out. */
export function waitHints(waits: Waits | undefined): NodeExecutionHint[] {
	if (!waits) return [];
	const hints: NodeExecutionHint[] = [];
	if (waits.pacingMs >= PACING_HINT_MS) {
		hints.push({
			type: 'info',
			location: 'outputPane',
			message:
				`Waited ${seconds(waits.pacingMs)} in total before ${waits.pacedRequests} requests to stay within the credential's ` +
				'"Requests per Minute". Large exports are paced on purpose; raise the budget only if the service allows more.',
		});
	}
	if (waits.rateLimited > 0) {
		hints.push({
			type: 'warning',
			location: 'outputPane',
			message:
				`Inventory Pro answered 429 Too Many Requests ${waits.rateLimited} times; the node waited ${seconds(waits.rateLimitMs)} and retried. ` +
				'Lower "Requests per Minute" on the credential, or let fewer workflows use this client at the same time.',
		});
	}
	return hints;
}
