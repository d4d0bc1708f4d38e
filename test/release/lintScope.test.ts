/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * What n8n's own tools judge, and how the repository stays inside it: eslint.config.mjs is n8n's default
 * and "strict" is on (what `n8n-node cloud-support` calls eligible); the code that ships (nodes/,
 * credentials/) carries no lint directive at all; the Node code that never ships (test/, scripts/,
 * sandbox/) may only switch off, file by file and with its reason, the rules about n8n Cloud's runtime;
 * and nothing built from those trees reaches dist/.
 */
import { execFile } from 'child_process';
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join, relative } from 'path';
import * as ts from 'typescript';
import { promisify } from 'util';

import { DIST, ensureBuilt, ROOT } from '../harness/build';

const run = promisify(execFile);
const NODE_CLI = join(ROOT, 'node_modules', '@n8n', 'node-cli');

/** The rules that keep code running inside n8n Cloud safe: Node's modules and globals, child processes. */
const RUNTIME_RULES = [
	'@n8n/community-nodes/no-restricted-imports',
	'@n8n/community-nodes/no-restricted-globals',
	'@n8n/community-nodes/no-dangerous-functions',
];

const SKIP = new Set(['node_modules', 'dist', '.build', 'coverage', '.git', '.sandbox']);

function filesUnder(dir: string): string[] {
	if (!existsSync(dir)) return [];
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		if (SKIP.has(entry.name)) return [];
		const path = join(dir, entry.name);
		return entry.isDirectory() ? filesUnder(path) : [path];
	});
}

const CODE = /\.(ts|js|mjs|cjs|json)$/;
const rel = (path: string) => relative(ROOT, path);

/**
 * Every comment ESLint reads as a directive: a block comment opening with eslint, eslint-disable…,
 * eslint-enable, eslint-env, global(s) or exported, or a line comment opening with eslint-disable….
 */
const DIRECTIVE =
	/\/\*\s*(?:eslint(?:-disable(?:-line|-next-line)?|-enable|-env)?|globals?|exported)\b[\s\S]*?\*\/|\/\/\s*eslint-disable(?:-line|-next-line)?\b.*/g;

/** The one form allowed outside nodes/ and credentials/: a block disable naming its rules, then `--` and why. */
const FILE_LEVEL = /^\/\* eslint-disable ([^\n]+?) --\s+\S[\s\S]*\*\/$/;

const directives = (text: string) => [...text.matchAll(DIRECTIVE)];

/** What is wrong with a file's directives outside nodes/ and credentials/ (empty: nothing). */
function misplaced(text: string): string[] {
	return directives(text).flatMap((match) => {
		const form = FILE_LEVEL.exec(match[0]);
		if (match.index !== 0) return [`not at the top of the file: ${match[0]}`];
		if (!form) return [`not "eslint-disable <rules> -- <reason>" in a block comment: ${match[0]}`];
		const others = form[1]
			.split(',')
			.map((rule) => rule.trim())
			.filter((rule) => !RUNTIME_RULES.includes(rule));
		return others.length > 0 ? [`disables more than the runtime rules: ${others.join(', ')}`] : [];
	});
}

/** Comments built from parts, so this file holds no directive besides its own first line. */
const block = (body: string) => `/${'*'} ${body} ${'*'}/`;
const line = (body: string) => `/${'/'} ${body}`;

describe("n8n's default lint config in strict mode", () => {
	it("eslint.config.mjs is node-cli's template, byte for byte", () => {
		const template = readFileSync(
			join(NODE_CLI, 'dist/template/templates/shared/default/eslint.config.mjs'),
			'utf8',
		);
		expect(template).toContain("from '@n8n/node-cli/eslint'");
		expect(readFileSync(join(ROOT, 'eslint.config.mjs'), 'utf8')).toBe(template);
	});

	it('package.json keeps "strict": true', () => {
		const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
			n8n: { strict?: unknown };
		};
		expect(manifest.n8n.strict).toBe(true);
	});

	it('`n8n-node cloud-support` calls the package eligible', async () => {
		const { stdout, stderr } = await run(
			process.execPath,
			[join(NODE_CLI, 'bin/n8n-node.mjs'), 'cloud-support'],
			{ cwd: ROOT, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
		);
		const output = stdout + stderr;
		expect(output).toContain('Status: eligible for n8n Cloud verification');
		expect(output).not.toContain('NOT eligible');
	}, 30_000);
});

describe('lint directives', () => {
	it('none at all in the code that ships (nodes/, credentials/)', () => {
		const files = ['nodes', 'credentials'].flatMap((dir) => filesUnder(join(ROOT, dir)));
		expect(files.length).toBeGreaterThan(50);
		const found = files.flatMap((file) =>
			directives(readFileSync(file, 'utf8')).map((match) => `${rel(file)}: ${match[0]}`),
		);
		expect(found).toEqual([]);
	});

	it('elsewhere only one file-level disable of the runtime rules, with its reason', () => {
		const roots = readdirSync(ROOT, { withFileTypes: true })
			.filter((entry) => entry.isFile())
			.map((entry) => join(ROOT, entry.name));
		const files = [
			...roots,
			...['test', 'scripts', 'sandbox'].flatMap((dir) => filesUnder(join(ROOT, dir))),
		].filter((file) => CODE.test(file));
		expect(files.length).toBeGreaterThan(100);
		const problems = files.flatMap((file) =>
			misplaced(readFileSync(file, 'utf8')).map((problem) => `${rel(file)}: ${problem}`),
		);
		expect(problems).toEqual([]);
		const disabled = files.filter((file) => directives(readFileSync(file, 'utf8')).length > 0);
		expect(disabled.length).toBeGreaterThan(0);
	});

	it('the checks see what they must refuse', () => {
		const allowed = `${block(`eslint-disable ${RUNTIME_RULES[1]} --\n\tNode code that never ships`)}\nrun();\n`;
		expect(misplaced(allowed)).toEqual([]);
		const refused = [
			`${line('eslint-disable-next-line no-console')}\nconsole.log(1);`,
			`run();\n${block(`eslint-disable ${RUNTIME_RULES[1]} -- too late`)}`,
			block(`eslint-disable ${RUNTIME_RULES[0]}, no-console -- one rule too many`),
			block(`eslint-disable ${RUNTIME_RULES[0]}`),
			block('eslint no-console: "off"'),
			block('global setTimeout'),
		];
		for (const text of refused) expect(misplaced(text)).toHaveLength(1);
		expect(directives(allowed)).toHaveLength(1);
		expect(directives('const s = "eslint-disable";')).toEqual([]);
	});
});

describe('what ships', () => {
	it('tsconfig.json compiles nodes/ and credentials/ only', () => {
		const parsed = ts.getParsedCommandLineOfConfigFile(
			join(ROOT, 'tsconfig.json'),
			{},
			{
				...ts.sys,
				onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
					throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
				},
			},
		);
		const sources = (parsed?.fileNames ?? []).map(rel);
		expect(sources.length).toBeGreaterThan(50);
		expect(sources.filter((file) => !/^(nodes|credentials)\//.test(file))).toEqual([]);
	});

	it('dist/ holds nothing but what nodes/ and credentials/ build', () => {
		ensureBuilt();
		const built = filesUnder(DIST).map((file) => relative(DIST, file));
		expect(built).toContain('nodes/InventoryPro/InventoryPro.node.js');
		expect(built.filter((file) => !/^(nodes|credentials)\//.test(file))).toEqual([]);
	});
});
