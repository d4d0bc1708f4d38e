/**
 * "A start-up poll never switches the trigger off." n8n runs the first poll of an activation itself;
 * when that poll throws at a restart (activation mode init, or leadershipChange in multi-main), n8n
 * retries it four times within 15 s and then leaves the workflow without a schedule, and nothing retries
 * it later (measured in n8n 2.40.7). So that first poll logs its failure and answers nothing; the next
 * scheduled poll reads again, and a failure that lasts is reported there as a failed execution while the
 * schedule keeps running. A person activating the workflow hears every failure at once.
 *
 * Process memory (a WeakSet of n8n's poll contexts, one per activation): safe in queue mode and
 * multi-main, because each process only ever asks about the contexts it runs itself.
 */
import type { IPollFunctions } from 'n8n-workflow';

/** Whether this is the first poll of an activation (`first`: shared/redelivery.ts isFirstPoll), outside the editor. */
export function isStartUpPoll(context: IPollFunctions, first: boolean): boolean {
	return first && context.getActivationMode() !== 'manual' && context.getMode() !== 'manual';
}
