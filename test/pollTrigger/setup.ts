/** A Changes Trigger wired to the harness: the built node, the harness's stored credential and n8n plumbing. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { PACKAGE } from '../harness/nodeTypes';
import type { Harness } from '../harness';
import { Poller } from '../harness/pollTrigger';

export const TYPE_NAME = `${PACKAGE}.inventoryProPollTrigger`;

export interface PollTriggerParams {
	watch: string;
	event?: 'any' | 'created' | 'updated';
	options?: IDataObject;
	warehouseID?: number;
}

/** A poller on the harness's default credential: every poller shares its token, as workflows in one n8n do. */
export function pollerFor(h: Harness, params: PollTriggerParams, pollBudgetMs?: number): Poller {
	const parameters: INodeParameters = {
		watch: params.watch,
		event: params.event ?? 'any',
		options: (params.options ?? {}) as INodeParameters,
	};
	if (params.warehouseID !== undefined) parameters.warehouseID = params.warehouseID;
	const stored = h.credentials.get(h.credentialId);
	return new Poller({
		nodeType: h.nodeTypes.getByNameAndVersion(TYPE_NAME),
		typeName: TYPE_NAME,
		parameters,
		credentials: { inventoryProApi: { id: stored.id, name: stored.name } },
		additionalData: (mode, workflowData) => h.additionalData(mode, workflowData),
		pollBudgetMs,
	});
}

export const LOW_STOCK_TYPE = `${PACKAGE}.inventoryProLowStockTrigger`;

/** The Low Stock Trigger's parameters; left out, the node's defaults. */
export interface LowStockParams {
	warehouses?: 'all' | 'one';
	warehouseID?: number | string;
	threshold?: 'restockingLevel' | 'fixed' | 'perItem';
	levelField?: string;
	fixedThreshold?: number | string;
	itemThresholds?: string;
	options?: IDataObject;
}

/** A Low Stock Trigger on the harness's default credential. */
export function lowStockPollerFor(
	h: Harness,
	params: LowStockParams,
	pollBudgetMs?: number,
): Poller {
	const stored = h.credentials.get(h.credentialId);
	return new Poller({
		nodeType: h.nodeTypes.getByNameAndVersion(LOW_STOCK_TYPE),
		typeName: LOW_STOCK_TYPE,
		parameters: { ...params, options: params.options ?? {} } as INodeParameters,
		credentials: { inventoryProApi: { id: stored.id, name: stored.name } },
		additionalData: (mode, workflowData) => h.additionalData(mode, workflowData),
		pollBudgetMs,
	});
}
