/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * Every name a user sees in the editor is written literally in the source (n8n's lint rules and a reader's
 * grep see it): display names of parameters, collection options, fixed-collection values and locator modes,
 * and the names of dropdown options — for the three nodes and the credential, as built.
 */
import { readdirSync, readFileSync, statSync } from 'fs';
import { join, resolve } from 'path';
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { InventoryProApi } from '../../credentials/InventoryProApi.credentials';
import { InventoryPro } from '../../nodes/InventoryPro/InventoryPro.node';
import { InventoryProPollTrigger } from '../../nodes/InventoryProPollTrigger/InventoryProPollTrigger.node';
import { InventoryProTrigger } from '../../nodes/InventoryProTrigger/InventoryProTrigger.node';

const ROOT = resolve(__dirname, '..', '..');

function sources(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return sources(path);
		return path.endsWith('.ts') ? [readFileSync(path, 'utf8')] : [];
	});
}
const source = [...sources(join(ROOT, 'nodes')), ...sources(join(ROOT, 'credentials'))].join('\n');

/** Written as a string literal: in single or double quotes, or a template without placeholders. */
const isLiteral = (text: string) =>
	source.includes(`'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`) ||
	source.includes(`"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`) ||
	source.includes(`\`${text}\``);

type Entry = INodeProperties | INodePropertyOptions | INodePropertyCollection;

/** What the editor shows by name, with where it is. */
function shown(entries: readonly Entry[], where: string): Array<[string, string]> {
	return entries.flatMap((entry): Array<[string, string]> => {
		if ('displayName' in entry) {
			const here = `${where} › ${entry.displayName}`;
			const property = entry as INodeProperties & INodePropertyCollection;
			return [
				[entry.displayName, here],
				...(property.modes ?? []).map((mode): [string, string] => [mode.displayName, here]),
				...shown((property.options ?? []) as Entry[], here),
				...shown(property.values ?? [], here),
			];
		}
		return [[entry.name, `${where} › option`]];
	});
}

const described = [
	['Inventory Pro', new InventoryPro().description.properties],
	['Inventory Pro Trigger', new InventoryProTrigger().description.properties],
	['Inventory Pro Changes Trigger', new InventoryProPollTrigger().description.properties],
	['Inventory Pro API', new InventoryProApi().properties],
] as const;

it.each(described)(
	'%s: every name the editor shows is written literally in the source',
	(name, properties) => {
		const names = shown(properties, name);
		expect(names.length).toBeGreaterThan(5);
		const missing = names
			.filter(([text]) => !isLiteral(text))
			.map(([text, where]) => `${text} (${where})`);
		expect([...new Set(missing)]).toEqual([]);
	},
);
