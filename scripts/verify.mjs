// Packs the package as npm would publish it and runs n8n's verification scanner over
// the unpacked tarball (compiled .js + package.json) and over our sources, like the
// scanner's own two legs. Any finding fails the run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'inventory-pro-verify-'));
try {
	execFileSync('npm', ['pack', '--silent', '--pack-destination', work], {
		cwd: root,
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
	if (!tarball) throw new Error('npm pack produced no tarball');
	const unpacked = join(work, 'package');
	execFileSync('tar', ['-xzf', join(work, tarball), '-C', work]);
	const files = execFileSync('tar', ['-tzf', join(work, tarball)], { encoding: 'utf8' })
		.trim()
		.split('\n');
	// What ships is built from nodes/ and credentials/ only: nothing from test/, scripts/ or sandbox/.
	const stray = files.filter(
		(f) => !/^package\/(dist\/(nodes|credentials)\/|package\.json$|README\.md$|LICENSE)/.test(f),
	);
	if (stray.length)
		throw new Error(
			`tarball holds files not built from nodes/ or credentials/: ${stray.join(', ')}`,
		);
	// What a user needs: the licence, the README and every file package.json's n8n section names.
	const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
	const required = ['LICENSE', 'README.md', ...manifest.n8n.credentials, ...manifest.n8n.nodes];
	const missing = required.filter((f) => !files.includes(`package/${f}`));
	if (missing.length)
		throw new Error(`tarball lacks ${missing.join(', ')} (did the prepack build run?)`);

	const legs = [
		['packed tarball', await analyzePackage(unpacked, ['**/*.js', 'package.json'])],
		['sources', await analyzePackage(root, SOURCE_FILE_PATTERNS)],
	];
	let failed = false;
	for (const [name, result] of legs) {
		if (result.passed) {
			console.log(`verify: scanner passed on the ${name}`);
		} else {
			failed = true;
			console.error(
				`verify: scanner FAILED on the ${name}: ${result.message}\n${result.details ?? ''}`,
			);
		}
	}
	console.log(`verify: ${files.length} files in ${tarball}`);
	if (failed) process.exitCode = 1;
} finally {
	rmSync(work, { recursive: true, force: true });
}
