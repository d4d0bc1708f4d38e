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
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'fs/promises';
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

/** `npm pack` of the repository as it is now (dist/ must be built). */
export async function packRepository(destination: string): Promise<PackedPackage> {
	const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', destination], {
		cwd: REPO_ROOT,
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
 * suites used to pack (and so build) once per n8n they started.
 */
export async function packedOnce(): Promise<PackedPackage> {
	const digest = packInputsDigest();
	const folder = join(PACK_CACHE, digest);
	const manifest = join(folder, 'packed.json');
	if (existsSync(manifest)) return JSON.parse(await readFile(manifest, 'utf8')) as PackedPackage;
	await mkdir(PACK_CACHE, { recursive: true });
	const staging = await mkdtemp(join(PACK_CACHE, 'staging-'));
	const packed = await packRepository(staging);
	// The build may have rewritten nothing that counts, but a source edited while packing would not match.
	if (packInputsDigest() !== digest) {
		await rm(staging, { recursive: true, force: true });
		return await packedOnce();
	}
	const final = { ...packed, tarball: join(folder, relative(staging, packed.tarball)) };
	await writeFile(join(staging, 'packed.json'), JSON.stringify(final));
	for (const old of await readdir(PACK_CACHE))
		if (old !== digest && !old.startsWith('staging-'))
			await rm(join(PACK_CACHE, old), { recursive: true, force: true });
	try {
		await rename(staging, folder);
	} catch {
		await rm(staging, { recursive: true, force: true }); // packed by another process meanwhile
	}
	return JSON.parse(await readFile(manifest, 'utf8')) as PackedPackage;
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
