import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { RESOURCE_MODULES } from './resources';

/** Runs the chosen operation once per input item; with "continue on fail" a failed item carries its error. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as keyof typeof RESOURCE_MODULES;
	const operation = this.getNodeParameter('operation', 0) as string;
	const definition = RESOURCE_MODULES[resource]?.operations[operation];
	if (!definition) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not supported for "${resource}"`);
	}

	const returnData: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const result = await definition.execute.call(this, itemIndex);
			for (const json of Array.isArray(result) ? result : [result]) {
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
	return [returnData];
}

function asNodeError(ctx: IExecuteFunctions, caught: unknown, itemIndex: number): NodeApiError | NodeOperationError {
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
