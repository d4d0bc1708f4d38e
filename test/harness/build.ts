/**
 * The harness runs the package as n8n loads it: compiled JavaScript from dist/. This rebuilds dist/
 * when a source under nodes/ or credentials/ is newer than the build, once per machine at a time
 * (a lock directory keeps parallel jest workers from compiling over each other).
 */
import { execFileSync } from 'child_process';
import { createHash } from 'crypto';
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

export const ROOT = join(__dirname, '..', '..');
export const DIST = join(ROOT, 'dist');
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

function sleepSync(ms: number): void {
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function ensureBuilt(): void {
	if (!isStale()) return;
	const deadline = Date.now() + 120_000;
	for (;;) {
		try {
			mkdirSync(LOCK);
			break;
		} catch {
			// Another worker is building; a lock older than two minutes is left over from a crash.
			if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 120_000) rmdirSync(LOCK);
			if (Date.now() > deadline) throw new Error(`Timed out waiting for ${LOCK}`);
			sleepSync(200);
		}
	}
	try {
		if (isStale()) {
			const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
			try {
				execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.json')], {
					cwd: ROOT,
					stdio: 'pipe',
				});
			} catch (error) {
				// Type errors still emit JavaScript; only a missing build is fatal.
				if (!existsSync(STAMP)) throw error;
			}
		}
	} finally {
		rmdirSync(LOCK);
	}
}
