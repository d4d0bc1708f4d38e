/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * The node as an AI agent's tool, the way n8n 2.40 runs it: the tool variant of the node type
 * (`inventoryProTool`, made by n8n's own `convertNodeToAiTool` when the pinned n8n is installed),
 * connected to a stand-in agent by an `ai_tool` connection. n8n-core builds the tool (createNodeAsTool:
 * the zod schema from the `$fromAI()` placeholders) and runs the node with the arguments the agent
 * passes; the agent here is a fixed script instead of a model.
 */
import { TOOL_RECORD_LIMIT } from '../../nodes/InventoryPro/helpers/tool';
import { RECORDS } from '../../nodes/shared/records';
import { existsSync } from 'fs';
import { homedir } from 'os';
import { join } from 'path';

import {
	NodeConnectionTypes,
	type IConnections,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { loadCompiled } from '../harness/build';
import { NodeTypeRegistry } from '../harness/nodeTypes';
import { capture, harness, items, type Harness } from './setup';

// The pinned n8n's install in the shared cache (scripts/n8n/ensure-n8n.sh: n8n-<version>-node<major>).
const CACHE = process.env.INVENTORY_PRO_CACHE ?? join(homedir(), '.cache/n8n-nodes-inventory-pro');
const REAL_CONVERTER = ['n8n-2.41.1-node24']
	.map((dir) => join(CACHE, dir, 'node_modules/n8n/dist/tool-generation/ai-tools.js'))
	.find((path) => existsSync(path));
const realConverter = REAL_CONVERTER !== undefined;

interface Tool {
	name: string;
	description: string;
	schema: { shape: Record<string, unknown> };
	invoke(args: IDataObject): Promise<string>;
}

/** Stand-in agent: takes its tool from the ai_tool input and calls it once with the given arguments. */
class ScriptedAgent implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Scripted Agent',
		name: 'scriptedAgent',
		group: ['transform'],
		version: 1,
		description: 'Calls its one tool with fixed arguments (tests only)',
		defaults: { name: 'Agent' },
		usableAsTool: true,
		inputs: [
			NodeConnectionTypes.Main,
			{ type: NodeConnectionTypes.AiTool, displayName: 'Tool', maxConnections: 1 },
		],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Arguments', name: 'args', type: 'json', default: '{}' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const tool = (await this.getInputConnectionData('ai_tool', 0)) as Tool;
		const args = JSON.parse(this.getNodeParameter('args', 0) as string) as IDataObject;
		const answer = await tool.invoke(args);
		const json: IDataObject = {
			name: tool.name,
			description: tool.description,
			parameters: Object.keys(tool.schema.shape),
		};
		json.response = JSON.parse(answer) as IDataObject;
		return [[{ json }]];
	}
}

/** n8n's node-types.js: a clone of the node type with the tool variant's description. */
function toolVariant(): INodeType {
	const base = new NodeTypeRegistry().getByNameAndVersion('inventoryPro', 2);
	const clone = Object.create(base, {
		description: {
			value: Object.create(base.description, {
				properties: { value: Object.create(base.description.properties) },
			}),
		},
	}) as INodeType;
	if (realConverter) {
		const { convertNodeToAiTool } = loadCompiled(REAL_CONVERTER!) as {
			convertNodeToAiTool: (item: INodeType) => INodeType;
		};
		return convertNodeToAiTool(clone);
	}
	// Without the pinned n8n installed: the one change n8n-core acts on, an ai_tool output.
	clone.description.name += 'Tool';
	clone.description.inputs = [];
	clone.description.outputs = ['ai_tool'];
	return clone;
}

let h: Harness;
beforeAll(
	async () =>
		(h = await harness({
			nodeTypes: {
				'test.scriptedAgent': new ScriptedAgent(),
				'n8n-nodes-inventory-pro.inventoryProTool': toolVariant(),
			},
		})),
);
afterAll(async () => await h?.stop());

test(`an agent calling Get Many items through the tool gets simplified records (${realConverter ? "n8n's converter" : 'replica converter'})`, async () => {
	const connections: IConnections = {
		Start: { main: [[{ node: 'Agent', type: 'main', index: 0 }]] },
		'Inventory Pro Tool': { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0 }]] },
	};
	const result = await h.runWorkflow({
		nodes: [
			{ name: 'Start', type: 'manualTrigger' },
			{
				name: 'Inventory Pro Tool',
				type: 'n8n-nodes-inventory-pro.inventoryProTool',
				typeVersion: 2,
				parameters: {
					resource: 'item',
					operation: 'getAll',
					limit: "={{ $fromAI('limit', 'How many items to return', 'number') }}",
					filters: {
						// Sort Column takes an expression: the model fills it.
						sort: "={{ $fromAI('sort', 'Column to sort by: partNo, shortID or modified', 'string') }}",
					},
				},
			},
			{
				name: 'Agent',
				type: 'test.scriptedAgent',
				parameters: { args: JSON.stringify({ limit: 4, sort: 'shortID' }) },
			},
		],
		connections,
		outputNode: 'Agent',
	});
	expect(result.error).toBeUndefined();
	const [call] = result.items;
	expect(call.name).toBe('Inventory_Pro_Tool');
	// n8n's automatic tool description is the operation's action text.
	expect(call.description).toBe('Get many items in Inventory Pro');
	expect(call.parameters).toEqual(['limit', 'sort']);
	const records = call.response as IDataObject[];
	expect(records).toHaveLength(4);
	for (const record of records) expect(Object.keys(record)).toEqual(RECORDS.item.simple);
	const ids = records.map((record) => String(record.shortID));
	expect(ids).toEqual([...ids].sort());
});

