/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// Packs this repository and installs the tarball into an n8n user folder exactly the way n8n 2.41.1's
// Settings -> Community Nodes does (CommunityPackagesService.downloadPackage): unpack into
// <userFolder>/.n8n/nodes/node_modules/<name>, drop dev/peer/optional dependencies from its package.json,
// `npm install` inside it with scripts off, and record it in <userFolder>/.n8n/nodes/package.json.
// n8n then loads every `n8n-nodes-*` folder there at start (community-packages module's nodeLoaders).
import { execFile } from 'child_process';
import { createHash } from 'crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import {
	cp,
	mkdir,
	mkdtemp,
	readdir,
	readFile,
	rename,
	rm,
	stat,
	symlink,
	writeFile,
} from 'fs/promises';
import { dirname, join, relative } from 'path';
import { promisify } from 'util';

const run = promisify(execFile);

/**
 * The environment for npm here: without the npm_config_* settings jest inherits from `npm test` (the project's
 * .npmrc among them), so each npm call has only the flags it states, as n8n's own installer would.
 */
function npmEnv(): NodeJS.ProcessEnv {
	return Object.fromEntries(
		Object.entries(process.env).filter(
			([key]) =>
				!/^npm_config_/i.test(key) ||
				/^npm_config_(cache|registry|userconfig|globalconfig|cafile)$/i.test(key),
		),
	);
}

/** The repository root, whether this file runs from test/ (ts-jest) or from .build/ (compiled demo). */
export const REPO_ROOT = findRepoRoot(__dirname);

function findRepoRoot(start: string): string {
	for (let dir = start; dir !== dirname(dir); dir = dirname(dir)) {
		const manifest = join(dir, 'package.json');
		if (
			existsSync(manifest) &&
			(JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name ===
				'n8n-nodes-inventory-pro'
		) {
			return dir;
		}
	}
	throw new Error(`no n8n-nodes-inventory-pro package.json above ${start}`);
}

export interface PackedPackage {
	name: string;
	version: string;
	tarball: string;
}

/** `npm pack` of the package in `source` (the repository, or a copy of its sources): prepack builds dist/ there. */
export async function packRepository(
	destination: string,
	source = REPO_ROOT,
): Promise<PackedPackage> {
	const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', destination], {
		cwd: source,
		env: npmEnv(),
		maxBuffer: 64 * 1024 * 1024,
	});
	const [info] = JSON.parse(stdout) as Array<{ name: string; version: string; filename: string }>;
	if (!info) throw new Error('npm pack printed no package');
	return { name: info.name, version: info.version, tarball: join(destination, info.filename) };
}

/** What the tarball is made of: the sources dist/ is built from, the build's settings and npm's own files. */
const PACKED_FROM = [
	'nodes',
	'credentials',
	'package.json',
	'tsconfig.json',
	'gulpfile.js',
	'README.md',
	'LICENSE',
];

function filesUnder(path: string): string[] {
	if (!existsSync(path)) return [];
	if (!statSync(path).isDirectory()) return [path];
	return readdirSync(path)
		.sort()
		.flatMap((name) => filesUnder(join(path, name)));
}

