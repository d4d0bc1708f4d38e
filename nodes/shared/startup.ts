/**
 * "A first poll never switches the trigger off." n8n runs the first poll of an activation itself; when
 * it throws, n8n retries it four times within 15 s and then marks the publication failed and leaves the
 * workflow without a schedule, while it still shows active; nothing retries it later (measured in n8n
 * 2.40.7, and 2.41.1's source runs it the same way). With n8n 2.x's publication service that holds for a
 * person activating it too. So until a poll of the activation succeeds, a failure is logged and reported
 * as a failed execution (__emitError, which also runs the error workflow) instead of thrown, and the
 * schedule keeps running. The editor's test run still shows its error. Both poll triggers use it.
 *
 * "First" comes from redelivery.ts (process memory of poll contexts, one per activation): safe in
 * queue mode and multi-main, because each process only ever asks about the contexts it runs itself.
 */
import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

type PollResult = INodeExecutionData[][] | null;

/** Whether this is the first poll of an activation (`first`: redelivery.ts isFirstCheck), outside the editor. */
export function isStartUpPoll(context: IPollFunctions, first: boolean): boolean {
	return first && context.getActivationMode() !== 'manual' && context.getMode() !== 'manual';
}

/** Runs `poll`; at a start-up poll a failure is reported as a failed execution instead of thrown. */
export async function pollKeepingSchedule(
	context: IPollFunctions,
	first: boolean,
	trigger: string,
	poll: () => Promise<PollResult>,
): Promise<PollResult> {
	if (!isStartUpPoll(context, first)) return await poll();
	try {
		return await poll();
	} catch (error) {
		const failure = error as Error;
		context.logger.warn(
			`${trigger}: the first poll of the activation failed (${failure.message}); the next scheduled poll reads again`,
		);
		// A failed execution in the list (and the error workflow), while the schedule keeps running.
		context.__emitError(failure);
		return null;
	}
}