/** One agent call through the tool with these node parameters; the agent's answer and the tool's run. */
async function callTool(parameters: INodeParameters, args: IDataObject = {}) {
	const connections: IConnections = {
		Start: { main: [[{ node: 'Agent', type: 'main', index: 0 }]] },
		'Inventory Pro Tool': { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0 }]] },
	};
	const { result, requests } = await capture(h, () =>
		h.runWorkflow({
			nodes: [
				{ name: 'Start', type: 'manualTrigger' },
				{
					name: 'Inventory Pro Tool',
					type: 'n8n-nodes-inventory-pro.inventoryProTool',
					typeVersion: 2,
					parameters,
				},
				{ name: 'Agent', type: 'test.scriptedAgent', parameters: { args: JSON.stringify(args) } },
			],
			connections,
			outputNode: 'Agent',
		}),
	);
	expect(result.error).toBeUndefined();
	const [call] = result.items;
	const hints = (result.runData['Inventory Pro Tool']?.[0]?.hints ?? []).map(
		(hint) => hint.message,
	);
	return { call, records: call.response as IDataObject[], requests, hints };
}

/** The same operation as a regular node in a workflow, for comparison. */
async function runNode(parameters: INodeParameters): Promise<IDataObject[]> {
	const { resource, operation, ...rest } = parameters;
	return await items(h, String(resource), String(operation), rest);
}

describe('agent-safe defaults when the node runs as a tool (issue 32, req 6)', () => {
	const more = {
		moreRecords: true,
		returned: TOOL_RECORD_LIMIT,
		message: expect.stringMatching(
			/^Only the first 100 records are returned to an AI agent and more exist/,
		),
	};

	it(`Return All stops at ${TOOL_RECORD_LIMIT} records and a last item says more exist`, async () => {
		const active = h.sandbox.store.items.rows.filter((item) => !item.discontinued).length;
		expect(active).toBeGreaterThan(TOOL_RECORD_LIMIT);
		const { records, requests, hints } = await callTool({
			resource: 'item',
			operation: 'getAll',
			returnAll: true,
		});
		expect(records).toHaveLength(TOOL_RECORD_LIMIT + 1);
		for (const record of records.slice(0, TOOL_RECORD_LIMIT))
			expect(Object.keys(record)).toEqual(RECORDS.item.simple);
		expect(records[TOOL_RECORD_LIMIT]).toEqual(more);
		// One page of 101: enough to know that more exist, not the whole list.
		const lists = requests.filter((request) => request.endpointId === 'item.list');
		expect(lists.map((request) => request.query.pageSize)).toEqual([String(TOOL_RECORD_LIMIT + 1)]);
		expect(hints).toContainEqual(
			expect.stringMatching(/^Run as an AI tool, Return All stops at 100/),
		);
		// As a regular node, Return All still returns every record.
		expect(await runNode({ resource: 'item', operation: 'getAll', returnAll: true })).toHaveLength(
			active,
		);
	});

	it('Return All of a shorter list returns all of it, with no note', async () => {
		const reasonCodes = h.sandbox.store.reasonCodes.rows.filter((code) => code.active).length;
		const { records, hints } = await callTool({
			resource: 'reasonCode',
			operation: 'getAll',
			returnAll: true,
		});
		expect(records).toHaveLength(reasonCodes);
		expect(records.some((record) => 'moreRecords' in record)).toBe(false);
		expect(hints.filter((hint) => hint.startsWith('Run as an AI tool'))).toEqual([]);
	});

	it('Custom API Request: Return All Pages stops the same way', async () => {
		const { records } = await callTool({
			resource: 'customApi',
			operation: 'request',
			method: 'GET',
			path: '/Item/All',
			followPages: true,
		});
		expect(records).toHaveLength(TOOL_RECORD_LIMIT + 1);
		expect(records[TOOL_RECORD_LIMIT]).toEqual(more);
	});

	// n8n describes the tool by the operation's action text, kept short for the node creator (issue 44);
	// what the call needs the model learns from the $fromAI descriptions.
	it("an operation's tool description is its action text; the key the model fills is the item's short ID", async () => {
		const item = h.sandbox.store.items.rows[3];
		const { call, records } = await callTool(
			{
				resource: 'item',
				operation: 'get',
				key: {
					__rl: true,
					mode: 'id',
					value: "={{ $fromAI('itemID', 'The short ID (SKU) of the item', 'string') }}",
				},
			},
			{ itemID: item.shortID },
		);
		expect(call.description).toBe('Get an item in Inventory Pro');
		expect(records).toEqual([
			expect.objectContaining({ shortID: item.shortID, partNo: item.partNo }),
		]);
	});

	it('Selected Fields keeps the record key first; a regular node returns exactly the fields named', async () => {
		const parameters = {
			resource: 'purchaseOrder',
			operation: 'getAll',
			limit: 3,
			output: 'fields',
			fields: 'status, totalValue',
		};
		const { records } = await callTool(parameters);
		expect(records).toHaveLength(3);
		for (const record of records)
			expect(Object.keys(record)).toEqual(['poNo', 'status', 'totalValue']);
		const regular = await runNode(parameters);
		for (const record of regular) expect(Object.keys(record)).toEqual(['status', 'totalValue']);
		// A key that is named already is not repeated.
		const named = await callTool({ ...parameters, fields: 'totalValue, poNo' });
		for (const record of named.records) expect(Object.keys(record)).toEqual(['totalValue', 'poNo']);
	});
});
