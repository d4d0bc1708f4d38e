// The poll triggers under SIGKILL and SIGTERM on the n8n the compatibility subset names (n8n 1.123.81: its
// one poll path, n8n's default scheduler), the same suite as kill.poll.e2e.test.ts (support/killPollSuite.ts).
import { killPollSuite } from './support/killPollSuite';

killPollSuite('default');
