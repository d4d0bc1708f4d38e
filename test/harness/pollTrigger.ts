/**
 * Runs a polling trigger the way n8n 2.40 does, in-process: activation runs one poll through
 * n8n-core's PollTriggerExecutor (testingTrigger = true), each scheduled tick another one
 * (testingTrigger = false), and the editor's test run goes through WorkflowExecute in 'manual' mode.
 *
 * Static data follows n8n's default path (n8n/dist/workflows/triggers/trigger-execution-context.factory.js,
 * durable cursors off): the poll reads and writes the live workflow static data; n8n saves it to its
 * database after activation and whenever a poll emits, and otherwise keeps it in memory. A poll that
 * throws leaves whatever it wrote in memory, so a node must not write its cursor before it is done.
 * `restart()` rebuilds the workflow from what was saved, like an n8n restart, in a new process (the
 * node's memory of this one is gone).
 *
 * Each emit starts an execution, as n8n's does (workflow-runner.js): a WorkflowExecute in 'trigger' mode on a
 * workflow whose static data is read from what was saved, the emitted items as the trigger's input (so the
 * node's execute(), when it has one, runs first), and its static data saved at its end when it changed
 * (execution-lifecycle-hooks.js). When it ends, the emit's donePromise is settled with its run, as n8n's
 * settleDonePromise does. Executions run right after the poll that started them, unless `holdExecutions`
 * is set: then they wait in `held` until `runHeld()` — or `kill()` drops them, as a SIGKILL of n8n does to
 * executions still running (they are never run again, their donePromise never settles), and restarts.
 *
 * Queue mode (`queueMode`): executions run on a worker, another process (the package loaded again, its
 * memory its own) that gets no static data (whatever it saves replaces the workflow's), and the donePromise gets what main gets from the job (workflow-runner.js
 * enqueueExecution): status and last node, no run data. `stall()` is a worker killed while it runs them:
 * they never run, and their donePromise gets what n8n's processError gives a stalled job (status error,
 * no node). `failStarts` makes n8n fail to start the executions of the next emits (the donePromise is
 * rejected); `cancel()` is a person stopping them.
 *
 * `durable`: n8n's durable scheduler with durable cursors (N8N_SCHEDULER_ENABLED,
 * N8N_SCHEDULER_POLL_TRIGGERS_ENABLED, N8N_USE_WORKFLOW_PUBLICATION_SERVICE, N8N_POLLER_DURABLE_CURSORS_ENABLED;
 * n8n/dist/scheduling/poll-trigger-node/poll-trigger-task-handler.js and
 * workflows/triggers/trigger-execution-context.factory.js): every poll is a task on a workflow read from the
 * database, with a poll context of its own (activation 'update'); the node's static data is the cursor
 * (poller_state, seeded once from the node's static data), staged for the poll and committed with the
 * execution the emit creates, or alone when the poll returns nothing; the rest of the static data (global)
 * is the database's, saved with the emit.
 */
import { Container } from '@n8n/di';
import type { PollContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	IPollFunctions,
	IRun,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
} from 'n8n-workflow';

import { core, prepareN8n } from './n8n';
import { outputOf } from './execute';
import { inAnotherProcess } from './nodeTypes';
import {
	singleNodeWorkflow,
	triggerNode,
	withHooks,
	type TriggerNodeOptions,
	type WorkflowInstance,
} from './triggerNode';
// After ./n8n, which sets n8n up before anything of it loads.
import { commonPollingParameters } from 'n8n-core/dist/nodes-loader/constants';
import { createRunExecutionData, ManualExecutionCancelledError } from 'n8n-workflow';

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
let processes = 0;

/** An emit's donePromise, as n8n hands it over. */
type Done = NonNullable<Parameters<IPollFunctions['__emit']>[2]>;

/** An execution started and not run yet: its items, the static data it read at its start, its donePromise. */
interface Started {
	data: INodeExecutionData[][];
	staticData: string;
	done?: Done;
}

