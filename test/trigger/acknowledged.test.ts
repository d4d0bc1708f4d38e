import type { IDataObject } from 'n8n-workflow';

import { accept, isAccepted, settledNote } from '../../nodes/InventoryProTrigger/acknowledged';

/** A node's context as n8n hands it: one workflow, one node, its static data. */
function contextOf(workflowId: string) {
	const staticData: IDataObject = {};
	return {
		getWorkflow: () => ({ id: workflowId }),
		getNode: () => ({ id: 'node-1', name: 'Inventory Pro Trigger' }),
		getWorkflowStaticData: () => staticData,
	};
}

describe('what this process acknowledged', () => {
	it('a process that only asks (queue-mode main, a check) writes no settledAt', () => {
		const context = contextOf('asks-only');
		expect(isAccepted(context, 'event-1')).toBe(false);
		expect(settledNote(context)()).toBeUndefined();
	});

	it('a process that acknowledged writes when all it acknowledged had run', () => {
		const context = contextOf('acknowledges');
		accept(context, ['event-1']);
		expect(isAccepted(context, 'event-1')).toBe(true);
		expect(settledNote(context)()).toEqual({ settledAt: expect.any(Number) });
	});
});
