/**
 * Runs a polling trigger the way n8n 2.40 does, in-process: activation runs one poll through
 * n8n-core's PollTriggerExecutor (testingTrigger = true), each scheduled tick another one
 * (testingTrigger = false), and the editor's test run goes through WorkflowExecute in 'manual' mode.
 *
 * Static data follows n8n's default path (n8n/dist/workflows/triggers/trigger-execution-context.factory.js,
 * durable cursors off): the poll reads and writes the live workflow static data; n8n saves it to its
 * database after activation and whenever a poll emits, and otherwise keeps it in memory. A poll that
 * throws leaves whatever it wrote in memory, so a node must not write its cursor before it is done.
 * `restart()` rebuilds the workflow from what was saved, like an n8n restart.
 *
 * Each emit starts an execution, as n8n's does (workflow-runner.js): a WorkflowExecute in 'trigger' mode on a
 * workflow whose static data is read from what was saved, the emitted items as the trigger's input (so the
 * node's execute(), when it has one, runs first), and its static data saved at its end when it changed
 * (execution-lifecycle-hooks.js). Executions run right after the poll that started them, unless
 * `holdExecutions` is set: then they wait in `held` until `runHeld()` — or `kill()` drops them, as a
 * SIGKILL of n8n does to executions still running (they are never run again), and restarts.
 */
import { Container } from '@n8n/di';
import type { PollContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	IPollFunctions,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
} from 'n8n-workflow';

import { core, prepareN8n } from './n8n';
import { outputOf } from './execute';
import {
	singleNodeWorkflow,
	triggerNode,
	withHooks,
	type TriggerNodeOptions,
	type WorkflowInstance,
} from './triggerNode';
// After ./n8n, which sets n8n up before anything of it loads.
import { commonPollingParameters } from 'n8n-core/dist/nodes-loader/constants';
import { createRunExecutionData } from 'n8n-workflow';

const { PollContext: PollContextClass, PollTriggerExecutor, WorkflowExecute } = core;

export interface PollerOptions extends TriggerNodeOptions {
	/** Makes the additionalData of one run (credentials helper, hooks …) for the given mode. */
	additionalData: (
		mode: 'trigger' | 'manual',
		workflowData: { id: string; name: string; nodes: INode[] },
	) => IWorkflowExecuteAdditionalData;
	/** The poll budget n8n's scheduler hands the node (getPollBudgetMs). */
	pollBudgetMs?: number;
}

export interface PollOutcome {
	/** The items the poll emitted (one execution), or undefined when it returned null. */
	emitted?: IDataObject[];
	error?: Error;
	/** The poll threw to n8n (at activation: the activation fails) rather than reporting its error. */
	thrown?: boolean;
}

const NODE_NAME = 'Changes';
let kills = 0;
let nextWorkflowId = 1;

/** n8n adds the Poll Times parameter to every polling node when it loads it. */
function withPollingParameters(nodeType: INodeType): INodeType {
	const { properties } = nodeType.description;
	if (!properties.some((p) => p.name === 'pollTimes'))
		properties.unshift(...commonPollingParameters);
	return nodeType;
}

export class Poller {
	/** What n8n would have in its database: the workflow's static data as last saved. */
	saved: IDataObject = {};
	/** Every execution the trigger started, oldest first: the items the poll emitted. */
	readonly executions: IDataObject[][] = [];
	/** The trigger node's output of every execution that ran to its end, in the order they ended. */
	readonly ran: IDataObject[][] = [];
	readonly errors: Error[] = [];
	/** Whether executions wait in `held` instead of running right after their poll. */
	holdExecutions = false;
	/**
	 * Whether executions read the static data saved before their poll's emit (n8n's read at an execution's
	 * start races the emit's unawaited save).
	 */
	staleReads = false;
	/** Executions started and not run yet, with the static data they read at their start. */
	held: Array<{ data: INodeExecutionData[][]; staticData: string }> = [];

	private readonly nodeType: INodeType;
	private node: INode;
	private readonly workflowId = `poll-${nextWorkflowId++}`;
	private workflow!: WorkflowInstance;
	private pollFunctions!: PollContext;

	constructor(private readonly options: PollerOptions) {
		prepareN8n();
		this.nodeType = withPollingParameters(options.nodeType);
		this.node = triggerNode(options, 'c0ffee00-0000-4000-8000-000000000001', NODE_NAME);
		this.load('activate');
	}

	/**
	 * A fresh workflow object from the saved static data, like n8n after a restart: its poll context
	 * carries activation mode `init`, as n8n's does for every poll after a restart (activate() then runs
	 * the start-up poll n8n runs itself).
	 */
	restart(): void {
		this.load('init');
	}

