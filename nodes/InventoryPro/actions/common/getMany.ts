import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { ENDPOINTS, listSpec, type ListEndpointId, type ListSpec } from '../../../shared/endpoints';
import { apiRequestAllItems, buildListQuery } from '../../../shared/transport';
import { isBlank, toNumber } from '../../../shared/validation';
import { propertiesOf, readPath, type Field } from './fields';
import { locator } from './locators';
import {
	show,
	type OperationLabel,
	type OperationModule,
	type OperationResult,
	type ResourceKey,
} from './operation';
import { PICKERS } from './pickers';
import { outputProperties, readOutput, type Simplified } from './simplify';

/** A Get Many over list rows of the endpoint table; the ids must be list rows or it does not compile. */
export interface GetManyConfig {
	/** The list read by default. */
	list: ListEndpointId;
	/** The `/X/All` twin, read when the "Include …" filter is on, and that filter's wording. */
	listAll?: { id: ListEndpointId; label: string };
	/** The one-warehouse variant (`/Inventory/{warehouseID}`, …), read when the warehouse filter is set. */
	byWarehouse?: ListEndpointId;
	/** Path values of `list`, e.g. the report to run. */
	path?: readonly Field[];
	/** Wide records: offers Output (Simplified / Raw / Selected Fields). */
	simplify?: Simplified;
	/** More filters of this list, each sent as its query parameter (e.g. Category, wid). */
	filters?: ReadonlyArray<{ property: INodeProperties; query: string }>;
}

/**
 * Return All / Limit plus exactly the filters the list row supports (spec, List conventions): its sort
 * columns, modifiedSince only where the service honours it, startDate/endDate only on orders.
 */
export function getManyProperties(config: GetManyConfig): INodeProperties[] {
	const spec = listSpec(config.list);
	const notice: INodeProperties = {
		displayName:
			'Modified Since filters on the order header only: changes to order lines alone may not show',
		name: 'headerOnlyNotice',
		type: 'notice',
		default: '',
	};
	return [
		...(config.path ?? []).flatMap(propertiesOf),
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			displayOptions: { show: { returnAll: [false] } },
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
		},
		...(spec.modifiedSince === 'headerOnly' ? [notice] : []),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: filterOptions(config, spec),
		},
	];
}

export interface ListRequest {
	id: ListEndpointId;
	path: Record<string, string | number>;
	query: IDataObject;
	limit?: number;
}

/** The list to read, its path values and its checked query, from the Get Many parameters. */
export function readListRequest(
	ctx: IExecuteFunctions,
	config: GetManyConfig,
	itemIndex: number,
): ListRequest {
	const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false);
	const limit = returnAll
		? undefined
		: toNumber(ctx, ctx.getNodeParameter('limit', itemIndex, 50), 'limit', itemIndex, {
				integer: true,
				positive: true,
			});
	const { includeInactive, warehouseID, ...filters } = ctx.getNodeParameter(
		'filters',
		itemIndex,
		{},
	);
	// Sort By is a locator ("From List" / "By Name") on most lists: its value, typed or by expression.
	if (filters.sort !== undefined)
		filters.sort = ctx.getNodeParameter('filters.sort', itemIndex, '', { extractValue: true });

	const id = listToRead(config, { includeInactive, warehouseID });
	const path = readPath(ctx, config.path ?? [], itemIndex);
	if (id === config.byWarehouse) {
		path.warehouseID = toNumber(ctx, warehouseID, 'warehouseID', itemIndex, {
			integer: true,
			positive: true,
		});
	}
	for (const { property, query } of config.filters ?? []) {
		const value = filters[property.name];
		delete filters[property.name];
		// 0 is the number field's untouched default: no filter.
		if (!isBlank(value) && value !== 0)
			filters[query] = toNumber(ctx, value, property.name, itemIndex, {
				integer: true,
				positive: true,
			});
	}
	return { id, path, query: buildListQuery.call(ctx, id, filters, itemIndex), limit };
}

/** Which list row the filters choose: the `/X/All` twin, the one-warehouse variant or the list. */
export function listToRead(config: GetManyConfig, filters: IDataObject): ListEndpointId {
	if (config.byWarehouse && !isBlank(filters.warehouseID)) return config.byWarehouse;
	if (config.listAll && filters.includeInactive === true) return config.listAll.id;
	return config.list;
}

