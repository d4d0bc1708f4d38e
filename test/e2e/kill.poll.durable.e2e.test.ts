// The poll triggers under SIGKILL and SIGTERM on n8n's durable scheduler with durable cursors
// (N8N_SCHEDULER_ENABLED, N8N_SCHEDULER_POLL_TRIGGERS_ENABLED, N8N_USE_WORKFLOW_PUBLICATION_SERVICE,
// N8N_POLLER_DURABLE_CURSORS_ENABLED): the poll's state is n8n's cursor (support/killPollSuite.ts).
import { killPollSuite } from './support/killPollSuite';

killPollSuite('durable');
