/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * The contributor docs name real files: every path in backticks in docs/architecture.md and
 * docs/development.md exists, read from the repo root or, for the short forms the text uses inside a
 * node's section, from a node folder or nodes/shared/.
 */
import { existsSync, readFileSync } from 'fs';
import { join, resolve } from 'path';

const ROOT = resolve(__dirname, '..', '..');
const BASES = [
	'',
	'nodes/InventoryPro',
	'nodes/InventoryProTrigger',
	'nodes/InventoryProPollTrigger',
	'nodes/shared',
];
const FOLDERS =
	/^(?:nodes|credentials|sandbox|test|scripts|docs|examples|actions|helpers|methods|transport|validation|changes|\.ci)\//;

const docs = ['docs/architecture.md', 'docs/development.md'].filter((doc) =>
	existsSync(join(ROOT, doc)),
);

it.each(docs)('%s names only paths that exist', (doc) => {
	const text = readFileSync(join(ROOT, doc), 'utf8');
	const named = [...text.matchAll(/`([^`\s]+)`/g)]
		.map((match) => match[1].replace(/[:#].*$/, ''))
		.filter((path) => FOLDERS.test(path) && !/[<>{}*]/.test(path));
	expect(named.length).toBeGreaterThan(10);
	const missing = [...new Set(named)].filter(
		(path) => !BASES.some((base) => existsSync(join(ROOT, base, path))),
	);
	expect(missing).toEqual([]);
});
