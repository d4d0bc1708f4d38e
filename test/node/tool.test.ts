/**
 * The node as an AI agent's tool, the way n8n 2.40 runs it: the tool variant of the node type
 * (`inventoryProTool`, made by n8n's own `convertNodeToAiTool` when the pinned n8n is installed),
 * connected to a stand-in agent by an `ai_tool` connection. n8n-core builds the tool (createNodeAsTool:
 * the zod schema from the `$fromAI()` placeholders) and runs the node with the arguments the agent
 * passes; the agent here is a fixed script instead of a model.
 */
import { RECORDS } from '../../nodes/shared/records';
import { existsSync } from 'fs';
import { homedir } from 'os';
import { join } from 'path';

import type {
	IConnections,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { NodeTypeRegistry } from '../harness/nodeTypes';
import { harness, type Harness } from './setup';

// The pinned n8n's install in the shared cache (scripts/n8n/ensure-n8n.sh: n8n-<version>-node<major>).
const CACHE = process.env.INVENTORY_PRO_CACHE ?? join(homedir(), '.cache/n8n-nodes-inventory-pro');
const REAL_CONVERTER = ['n8n-2.40.7-node24', 'n8n-2.40.7']
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
		inputs: ['main', { type: 'ai_tool', displayName: 'Tool', maxConnections: 1 }],
		outputs: ['main'],
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
		const { convertNodeToAiTool } = require(REAL_CONVERTER!) as {
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
						// Sort By is a locator: the model fills its By Name value.
						sort: {
							__rl: true,
							mode: 'name',
							value:
								"={{ $fromAI('sort', 'Column to sort by: partNo, shortID or modified', 'string') }}",
						},
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
