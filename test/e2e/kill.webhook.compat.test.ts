// The webhook trigger when n8n is killed, on the n8n the compatibility subset names (1.123.81) with its
// default settings: the rig and the moments of kill.webhook.e2e.test.ts (support/killWebhook.ts). SIGKILL
// before the answer (the service delivers again), then in a burst of 8 with 3 saved, 4 mid-run and 1 after
// its last node, each moment held at the gate. The saved ones end in turn: on 1.x's default SQLite (no
// pool) executions that end together can have their static data written out of order, and those the
// trigger's memory then lacks run again after the next start. kill.webhook.pool.compat.test.ts holds the
// burst with them ending together, on a SQLite pool.
import { N8N_VERSION } from './n8n';
import {
	burstTitle,
	killedBeforeTheAnswer,
	killedInABurst,
	killWebhookRig,
	MINUTE,
	type Burst,
} from './support/killWebhook';

const rig = killWebhookRig();

const BURST: Burst = {
	events: [1, 2, 3, 4, 5, 6, 7, 8],
	saved: [1, 2, 3],
	afterEffect: 7,
	savedInTurn: true,
};

describe(`n8n ${N8N_VERSION} (default settings): SIGKILL at each moment of a delivery, then a restart on the same database`, () => {
	test(
		'before the answer (n8n has the request, not all of it): the service retries it; it runs once',
		() => killedBeforeTheAnswer(rig, 41),
		15 * MINUTE,
	);

	test(burstTitle(BURST), () => killedInABurst(rig, BURST), 25 * MINUTE);
});
