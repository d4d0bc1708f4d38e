/**
 * "A first poll never switches the trigger off." n8n runs the first poll of an activation itself; when
 * it throws, n8n retries it four times within 15 s and then marks the publication failed and leaves the
 * workflow without a schedule, while it still shows active; nothing retries it later (measured in n8n
 * 2.40.7, and 2.41.1's source runs it the same way). With n8n 2.x's publication service that holds for a
 * person activating it too. So until a poll of the activation succeeds, a failure is logged and reported
 * as a failed execution (__emitError, which also runs the error workflow) instead of thrown, and the
 * schedule keeps running. The editor's test run still shows its error.
 *
 * "First" comes from shared/redelivery.ts (process memory of poll contexts, one per activation): safe in
 * queue mode and multi-main, because each process only ever asks about the contexts it runs itself.
 */
import type { IPollFunctions } from 'n8n-workflow';

/** Whether this is the first poll of an activation (`first`: shared/redelivery.ts isFirstPoll), outside the editor. */
export function isStartUpPoll(context: IPollFunctions, first: boolean): boolean {
	return first && context.getActivationMode() !== 'manual' && context.getMode() !== 'manual';
}
