// The webhook trigger killed in a burst whose saved executions end together, on the n8n the compatibility
// subset names (1.123.81) with a SQLite pool (DB_SQLITE_POOL_SIZE=3: 2.x's default, and what 1.x asks for
// at every start). 1.x's default (0, no pool) can write the static data of executions that end together out
// of order (kill.webhook.compat.test.ts lets them end in turn); with the pool n8n writes them in turn, and
// the burst holds as on 2.41.1 (support/killWebhook.ts).
import { N8N_VERSION } from './n8n';
import {
	burstTitle,
	killedInABurst,
	killWebhookRig,
	MINUTE,
	type Burst,
} from './support/killWebhook';

const rig = killWebhookRig({ DB_SQLITE_POOL_SIZE: '3' });

const BURST: Burst = { events: [1, 2, 3, 4, 5, 6, 7, 8], saved: [1, 2, 3, 4, 5], afterEffect: 7 };

describe(`n8n ${N8N_VERSION} with DB_SQLITE_POOL_SIZE=3: SIGKILL in a burst, then a restart on the same database`, () => {
	test(burstTitle(BURST), () => killedInABurst(rig, BURST), 25 * MINUTE);
});
