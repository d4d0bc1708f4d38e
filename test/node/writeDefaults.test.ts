/**
 * "Nothing writes by default" (issue 44) in the node's description: a parameter whose value moves stock
 * has no value until the user gives one, and a quantity the service needs above zero says so in the
 * editor. What the node does with an empty or bad value is in writes.test.ts and bulk.test.ts.
 */
import type { INodeProperties } from 'n8n-workflow';

import { InventoryPro } from '../../nodes/InventoryPro/InventoryPro.node';

const { properties } = new InventoryPro().description;

const parameter = (resource: string, operation: string, name: string): INodeProperties => {
	const found = properties.find(
		(property) =>
			property.name === name &&
			property.displayOptions?.show?.resource?.includes(resource) &&
			property.displayOptions?.show?.operation?.includes(operation),
	);
	if (!found) throw new Error(`${resource}.${operation} has no parameter ${name}`);
	return found;
};

it('Set Counted Quantity: Counted Quantity is required and empty until given (0 would empty the location)', () => {
	const counted = parameter('inventory', 'setCountedQuantity', 'counted');
	expect(counted).toEqual(expect.objectContaining({ type: 'number', required: true, default: '' }));
	expect(counted.typeOptions?.minValue).toBeUndefined();
});

it.each(['receive', 'issue', 'move'])(
	'%s: Units is required, empty until given, and not below zero in the editor',
	(operation) => {
		const units = parameter('inventory', operation, 'units');
		expect(units).toEqual(expect.objectContaining({ type: 'number', required: true, default: '' }));
		expect(units.typeOptions?.minValue).toBe(0);
		expect(units.description).toMatch(/greater than zero/);
	},
);

it.each([
	['inventory', 'setCountedQuantity'],
	['item', 'upsert'],
	['customer', 'upsert'],
	['vendor', 'upsert'],
])('%s › %s offers Preview (Write Nothing), off by default', (resource, operation) => {
	const options = parameter(resource, operation, 'options').options as INodeProperties[];
	expect(options.find((option) => option.name === 'preview')).toEqual(
		expect.objectContaining({
			displayName: 'Preview (Write Nothing)',
			type: 'boolean',
			default: false,
		}),
	);
});