/** How the order-date filters name the field they compare (ListSpec.orderDates). */
const DATE_LABEL: Record<string, string> = {
	orderDate: 'Order Date',
	startDate: 'Start Date',
	dueDate: 'Due Date',
};

const dateFilter = (name: string, displayName: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'dateTime',
	default: '',
	description,
});

function filterOptions(config: GetManyConfig, spec: ListSpec): INodeProperties[] {
	const options: INodeProperties[] = [];
	if (config.listAll) {
		const all = ENDPOINTS[config.listAll.id];
		options.push({
			displayName: config.listAll.label,
			name: 'includeInactive',
			type: 'boolean',
			default: false,
			description: `Whether to read ${all.path} instead of ${ENDPOINTS[config.list].path}: ${all.summary.toLowerCase()}`,
		});
	}
	if (config.byWarehouse) {
		options.push({
			displayName: 'Warehouse Name or ID',
			name: 'warehouseID',
			type: 'options',
			typeOptions: { loadOptionsMethod: PICKERS.warehouse.loadMethod },
			default: '',
			description: `Only this warehouse (${ENDPOINTS[config.byWarehouse].path}). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
		});
	}
	for (const { property } of config.filters ?? []) options.push(property);
	if (spec.modifiedSince === 'supported' || spec.modifiedSince === 'headerOnly') {
		const headerOnly =
			'Only orders whose header was modified on or after this time (line-level changes may not show)';
		const text =
			spec.modifiedSince === 'headerOnly'
				? headerOnly
				: 'Only records modified on or after this time';
		options.push(dateFilter('modifiedSince', 'Modified Since', text));
	}
	if (spec.orderDates) {
		const { startDate, endDate } = spec.orderDates;
		options.push(
			dateFilter(
				'startDate',
				`${DATE_LABEL[startDate]} On or After`,
				`Only orders whose ${startDate} is on or after this time`,
			),
			dateFilter(
				'endDate',
				`${DATE_LABEL[endDate]} On or Before`,
				`Only orders whose ${endDate} is on or before this time`,
			),
		);
	}
	options.push(sortProperty(spec), {
		displayName: 'Sort Direction',
		name: 'direction',
		type: 'options',
		options: [
			{ name: 'Ascending', value: 'ASC' },
			{ name: 'Descending', value: 'DESC' },
		],
		default: 'ASC',
	});
	return options.sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/**
 * Sort By. A report's columns are known only when it runs: plain text. Every other list: a locator
 * whose "From List" suggests the list's documented columns (methods/listSearch.ts searchSortColumns)
 * and whose "By Name" takes any column; the service judges it (its 400 names Sort By and the column).
 */
function sortProperty(spec: ListSpec): INodeProperties {
	if (spec.sort === 'reportColumns')
		return {
			displayName: 'Sort By',
			name: 'sort',
			type: 'string',
			default: '',
			placeholder: 'e.g. partNo',
			description: 'A column of the report; empty keeps the report order',
		};
	return locator({
		name: 'sort',
		displayName: 'Sort By',
		description: `Column to sort by; empty keeps the service's order. Documented columns: ${spec.sort.join(', ')}. Any other column name is sent as given (By Name); the service answers "Invalid sort column" when it has none.`,
		noun: 'column',
		searchMethod: 'searchSortColumns',
		numeric: false,
		example: spec.sort[0],
		required: false,
		byName: true,
	});
}

/** The rows a Get Many can read, for the README's operations table. */
export function listEndpoints(config: GetManyConfig): ListEndpointId[] {
	return [config.list, config.listAll?.id, config.byWarehouse].filter(
		(id): id is ListEndpointId => id !== undefined,
	);
}

/** A Get Many that returns the records as the service sends them. */
export function listOperation(
	resource: ResourceKey,
	operation: string,
	config: GetManyConfig & OperationLabel,
): OperationModule {
	async function execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationResult> {
		const { id, path, query, limit } = readListRequest(this, config, itemIndex);
		const shape = config.simplify
			? readOutput(this, config.simplify, itemIndex)
			: (records: IDataObject[]) => records;
		return shape(await apiRequestAllItems.call(this, id, { path, query, itemIndex }, limit));
	}
	const output = config.simplify ? outputProperties(config.simplify) : [];
	return {
		option: {
			name: config.name,
			action: config.action,
			endpoints: listEndpoints(config),
			getMany: config,
		},
		description: updateDisplayOptions(show(resource, operation), [
			...getManyProperties(config),
			...output,
		]),
		execute,
	};
}
