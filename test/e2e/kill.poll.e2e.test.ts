// The poll triggers under SIGKILL and SIGTERM on n8n's default poll path (support/killPollSuite.ts).
import { killPollSuite } from './support/killPollSuite';

killPollSuite('default');
