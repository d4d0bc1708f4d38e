/** Shared by the node suites: one harness (and sandbox) per file, and short ways to run one operation. */
import type { IDataObject, INodeParameters, ResourceMapperValue } from 'n8n-workflow';

import { upsertSchema, type UpsertKind } from '../../nodes/InventoryPro/helpers/columns';
import type { RecordedRequest } from '../../sandbox';
import {
	startHarness,
	type Harness,
	type HarnessOptions,
	type RunResult,
	type RunSpec,
} from '../harness';

export type { Harness, RunResult };

export async function harness(options: HarnessOptions = {}): Promise<Harness> {
	return await startHarness(options);
}

/** A resource locator value in "By ID" mode, as a saved workflow holds it. */
export const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
export const fromList = (value: string | number) => ({
	__rl: true,
	mode: 'list',
	value: String(value),
});
/**
 * Create or Update's Fields (n8n's resourceMapper) as the editor saves them: "Map Each Field Below" with
 * `value`, or "Map Automatically" (`'auto'`); the schema is what the node's resource-mapping method gives.
 */
export const mapped = (
	kind: UpsertKind,
	value: Record<string, string | number | boolean | null> | 'auto',
): ResourceMapperValue => ({
	mappingMode: value === 'auto' ? 'autoMapInputData' : 'defineBelow',
	value: value === 'auto' ? {} : value,
	matchingColumns: ['shortID'],
	schema: upsertSchema(kind),
	attemptToConvertTypes: false,
	convertFieldsToString: false,
});

/** Runs the Inventory Pro node with one resource/operation and returns what came out. */
export async function runOp(
	h: Harness,
	resource: string,
	operation: string,
	parameters: INodeParameters = {},
	extra: Omit<RunSpec, 'type' | 'parameters'> = {},
): Promise<RunResult> {
	return await h.run({
		type: 'inventoryPro',
		parameters: { resource, operation, ...parameters },
		...extra,
	});
}

/** Like runOp, but fails the test with the node's error when the run failed. */
export async function items(
	h: Harness,
	resource: string,
	operation: string,
	parameters: INodeParameters = {},
	extra: Omit<RunSpec, 'type' | 'parameters'> = {},
): Promise<IDataObject[]> {
	const result = await runOp(h, resource, operation, parameters, extra);
	if (result.error)
		throw new Error(
			`${resource}.${operation} failed: ${result.error.message} ${result.error.description ?? ''}`,
		);
	return result.items;
}

/** The API requests (not token requests) the sandbox received since `mark`. */
export function apiRequestsSince(h: Harness, mark: number): RecordedRequest[] {
	return h.sandbox.requests.slice(mark).filter((request) => request.endpointId !== 'token');
}

/** Records what the sandbox receives while `fn` runs. */
export async function capture<T>(
	h: Harness,
	fn: () => Promise<T>,
): Promise<{ result: T; requests: RecordedRequest[] }> {
	const mark = h.sandbox.requests.length;
	const result = await fn();
	return { result, requests: apiRequestsSince(h, mark) };
}