/** A digest of every file the tarball is made from (names and bytes). */
export function packInputsDigest(): string {
	const hash = createHash('sha256');
	for (const file of PACKED_FROM.flatMap((entry) => filesUnder(join(REPO_ROOT, entry)))) {
		hash.update(relative(REPO_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
	}
	return hash.digest('hex').slice(0, 16);
}

/** Where packedOnce keeps its tarballs: gone with node_modules (a clean `npm ci` packs afresh). */
const PACK_CACHE = join(REPO_ROOT, 'node_modules', '.cache', 'inventory-pro-pack');

/**
 * The package packed once for what the sources are now: a real `npm pack` (its prepack builds dist/) the first
 * time, the same tarball for every later n8n in this run and later runs until a source file changes. The real-n8n
 * suites used to pack (and so build) once per n8n they started. It packs a copy of the sources, as a fresh clone
 * would, so the dist/ the unit suites read beside it is never rebuilt under them; one process packs at a time.
 */
export async function packedOnce(): Promise<PackedPackage> {
	const digest = packInputsDigest();
	const manifest = join(PACK_CACHE, digest, 'packed.json');
	if (existsSync(manifest)) return JSON.parse(await readFile(manifest, 'utf8')) as PackedPackage;
	await mkdir(PACK_CACHE, { recursive: true });
	await holding(join(PACK_CACHE, 'lock'), async () => {
		if (!existsSync(manifest)) await pack(digest);
	});
	return await packedOnce(); // a source edited while packing: its digest is new, and it is packed in turn
}

/** Packs a copy of what PACKED_FROM names (node_modules linked) into PACK_CACHE/<digest>, then drops older packs. */
async function pack(digest: string): Promise<void> {
	const staging = await mkdtemp(join(PACK_CACHE, 'staging-'));
	try {
		const source = join(staging, 'source');
		for (const entry of PACKED_FROM)
			if (existsSync(join(REPO_ROOT, entry)))
				await cp(join(REPO_ROOT, entry), join(source, entry), { recursive: true });
		await symlink(join(REPO_ROOT, 'node_modules'), join(source, 'node_modules'));
		const out = join(staging, 'out');
		await mkdir(out);
		const packed = await packRepository(out, source);
		// Copied while a source was being edited: not what the digest names.
		if (packInputsDigest() !== digest) return;
		const folder = join(PACK_CACHE, digest);
		const final = { ...packed, tarball: join(folder, relative(out, packed.tarball)) };
		await writeFile(join(out, 'packed.json'), JSON.stringify(final));
		// Older packs, and what a packer killed before us left (only the lock's holder stages).
		for (const old of await readdir(PACK_CACHE))
			if (old !== 'lock' && join(PACK_CACHE, old) !== staging)
				await rm(join(PACK_CACHE, old), { recursive: true, force: true });
		await rename(out, folder);
	} finally {
		await rm(staging, { recursive: true, force: true });
	}
}

/**
 * Runs `work` while holding `lock` (a directory: mkdir is atomic), across processes: the real-n8n suites run
 * side by side. A lock whose process is gone (killed while packing) is taken over.
 */
async function holding(lock: string, work: () => Promise<void>): Promise<void> {
	const owner = join(lock, 'pid');
	for (;;) {
		const taken = await mkdir(lock).then(
			() => true,
			async (error: NodeJS.ErrnoException) =>
				error.code === 'EEXIST' ? false : await Promise.reject(error),
		);
		if (taken) break;
		const pid = Number(await readFile(owner, 'utf8').catch(() => '0'));
		// No pid yet: just taken, or its taker died before writing it; the second only after a minute.
		const stale = pid > 0 ? !alive(pid) : Date.now() - (await stat(lock)).mtimeMs > 60_000;
		if (stale) await rm(lock, { recursive: true, force: true });
		else await new Promise((resolve) => setTimeout(resolve, 500));
	}
	try {
		await writeFile(owner, String(process.pid));
		await work();
	} finally {
		await rm(lock, { recursive: true, force: true });
	}
}

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

export interface InstalledPackage {
	packageDir: string;
	/** What npm printed installing it (an `EBADENGINE` warning here is what a user would see). */
	npmOutput: string;
}

/**
 * `nodeBin`: the Node binary n8n runs on. n8n runs npm under its own Node, so npm's engine check sees that Node
 * (22 for the n8n 1.x compatibility subset), not the one running the tests.
 */
export async function installCommunityPackage(
	userFolder: string,
	pkg: PackedPackage,
	nodeBin?: string,
): Promise<InstalledPackage> {
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	const packageDir = join(nodesDir, 'node_modules', pkg.name);
	await mkdir(packageDir, { recursive: true });
	await run('tar', ['-xzf', pkg.tarball, '-C', packageDir, '--strip-components=1']);

	const manifestPath = join(packageDir, 'package.json');
	const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, unknown>;
	delete manifest.devDependencies;
	delete manifest.peerDependencies;
	delete manifest.optionalDependencies;
	await writeFile(manifestPath, JSON.stringify(manifest, null, 2));

	const env = npmEnv();
	if (nodeBin) env.PATH = `${dirname(nodeBin)}:${env.PATH ?? '/usr/bin:/bin'}`;
	const { stdout, stderr } = await run(
		'npm',
		[
			'install',
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
			'--ignore-scripts=true',
			'--package-lock=false',
			'--offline', // we have no runtime dependencies: nothing may be fetched
		],
		{ cwd: packageDir, env },
	);

	const nodesManifest = {
		name: 'installed-nodes',
		private: true,
		dependencies: { [pkg.name]: pkg.version },
	};
	await writeFile(join(nodesDir, 'package.json'), JSON.stringify(nodesManifest, null, 2));
	return { packageDir, npmOutput: `${stdout}${stderr}` };
}