	/** n8n killed: the executions still held never run; the next start reads what was saved. */
	kill(): void {
		this.held = [];
		// The process's memory goes too: the node's code keys what it remembers in memory by workflow
		// and node id, so a new id stands for a new process (static data is keyed by the node's name).
		this.node = {
			...this.node,
			id: `c0ffee00-0000-4000-8000-${String(++kills).padStart(12, '0')}`,
		};
		this.restart();
	}

	/** Runs the held executions, oldest first (or only the first `count`). */
	async runHeld(count = this.held.length): Promise<void> {
		for (const { data, staticData } of this.held.splice(0, count))
			await this.execute(data, staticData);
	}

	/**
	 * One execution of a poll's items, as n8n runs it: static data read from the database at its start,
	 * the trigger node first, static data saved at its end if the execution changed it.
	 */
	private async execute(data: INodeExecutionData[][], staticData: string): Promise<void> {
		const workflow = this.makeWorkflow(JSON.parse(staticData) as IDataObject);
		const additionalData = withHooks(
			this.options.additionalData('trigger', this.workflowData()),
			'trigger',
			this.workflowData(),
			`run-${this.executions.length}-${this.ran.length}`,
		);
		const runData = createRunExecutionData({
			executionData: {
				nodeExecutionStack: [{ node: this.node, data: { main: data }, source: null }],
			},
		});
		const run = await new WorkflowExecute(
			additionalData,
			'trigger',
			runData,
		).processRunExecutionData(workflow);
		const error = run.data.resultData.error;
		if (error) throw error;
		this.ran.push(outputOf(run, NODE_NAME) ?? []);
		if (workflow.staticData.__dataChanged === true)
			this.saved = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
	}

	private load(activation: WorkflowActivateMode): void {
		this.workflow = this.makeWorkflow(JSON.parse(JSON.stringify(this.saved)) as IDataObject);
		this.pollFunctions = this.makePollFunctions(activation);
	}

	/** The node's static data as n8n holds it in memory right now. */
	memory(): IDataObject {
		return JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject;
	}

	/** Activation (or the start after a restart): n8n runs one poll right away and saves the static data after it. */
	async activate(): Promise<PollOutcome> {
		const outcome = await this.run(true);
		this.save();
		if (!this.holdExecutions) await this.runHeld();
		return outcome;
	}

	/** One scheduled poll. */
	async tick(): Promise<PollOutcome> {
		const outcome = await this.run(false);
		if (!this.holdExecutions) await this.runHeld();
		return outcome;
	}

	/** The editor's "Fetch test event": the workflow run in manual mode; returns the trigger's items. */
	async manual(): Promise<IDataObject[] | undefined> {
		const workflow = this.makeWorkflow(JSON.parse(JSON.stringify(this.saved)) as IDataObject);
		const additionalData = withHooks(
			this.options.additionalData('manual', this.workflowData()),
			'manual',
			this.workflowData(),
			`manual-${Date.now()}`,
		);
		const run = await new WorkflowExecute(additionalData, 'manual').run({
			workflow,
			startNode: this.node,
		});
		const error = run.data.resultData.error;
		if (error) throw error;
		return outputOf(run, NODE_NAME);
	}

	private workflowData() {
		return { id: this.workflowId, name: 'Poll trigger test', nodes: [this.node] };
	}

	private makeWorkflow(staticData: IDataObject): WorkflowInstance {
		return singleNodeWorkflow(this.workflowData(), this.nodeType, staticData);
	}

	private save(): void {
		this.saved = this.memory();
	}

	private makePollFunctions(activation: WorkflowActivateMode): PollContext {
		const additionalData = this.options.additionalData('trigger', this.workflowData());
		const emit: IPollFunctions['__emit'] = (data) => {
			const before = JSON.stringify(this.saved);
			this.save();
			this.executions.push((data[0] ?? []).map((item: INodeExecutionData) => item.json));
			this.held.push({ data, staticData: this.staleReads ? before : JSON.stringify(this.saved) });
		};
		const emitError: IPollFunctions['__emitError'] = (error) => {
			this.errors.push(error);
		};
		const budget = this.options.pollBudgetMs;
		return new PollContextClass(
			this.workflow,
			this.node,
			additionalData,
			'trigger',
			activation,
			emit,
			emitError,
			undefined,
			undefined,
			undefined,
			budget === undefined ? undefined : () => budget,
		);
	}

	private async run(testingTrigger: boolean): Promise<PollOutcome> {
		const executionsBefore = this.executions.length;
		const errorsBefore = this.errors.length;
		const executor = Container.get(PollTriggerExecutor).create(
			this.workflow,
			this.node,
			this.pollFunctions,
			() => true,
		);
		let error: Error | undefined;
		try {
			await executor(testingTrigger);
		} catch (thrown) {
			// n8n throws from the activation poll (activation fails) and reports scheduled ones.
			error = thrown as Error;
		}
		const thrown = error !== undefined;
		error ??= this.errors[errorsBefore];
		return { emitted: this.executions[executionsBefore], error, ...(thrown ? { thrown } : {}) };
	}
}
