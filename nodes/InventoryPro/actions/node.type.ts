import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { ListPlan } from '../helpers/listOnce';

/**
 * Every resource's operations, as the Resource and Operation parameters name them. The compiler holds
 * each resource's `operations`, its Operation options and every operation's displayOptions to this map.
 */
export type InventoryProMap = {
	item: 'create' | 'discontinue' | 'get' | 'getAll' | 'update' | 'upsert';
	inventory:
		| 'getAll'
		| 'getMaterialIn'
		| 'getMaterialOut'
		| 'getStockLevels'
		| 'issue'
		| 'move'
		| 'receive'
		| 'setCountedQuantity';
	customer: 'create' | 'get' | 'getAll' | 'update' | 'upsert';
	vendor: 'create' | 'get' | 'getAll' | 'update' | 'upsert';
	purchaseOrder: 'create' | 'finalize' | 'get' | 'getAll';
	shippingOrder: 'create' | 'get' | 'getAll' | 'update';
	workOrder: 'get' | 'getAll';
	asset: 'create' | 'get' | 'getAll' | 'getTypes' | 'update';
	category: 'delete' | 'disable' | 'get' | 'getAll';
	reasonCode: 'delete' | 'disable' | 'getAll';
	location: 'get' | 'getAll' | 'hold' | 'release';
	warehouse: 'getAll' | 'getItems';
	report: 'getAll' | 'getLatestRows' | 'run';
	webhook: 'create' | 'delete' | 'get' | 'getAll' | 'getLog' | 'test' | 'update';
	customApi: 'request';
};

export type InventoryProResource = keyof InventoryProMap;

/** An operation file's displayOptions: its resource and its operation, checked against the map. */
export interface ShowFor<R extends InventoryProResource> extends IDisplayOptions {
	show: { resource: [R]; operation: [InventoryProMap[R]] };
}

/** One entry of a resource's Operation dropdown. */
export interface OperationOption<R extends InventoryProResource> extends INodePropertyOptions {
	value: InventoryProMap[R];
	action: string;
}

/**
 * What an operation file exports: its parameters and the code that runs it for one input item; a bulk
 * operation also plans the execution's reads once (helpers/listOnce.ts), and each row gets the plan.
 */
export interface OperationModule {
	description: INodeProperties[];
	plan?(this: IExecuteFunctions, rows: number): Promise<ListPlan>;
	execute(this: IExecuteFunctions, itemIndex: number, plan?: ListPlan): Promise<IDataObject[]>;
}

/** A resource's operations, every one of the map and no other. */
export type Operations<R extends InventoryProResource> = Record<
	InventoryProMap[R],
	OperationModule
>;
