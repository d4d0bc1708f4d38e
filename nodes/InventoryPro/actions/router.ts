import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { takeRequests } from '../../shared/transport/spent';
import { takeWaits } from '../../shared/transport/waits';
import { waitHints } from '../helpers/hints';
import { bulkHint } from '../helpers/listOnce';
import { capForTool, toolCapHint } from '../helpers/tool';

import * as asset from './asset/Asset.resource';
import * as category from './category/Category.resource';
import * as customApi from './customApi/CustomApi.resource';
import * as customer from './customer/Customer.resource';
import * as inventory from './inventory/Inventory.resource';
import * as item from './item/Item.resource';
import * as location from './location/Location.resource';
import * as purchaseOrder from './purchaseOrder/PurchaseOrder.resource';
import * as reasonCode from './reasonCode/ReasonCode.resource';
import * as report from './report/Report.resource';
import * as shippingOrder from './shippingOrder/ShippingOrder.resource';
import * as vendor from './vendor/Vendor.resource';
import * as warehouse from './warehouse/Warehouse.resource';
import * as webhook from './webhook/Webhook.resource';
import * as workOrder from './workOrder/WorkOrder.resource';
import type { InventoryProResource, OperationModule, Operations } from './node.type';

/** Every resource's operations, keyed like the Resource and Operation parameters (node.type.ts). */
export const RESOURCES: { [R in InventoryProResource]: { operations: Operations<R> } } = {
	item,
	inventory,
	customer,
	vendor,
	purchaseOrder,
	shippingOrder,
	workOrder,
	asset,
	category,
	reasonCode,
	location,
	warehouse,
	report,
	webhook,
	customApi,
};

/**
 * Runs the chosen operation once per input item and pairs every output item with the input it came
 * from; with "continue on fail" a failed item carries its error and the run goes on.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as InventoryProResource;
	const operation = this.getNodeParameter('operation', 0);
	const operations = RESOURCES[resource]?.operations as Record<string, OperationModule> | undefined;
	const chosen = operations?.[operation];
	if (!chosen) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" is not supported for "${resource}"`,
		);
	}

	const returnData: INodeExecutionData[] = [];
	let capped = 0;
	// Reads planned once for all rows; a plan that fails to read leaves every row to read for itself.
	const plan =
		chosen.plan && items.length > 1
			? await chosen.plan.call(this, items.length).catch(() => undefined)
			: undefined;
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const answer = capForTool(this, itemIndex, await chosen.execute.call(this, itemIndex, plan));
			if (answer.capped) capped++;
			for (const json of answer.records) {
				returnData.push({ json, pairedItem: { item: itemIndex } });
			}
		} catch (caught) {
			const error = asNodeError(this, caught, itemIndex);
			if (this.continueOnFail()) {
				returnData.push({ json: errorJson(error), pairedItem: { item: itemIndex } });
				continue;
			}
			throw error;
		}
	}
	await plan?.finish();
	const hints = [
		...waitHints(takeWaits(this)),
		...bulkHint(plan, items.length, takeRequests(this)),
		...toolCapHint(capped),
	];
	if (hints.length > 0) this.addExecutionHints(...hints);
	return [returnData];
}

function asNodeError(
	ctx: IExecuteFunctions,
	caught: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (caught instanceof NodeApiError || caught instanceof NodeOperationError) {
		caught.context.itemIndex ??= itemIndex;
		return caught;
	}
	return new NodeOperationError(ctx.getNode(), caught as Error, { itemIndex });
}

/** What the failed item shows downstream: the message, the service's description and HTTP status. */
function errorJson(error: NodeApiError | NodeOperationError): IDataObject {
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
	return json;
}
