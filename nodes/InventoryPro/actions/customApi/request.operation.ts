import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	IHttpRequestMethods,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { customApiRequest } from '../../../shared/transport';
import { fieldError, isBlank, textOf, toJsonObject } from '../../../shared/validation';
import { toRecords } from '../../helpers/output';
import { allRecords } from '../../helpers/tool';
import type { ShowFor } from '../node.type';

const WITH_BODY = ['POST', 'PUT', 'PATCH', 'DELETE'];

const properties: INodeProperties[] = [
	{
		displayName: 'Method',
		name: 'method',
		type: 'options',
		options: [
			{ name: 'DELETE', value: 'DELETE' },
			{ name: 'GET', value: 'GET' },
			{ name: 'PATCH', value: 'PATCH' },
			{ name: 'POST', value: 'POST' },
			{ name: 'PUT', value: 'PUT' },
		],
		default: 'GET',
	},
	{
		displayName: 'Path',
		name: 'path',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. /Inventory/MaterialIn',
		description: 'Path below the API root (…/api/v2), starting with a slash',
	},
	{
		displayName: 'Return All Pages',
		name: 'followPages',
		type: 'boolean',
		displayOptions: { show: { method: ['GET'] } },
		default: false,
		description:
			'Whether to treat the path as a paged list: read every page and return one item per record. Off returns the response as it is.',
	},
	{
		displayName: 'Query Parameters',
		name: 'queryParameters',
		type: 'fixedCollection',
		placeholder: 'Add Parameter',
		typeOptions: { multipleValues: true },
		default: {},
		options: [
			{
				displayName: 'Parameter',
				name: 'parameter',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	},
	{
		displayName: 'JSON Body',
		name: 'body',
		type: 'json',
		displayOptions: { show: { method: ['POST', 'PUT', 'PATCH', 'DELETE'] } },
		default: '',
		description: 'Request body; leave empty to send none',
	},
];

const displayOptions: ShowFor<'customApi'> = {
	show: { resource: ['customApi'], operation: ['request'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Any path below the API root with the node's credential, pacing, paging and error mapping: for
 * endpoints a deployment adds or the endpoint table does not know.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const method = this.getNodeParameter('method', itemIndex) as IHttpRequestMethods;
	// The transport keeps the path below the API root, so the token never goes elsewhere.
	const path = textOf(this.getNodeParameter('path', itemIndex, '')).trim();
	const query: IDataObject = {};
	const parameters = this.getNodeParameter(
		'queryParameters.parameter',
		itemIndex,
		[],
	) as IDataObject[];
	for (const { name, value } of parameters) {
		if (isBlank(name))
			throw fieldError(this, 'queryParameters', 'has a parameter without a name', itemIndex);
		query[textOf(name)] = value;
	}
	const rawBody = WITH_BODY.includes(method) ? this.getNodeParameter('body', itemIndex, '') : '';
	const body = isBlank(rawBody) ? undefined : toJsonObject(this, rawBody, 'body', itemIndex);
	const returnAll =
		method === 'GET' && (this.getNodeParameter('followPages', itemIndex, false) as boolean);
	const response: unknown = await customApiRequest.call(this, method, path, {
		query,
		body,
		returnAll,
		// As an AI tool, Return All Pages stops like Return All (helpers/tool.ts).
		limit: returnAll ? allRecords(this, itemIndex) : undefined,
		itemIndex,
	});
	return toRecords(response);
}
