/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * The harness runs the package as n8n loads it: compiled JavaScript from dist/. This rebuilds dist/
 * when a source under nodes/ or credentials/ is newer than the build, once per machine at a time
 * (a lock directory keeps parallel jest workers from compiling over each other).
 */
import { spawnSync } from 'child_process';
import { createHash } from 'crypto';
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'fs';
import { createRequire } from 'module';
import { tmpdir } from 'os';
import { join } from 'path';

export const ROOT = join(__dirname, '..', '..');
export const DIST = join(ROOT, 'dist');

/**
 * Loads compiled CommonJS by path, synchronously, as n8n loads a community package. Under jest this is
 * jest's own require (its module registry), so a test gets the very module instance the harness runs.
 */
export const loadCompiled: (path: string) => unknown = createRequire(__filename);
const LOCK = join(
	tmpdir(),
	`inventory-pro-build-${createHash('sha1').update(ROOT).digest('hex').slice(0, 8)}.lock`,
);
const STAMP = join(DIST, 'credentials', 'InventoryProApi.credentials.js');

function newest(dir: string, pattern: RegExp): number {
	let latest = 0;
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) latest = Math.max(latest, newest(path, pattern));
		else if (pattern.test(entry.name)) latest = Math.max(latest, statSync(path).mtimeMs);
	}
	return latest;
}

function isStale(): boolean {
	if (!existsSync(STAMP)) return true;
	const sources = Math.max(
		newest(join(ROOT, 'nodes'), /\.ts$/),
		newest(join(ROOT, 'credentials'), /\.ts$/),
	);
	const built = Math.min(statSync(STAMP).mtimeMs, newest(join(DIST, 'nodes'), /\.js$/));
	return sources > built;
}

/** mkdir is atomic: true when this process made the lock directory, false when it exists already. */
function takeLock(): boolean {
	try {
		mkdirSync(LOCK);
		return true;
	} catch {
		return false;
	}
}

function sleepSync(ms: number): void {
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function ensureBuilt(): void {
	if (!isStale()) return;
	const deadline = Date.now() + 120_000;
	// Another worker is building; a lock older than two minutes is left over from a crash.
	while (!takeLock()) {
		if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 120_000) rmdirSync(LOCK);
		if (Date.now() > deadline) throw new Error(`Timed out waiting for ${LOCK}`);
		sleepSync(200);
	}
	try {
		if (isStale()) {
			const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
			const run = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.json')], {
				cwd: ROOT,
				encoding: 'utf8',
			});
			// Type errors still emit JavaScript; only a missing build is fatal.
			if (!existsSync(STAMP))
				throw new Error(
					`tsc built no ${STAMP} (${run.error?.message ?? `exit ${run.status}`}): ${run.stdout}${run.stderr}`,
				);
		}
	} finally {
		rmdirSync(LOCK);
	}
}