/** What main's donePromise gets in queue mode: the job's id, status and last node, no run data. */
function asMainSeesIt(run: IRun): IRun {
	const { lastNodeExecuted, error, metadata } = run.data.resultData;
	return {
		jobId: String(++jobs),
		finished: run.status === 'success',
		mode: run.mode,
		startedAt: run.startedAt,
		stoppedAt: run.stoppedAt,
		status: run.status,
		waitTill: run.waitTill,
		storedAt: run.storedAt,
		data: createRunExecutionData({
			resultData: { runData: {}, lastNodeExecuted, error, metadata },
		}),
	};
}

let jobs = 0;

/** What n8n's processError gives main for a job a killed worker left (MaxStalledCountError). */
function stalledRun(): IRun {
	return {
		finished: false,
		mode: 'trigger',
		startedAt: new Date(),
		stoppedAt: new Date(),
		status: 'error',
		storedAt: 'db',
		data: createRunExecutionData({
			resultData: {
				error: { message: 'job stalled more than maxStalledCount' } as never,
				runData: {},
			},
		}),
	};
}
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
	/** Queue mode: executions run in another process, and main learns of their end from the job only. */
	queueMode = false;
	/** Whether n8n fails to start the executions of the next emits (their donePromise is rejected). */
	failStarts = false;
	/** Executions started and not run yet, with the static data they read at their start. */
	held: Started[] = [];
	/** n8n's durable scheduler (see above), and the poll cursor it keeps (its poller_state row). */
	durable = false;
	cursor?: IDataObject;

	private readonly nodeType: INodeType;
	/** The node type as a queue-mode worker holds it (loaded on first use). */
	private workerNodeType?: INodeType;
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
	 * A fresh workflow object from the saved static data, like n8n after a restart (a new process: what the
	 * node kept in this one's memory is gone): its poll context carries activation mode `init`, as n8n's does
	 * for every poll after a restart (activate() then runs the start-up poll n8n runs itself).
	 */
	restart(): void {
		this.newProcess();
		this.load('init');
	}

	/** Deactivated and activated again in the same process: the workflow rebuilt from what was saved. */
	reactivate(): void {
		this.load('activate');
	}

	/** n8n killed: the executions still held never run; the next start reads what was saved. */
	kill(): void {
		this.held = [];
		this.restart();
	}

	/**
	 * The node's code keys what it remembers in memory by workflow and node id, so a new id stands for a new
	 * process (static data is keyed by the node's name).
	 */
	private newProcess(): void {
		this.node = {
			...this.node,
			id: `c0ffee00-0000-4000-8001-${String(++processes).padStart(12, '0')}`,
		};
	}

	/**
	 * Runs the held executions, oldest first (or only the first `count`). `failingAt`: the workflow then
	 * fails at that node after the trigger (its run ends with status error, that node the last).
	 */
	async runHeld(
		count = this.held.length,
		{ failingAt }: { failingAt?: string } = {},
	): Promise<void> {
		for (const started of this.held.splice(0, count)) await this.execute(started, failingAt);
	}

	/** Queue mode: the worker running the first `count` held executions is killed; n8n fails them as stalled. */
	stall(count = this.held.length): void {
		for (const { done } of this.held.splice(0, count)) done?.resolve(stalledRun());
	}

	/** A person stops the first `count` held executions before they run. */
	cancel(count = this.held.length): void {
		for (const { done } of this.held.splice(0, count))
			done?.reject(new ManualExecutionCancelledError('held'));
	}

	/**
	 * One execution of a poll's items, as n8n runs it: static data read from the database at its start,
	 * the trigger node first, static data saved at its end if the execution changed it; then its
	 * donePromise settled with its run (in queue mode with what main gets).
	 */
	private async execute({ data, staticData, done }: Started, failingAt?: string): Promise<void> {
		// A worker gets none: n8n 2.41.1 stores the execution's workflow without its static data
		// (executions/execution-data/types.js toWorkflowSnapshot) and reads it again only for a resumed one
		// (workflow-runner.js run: shouldReloadStaticData; scaling/job-processor.js).
		const workflow = this.queueMode
			? this.makeWorkflow({}, this.onWorker())
			: this.makeWorkflow(JSON.parse(staticData) as IDataObject);
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
		if (workflow.staticData.__dataChanged === true)
			this.saved = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
		if (failingAt !== undefined) {
			run.status = 'error';
			run.data.resultData.lastNodeExecuted = failingAt;
			run.data.resultData.error = { message: `${failingAt} failed` } as never;
		}
		done?.resolve(this.queueMode ? asMainSeesIt(run) : run);
		if (failingAt !== undefined) return;
		const error = run.data.resultData.error;
		if (error) throw error;
		this.ran.push(outputOf(run, NODE_NAME) ?? []);
	}

	private onWorker(): INodeType {
		this.workerNodeType ??= withPollingParameters(inAnotherProcess(this.options.typeName));
		return this.workerNodeType;
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
		const outcome = await this.run(!this.durable);
		if (!this.durable) this.save();
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

	private makeWorkflow(staticData: IDataObject, nodeType = this.nodeType): WorkflowInstance {
		return singleNodeWorkflow(this.workflowData(), nodeType, staticData);
	}

	private save(): void {
		this.saved = this.memory();
	}

	private makePollFunctions(activation: WorkflowActivateMode): PollContext {
		const additionalData = this.options.additionalData('trigger', this.workflowData());
		const emit: IPollFunctions['__emit'] = (data, _response, done) => {
			const before = JSON.stringify(this.saved);
			this.save();
			this.executions.push((data[0] ?? []).map((item: INodeExecutionData) => item.json));
			// n8n 2.x rejects the donePromise when the execution could not be started.
			if (this.failStarts) return done?.reject(new Error('The workflow could not be started'));
			this.held.push({
				data,
				staticData: this.staleReads ? before : JSON.stringify(this.saved),
				done,
			});
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

	/** A durable-scheduler task's workflow and poll context (see above). */
	private durableTask(): { workflow: WorkflowInstance; pollFunctions: PollContext } {
		const workflow = this.makeWorkflow(JSON.parse(JSON.stringify(this.saved)) as IDataObject);
		const copy = (value: unknown) => JSON.parse(JSON.stringify(value ?? {})) as IDataObject;
		let staged: { snapshot: IDataObject; seed: string } | undefined;
		const take = () => {
			if (staged === undefined || JSON.stringify(staged.snapshot) === staged.seed) return undefined;
			staged.seed = JSON.stringify(staged.snapshot);
			return copy(staged.snapshot);
		};
		const emit: IPollFunctions['__emit'] = (data, _response, done) => {
			const cursor = take();
			if (workflow.staticData.__dataChanged === true) this.saved = copy(workflow.staticData);
			if (cursor !== undefined) this.cursor = cursor;
			this.executions.push((data[0] ?? []).map((item: INodeExecutionData) => item.json));
			this.held.push({ data, staticData: JSON.stringify(this.saved), done });
		};
		const pollFunctions = new PollContextClass(
			workflow,
			this.node,
			this.options.additionalData('trigger', this.workflowData()),
			'trigger',
			'update',
			emit,
			(error) => this.errors.push(error),
			async () => {
				const cursor = take();
				if (cursor !== undefined) this.cursor = cursor;
				await Promise.resolve();
			},
			async <T>(poll: () => Promise<T>): Promise<T> => {
				const seed = this.cursor ?? copy(workflow.getStaticData('node', this.node));
				staged = { snapshot: copy(seed), seed: JSON.stringify(seed) };
				return await poll();
			},
			() => staged!.snapshot,
			() => this.options.pollBudgetMs ?? 36_000,
		);
		return { workflow, pollFunctions };
	}

	private async run(testingTrigger: boolean): Promise<PollOutcome> {
		const executionsBefore = this.executions.length;
		const errorsBefore = this.errors.length;
		const task = this.durable
			? this.durableTask()
			: { workflow: this.workflow, pollFunctions: this.pollFunctions };
		const executor = Container.get(PollTriggerExecutor).create(
			task.workflow,
			this.node,
			task.pollFunctions,
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
