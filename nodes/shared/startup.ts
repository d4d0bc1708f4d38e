/**
 * "A first poll never switches the trigger off." On n8n's default poll path a poll that throws while the
 * workflow is being activated or published after a start is retried four times within 15 s, then the
 * publication is marked failed and the workflow keeps no schedule while it still shows active; nothing
 * retries it later (measured in n8n 2.40.7; 2.41.1's source runs it the same way). So the first poll of an
 * activation by a person, and the first poll of a node after n8n started, log a failure and return nothing:
 * the activation succeeds and the schedule stays. The next scheduled poll reads again — and, if it fails
 * too, n8n records its error as a failed execution (and runs the error workflow) as for any poll. On n8n's
 * durable scheduler every tick has a new poll context: only the first in this process is spared. The
 * editor's test run still shows the error. Both poll triggers use it. Process memory, per workflow and node.
 */
import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { nodeKey } from './memory';

type PollResult = INodeExecutionData[][] | null;

const contextsSeen = new WeakSet<IPollFunctions>();
const nodesSeen = new Set<string>();

/** Runs `poll`; at a start-up poll (see above) a failure is logged, not thrown. */
export async function pollKeepingSchedule(
	context: IPollFunctions,
	trigger: string,
	poll: () => Promise<PollResult>,
): Promise<PollResult> {
	const activation = context.getActivationMode();
	if (activation === 'manual' || context.getMode() === 'manual') return await poll();
	const key = nodeKey(context);
	const startUp = !contextsSeen.has(context) && (!nodesSeen.has(key) || activation === 'activate');
	contextsSeen.add(context);
	nodesSeen.add(key);
	if (!startUp) return await poll();
	try {
		return await poll();
	} catch (error) {
		context.logger.warn(
			`${trigger}: the first poll failed (${(error as Error).message}); the trigger stays on and the next scheduled poll reads again`,
		);
		return null;
	}
}
