/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * The floors (docs/architecture.md): the credential imports only nodes/shared/, each node folder only itself and
 * nodes/shared/, and nodes/shared/ no node. Read from the sources' import lines.
 */
import { readdirSync, readFileSync, statSync } from 'fs';
import { dirname, join, relative, resolve, sep } from 'path';

const ROOT = resolve(__dirname, '..', '..');

function sources(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return sources(path);
		return path.endsWith('.ts') ? [path] : [];
	});
}

/** The top folder under the repo (and under nodes/) each relative import of `file` lands in. */
function importedFloors(file: string): string[] {
	const text = readFileSync(file, 'utf8');
	const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']*)'/g)].map((match) => match[1]);
	return specs.map((spec) => {
		const parts = relative(ROOT, resolve(dirname(file), spec)).split(sep);
		return parts[0] === 'nodes' ? `nodes/${parts[1]}` : parts[0];
	});
}

function floorOf(file: string): string {
	const parts = relative(ROOT, file).split(sep);
	return parts[0] === 'nodes' ? `nodes/${parts[1]}` : parts[0];
}

const files = [...sources(join(ROOT, 'nodes')), ...sources(join(ROOT, 'credentials'))];

test('no node imports another node; the credential and the shared floor import only nodes/shared', () => {
	const wrong = files.flatMap((file) => {
		const own = floorOf(file);
		const allowed =
			own === 'credentials' || own === 'nodes/shared' ? ['nodes/shared'] : [own, 'nodes/shared'];
		return importedFloors(file)
			.filter((floor) => !allowed.includes(floor))
			.map((floor) => `${relative(ROOT, file)} imports from ${floor}`);
	});
	expect(files.length).toBeGreaterThan(50);
	expect(wrong).toEqual([]);
});

/** The file each relative import of `file` names (type-only imports and re-exports included). */
function importedFiles(file: string): string[] {
	const text = readFileSync(file, 'utf8');
	const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']*)'/g)].map((match) => match[1]);
	return specs.map((spec) => {
		const target = resolve(dirname(file), spec);
		return files.find((f) => f === `${target}.ts` || f === join(target, 'index.ts')) ?? target;
	});
}

test('no import circles under nodes/ or credentials/, type-only imports included', () => {
	const graph = new Map(files.map((file) => [file, importedFiles(file)]));
	const circles: string[] = [];
	const done = new Set<string>();
	const visit = (file: string, path: string[]) => {
		const at = path.indexOf(file);
		if (at >= 0) {
			circles.push(
				[...path.slice(at), file].map((f) => relative(ROOT, f).replace(/\.ts$/, '')).join(' → '),
			);
			return;
		}
		if (done.has(file)) return;
		for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
		done.add(file);
	};
	for (const file of files) visit(file, []);
	expect(circles).toEqual([]);
});
