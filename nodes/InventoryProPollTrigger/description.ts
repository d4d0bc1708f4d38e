// The Changes Trigger's Watch field: one option per list the change feed can read.
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { WATCHABLE } from '../shared/changes/watchable';

const HEADER_ONLY = WATCHABLE.filter((w) => w.endpoint.list.modifiedSince === 'headerOnly').map(
	(w) => w.id,
);

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const watchOptions: INodePropertyOptions[] = WATCHABLE.map((w) => ({
	name: capitalize(w.endpoint.summary),
	value: w.id,
	description: `GET ${w.endpoint.path}`,
}));

/** One number field per path placeholder, shown for the lists that need it. */
const pathParamFields: INodeProperties[] = [...new Set(WATCHABLE.flatMap((w) => w.pathParams))].map(
	(name) => ({
		displayName: capitalize(name.replace(/ID$/, ' ID')),
		name,
		type: 'number',
		required: true,
		default: 0,
		description: `The ${name} to watch`,
		displayOptions: {
			show: { watch: WATCHABLE.filter((w) => w.pathParams.includes(name)).map((w) => w.id) },
		},
	}),
);

export const watchProperties: INodeProperties[] = [
	{
		displayName: 'Watch',
		name: 'watch',
		type: 'options',
		noDataExpression: true,
		options: watchOptions,
		default: 'item.list',
		description:
			'The list to poll. Only lists that can be filtered by modification time are offered.',
	},
	{
		displayName:
			"Orders are matched on the order header's Modified time only: changes to order lines alone may not show up",
		name: 'headerOnlyNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { watch: HEADER_ONLY } },
	},
	...pathParamFields,
];
