/**
 * "An agent gets a bounded answer it can act on": what changes when the node runs as an AI agent's tool.
 * n8n runs a `usableAsTool` node under its tool variant, whose type name ends in "Tool"
 * (`n8n-nodes-inventory-pro.inventoryProTool`; n8n's convertNodeToAiTool adds the suffix, and n8n-workflow's
 * isToolType tests the same). There, Return All stops at TOOL_RECORD_LIMIT records and a last item says more
 * exist; Selected Fields keeps the record's key (helpers/simplify.ts).
 */
import type { IDataObject, IExecuteFunctions, NodeExecutionHint } from 'n8n-workflow';

/** The most records Return All (or Return All Pages) hands an AI agent: enough to act on, small enough for its context. */
export const TOOL_RECORD_LIMIT = 100;

export function runsAsTool(ctx: IExecuteFunctions): boolean {
	return ctx.getNode().type.endsWith('Tool');
}

/** The input items (by context) whose operation asked for all records while running as a tool. */
const readingAll = new WeakMap<object, Set<number>>();

/**
 * How many records to read where the user asked for all of them: all (undefined) in a workflow; as a
 * tool, one more than TOOL_RECORD_LIMIT, so that capForTool can tell whether more exist.
 */
export function allRecords(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (!runsAsTool(ctx)) return undefined;
	let items = readingAll.get(ctx);
	if (!items) readingAll.set(ctx, (items = new Set()));
	items.add(itemIndex);
	return TOOL_RECORD_LIMIT + 1;
}

/**
 * One input item's records as a tool returns them (the router calls it for every item): a read of all
 * records (allRecords) that found more than TOOL_RECORD_LIMIT is cut there, and a last item tells the
 * agent that more exist and how to narrow the request. Anything else comes back as it is.
 */
export function capForTool(
	ctx: IExecuteFunctions,
	itemIndex: number,
	records: IDataObject[],
): { records: IDataObject[]; capped: boolean } {
	const all = readingAll.get(ctx)?.delete(itemIndex) === true;
	if (!all || records.length <= TOOL_RECORD_LIMIT) return { records, capped: false };
	return {
		records: [
			...records.slice(0, TOOL_RECORD_LIMIT),
			{
				moreRecords: true,
				returned: TOOL_RECORD_LIMIT,
				message: `Only the first ${TOOL_RECORD_LIMIT} records are returned to an AI agent and more exist. Narrow the request (a filter such as Modified Since, a warehouse or a category) to reach the others.`,
			},
		],
		capped: true,
	};
}

/** For the output pane: how many input items' answers were cut at the limit. */
export function toolCapHint(cappedItems: number): NodeExecutionHint[] {
	if (cappedItems === 0) return [];
	return [
		{
			type: 'warning',
			location: 'outputPane',
			message: `Run as an AI tool, Return All stops at ${TOOL_RECORD_LIMIT} records; more existed for ${cappedItems} input item(s), and the agent was told so in a last item. Use Inventory Pro as a regular node to read every record.`,
		},
	];
}
