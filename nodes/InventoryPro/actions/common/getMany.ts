import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { endpoint, type EndpointId, type ListSpec } from '../../endpoints';
import { apiRequestAllItems, buildListQuery } from '../../transport';
import { label } from './labels';
import { PICKERS } from './pickers';
import { pathProperties, readPath } from './paths';
import type { OperationDefinition } from './types';
import { isBlank, toNumber } from './validate';

export interface GetManyConfig {
	/** The list read by default. */
	list: EndpointId;
	/** The `/X/All` twin, read when the "Include …" filter is on. */
	listAll?: EndpointId;
	/** Wording of that filter, e.g. "Include Discontinued". */
	includeLabel?: string;
	/** The one-warehouse variant (`/Inventory/{warehouseID}`, …), read when a warehouse filter is set. */
	byWarehouse?: EndpointId;
	name?: string;
	action: string;
	/** Applied to every record, e.g. flattening report rows. */
	transform?: (record: IDataObject) => IDataObject;
}

/**
 * "Get Many" for any list row of the endpoint table: returnAll/limit plus exactly the filters the row
 * supports (spec, List conventions): sort columns from the row, modifiedSince only where the service
 * honours it, startDate/endDate only on orders.
 */
export function getManyOperation(config: GetManyConfig): OperationDefinition {
	const { list, listAll, byWarehouse } = config;
	const spec = endpoint(list).list as ListSpec;
	const endpoints = [list, listAll, byWarehouse].filter((id): id is EndpointId => id !== undefined);

	const properties: INodeProperties[] = [
		...pathProperties(list),
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
		...(spec.modifiedSince === 'headerOnly'
			? [
					{
						displayName:
							'Modified Since filters on the order header only: changes to order lines alone may not show',
						name: 'headerOnlyNotice',
						type: 'notice',
						default: '',
					} as INodeProperties,
				]
			: []),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: filterOptions(config, spec),
		},
	];

	return {
		option: { name: config.name ?? 'Get Many', action: config.action, description: endpoint(list).summary },
		properties,
		endpoints,
		async execute(itemIndex) {
			const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
			const limit = returnAll
				? undefined
				: toNumber(this, this.getNodeParameter('limit', itemIndex, 50), 'limit', itemIndex, {
						integer: true,
						positive: true,
					});
			const filters = { ...(this.getNodeParameter('filters', itemIndex, {}) as IDataObject) };

			let id = list;
			const path = readPath(this, list, itemIndex);
			if (listAll) {
				if (filters.includeInactive === true) id = listAll;
				delete filters.includeInactive;
			}
			if (byWarehouse) {
				if (!isBlank(filters.warehouseID)) {
					id = byWarehouse;
					path.warehouseID = toNumber(this, filters.warehouseID, 'warehouseID', itemIndex, {
						integer: true,
						positive: true,
					});
				}
				delete filters.warehouseID;
			}

			const query = buildListQuery.call(this, id, filters, itemIndex);
			const records = await apiRequestAllItems.call(this, id, { path, query, itemIndex }, limit);
			return config.transform ? records.map(config.transform) : records;
		},
	};
}

function filterOptions(config: GetManyConfig, spec: ListSpec): INodeProperties[] {
	const options: INodeProperties[] = [];
	const defaultSort = spec.defaultSort;
	if (config.listAll) {
		options.push({
			displayName: config.includeLabel ?? 'Include Inactive',
			name: 'includeInactive',
			type: 'boolean',
			default: false,
			description: `Whether to read ${endpoint(config.listAll).path} instead of ${endpoint(config.list).path}: ${endpoint(config.listAll).summary.toLowerCase()}`,
		});
	}
	if (config.byWarehouse) {
		options.push({
			displayName: 'Warehouse Name or ID',
			name: 'warehouseID',
			type: 'options',
			typeOptions: { loadOptionsMethod: PICKERS.warehouse.loadMethod },
			default: '',
			description: `Only this warehouse (${endpoint(config.byWarehouse).path}). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
		});
	}
	if (spec.modifiedSince === 'supported' || spec.modifiedSince === 'headerOnly') {
		options.push({
			displayName: 'Modified Since',
			name: 'modifiedSince',
			type: 'dateTime',
			default: '',
			description:
				spec.modifiedSince === 'headerOnly'
					? 'Only orders whose header was modified on or after this time (line-level changes may not show)'
					: 'Only records modified on or after this time',
		});
	}
	if (spec.orderDates) {
		options.push(
			{
				displayName: 'Created After',
				name: 'startDate',
				type: 'dateTime',
				default: '',
				description: 'Only orders created on or after this time',
			},
			{
				displayName: 'Created Before',
				name: 'endDate',
				type: 'dateTime',
				default: '',
				description: 'Only orders created on or before this time',
			},
		);
	}
	options.push(
		spec.sort === 'reportColumns'
			? {
					displayName: 'Sort By',
					name: 'sort',
					type: 'string',
					default: '',
					placeholder: 'e.g. partNo',
					description: 'A column of the report; empty keeps the report order',
				}
			: {
					displayName: 'Sort By',
					name: 'sort',
					type: 'options',
					options: spec.sort.map((column) => ({ name: label(column), value: column })),
					default: defaultSort,
					description: 'Column to sort by',
				},
		{
			displayName: 'Sort Direction',
			name: 'direction',
			type: 'options',
			options: [
				{ name: 'Ascending', value: 'ASC' },
				{ name: 'Descending', value: 'DESC' },
			],
			default: 'ASC',
		},
	);
	return options.sort((a, b) => a.displayName.localeCompare(b.displayName));
}
