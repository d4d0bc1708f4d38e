import type { INodeProperties } from 'n8n-workflow';

import { NOUNS } from './common/resource';
import { RESOURCE_MODULES } from './resources';

const resourceOptions = Object.keys(RESOURCE_MODULES)
	.map((value) => ({
		name: value === 'customApi' ? 'Custom API Request' : NOUNS[value as keyof typeof NOUNS].label,
		value,
	}))
	.sort((a, b) => a.name.localeCompare(b.name));

/** The node's parameters: the resource choice, then every resource's operations and fields. */
export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resourceOptions,
		default: 'item',
	},
	...Object.values(RESOURCE_MODULES).flatMap((module) => module.description),
];
