// Checks a workflow node's saved parameters against its node type's description (as n8n serves it in
// /types/nodes.json): every name exists for that type version and is shown for the node's other settings,
// options hold one of their values, locators use a mode the property has, collections only known keys.
// The editor silently drops unknown or hidden parameters on import, so an example with a misspelt
// parameter would import "fine" and then do something else.
import {
	NodeHelpers,
	setSafeRegexEngine,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyCollection,
	type INodePropertyOptions,
	type INodeTypeDescription,
} from 'n8n-workflow';

import type { WorkflowNode } from '../n8n';

type Option = INodeProperties | INodePropertyOptions | INodePropertyCollection;

// n8n-workflow checks the regexes of n8n's own descriptions (resource locator modes) in a vm with a 250 ms
// wall-clock limit, which a busy 2-core machine exceeds ("Regular expression execution timed out", seen on the
// Google Sheets locator). These patterns are n8n's, not user input: plain RegExp, no clock.
setSafeRegexEngine({
	exec: (pattern, input, flags) => new RegExp(pattern, flags).exec(input),
	test: (pattern, input, flags) => new RegExp(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) =>
		input.replace(new RegExp(pattern, flags), replacement),
	matchAll: (pattern, input, flags) => [
		...input.matchAll(new RegExp(pattern, (flags ?? '').includes('g') ? flags : `${flags ?? ''}g`)),
	],
	split: (pattern, input, flags) => input.split(new RegExp(pattern, flags)),
});

const isExpression = (value: unknown) => typeof value === 'string' && value.startsWith('=');

/** The description among `candidates` (one per version group of a type) that covers the node's version. */
export function descriptionFor(
	candidates: INodeTypeDescription[],
	node: WorkflowNode,
): INodeTypeDescription | undefined {
	return candidates.find(
		(d) =>
			d.name === node.type &&
			(Array.isArray(d.version) ? d.version : [d.version]).includes(node.typeVersion),
	);
}

/** Problems with the node's parameters, one line each ("clear: \"all\" is not one of …"); empty when valid. */
export function parameterProblems(node: WorkflowNode, description: INodeTypeDescription): string[] {
	const inode = {
		id: node.name,
		name: node.name,
		type: node.type,
		typeVersion: node.typeVersion,
		position: [0, 0],
		parameters: node.parameters,
	} as INode;
	const given = node.parameters as INodeParameters;
	// What n8n resolves (defaults filled in), so displayOptions see e.g. a defaulted `resource`.
	const resolved =
		NodeHelpers.getNodeParameters(description.properties, given, true, false, inode, description) ??
		{};
	const problems: string[] = [];
	for (const [name, value] of Object.entries(given)) {
		const named = description.properties.filter((p) => p.name === name);
		if (named.length === 0) {
			problems.push(`${name}: no such parameter in ${node.type} v${node.typeVersion}`);
			continue;
		}
		const shown = named.filter((p) =>
			NodeHelpers.displayParameter(resolved, p, inode, description),
		);
		if (shown.length === 0) {
			problems.push(`${name}: not shown with these settings (n8n ignores it)`);
			continue;
		}
		const each = shown.map((p) => valueProblems(p, value, name));
		if (!each.some((list) => list.length === 0)) problems.push(...each[0]);
	}
	const issues = NodeHelpers.getNodeParametersIssues(description.properties, inode, description);
	for (const [name, messages] of Object.entries(issues?.parameters ?? {}))
		problems.push(`${name}: ${messages.join('; ')}`);
	return problems;
}

function valueProblems(property: Option, value: unknown, path: string): string[] {
	if (isExpression(value) || !('type' in property)) return [];
	const wrongType = (expected: string) => [
		`${path}: expected ${expected}, got ${JSON.stringify(value)}`,
	];
	switch (property.type) {
		case 'options': {
			if (property.typeOptions?.loadOptionsMethod) return [];
			const values = (property.options ?? []).map((o) => (o as INodePropertyOptions).value);
			return values.includes(value as string)
				? []
				: [`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(values)}`];
		}
		case 'boolean':
			return typeof value === 'boolean' ? [] : wrongType('a boolean');
		case 'number':
			return typeof value === 'number' ? [] : wrongType('a number');
		case 'string':
			return typeof value === 'string' ? [] : wrongType('a string');
		case 'resourceLocator': {
			const locator = value as { __rl?: boolean; mode?: string } | null;
			const modes = (property.modes ?? []).map((m) => m.name);
			if (!locator || typeof locator !== 'object' || locator.__rl !== true)
				return wrongType('a resource locator ({ __rl: true, mode, value })');
			return modes.includes(locator.mode ?? '')
				? []
				: [`${path}: mode ${JSON.stringify(locator.mode)} is not one of ${JSON.stringify(modes)}`];
		}
		case 'resourceMapper': {
			const mode = (value as { mappingMode?: string } | null)?.mappingMode;
			return ['defineBelow', 'autoMapInputData'].includes(mode ?? '')
				? []
				: [`${path}: mappingMode ${JSON.stringify(mode)} is unknown`];
		}
		case 'collection':
			return keysProblems((property.options ?? []) as Option[], value, path);
		case 'fixedCollection': {
			if (!value || typeof value !== 'object') return wrongType('an object');
			const groups = (property.options ?? []) as INodePropertyCollection[];
			return Object.entries(value).flatMap(([name, entries]) => {
				const group = groups.find((g) => g.name === name);
				if (!group)
					return [`${path}.${name}: no such option (${groups.map((g) => g.name).join(', ')})`];
				const list = Array.isArray(entries) ? entries : [entries];
				return list.flatMap((entry, i) =>
					keysProblems(group.values, entry, `${path}.${name}[${i}]`),
				);
			});
		}
		default:
			return [];
	}
}

/** Every key of `value` names one of `options`, and its value suits that option. */
function keysProblems(options: Option[], value: unknown, path: string): string[] {
	if (!value || typeof value !== 'object' || Array.isArray(value))
		return [`${path}: expected an object, got ${JSON.stringify(value)}`];
	return Object.entries(value).flatMap(([name, inner]) => {
		const option = options.find((o) => o.name === name);
		if (!option)
			return [`${path}.${name}: no such option (${options.map((o) => o.name).join(', ')})`];
		return valueProblems(option, inner, `${path}.${name}`);
	});
}
