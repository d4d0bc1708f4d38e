/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// The README's "Install" steps (With npm), run literally on a fresh n8n home: a temporary HOME with no
// ~/.n8n at all, the shell block copied out of README.md, the package name swapped for the packed
// tarball (the one change: this version is not on the registry yet). Then a real n8n 2.41.1 started
// on that home must load the package. Only loopback and the npm registry (the peer's metadata).
import { execFile } from 'child_process';
import { existsSync, readFileSync } from 'fs';
import { mkdir, mkdtemp, readdir, rm } from 'fs/promises';
import { homedir, tmpdir } from 'os';
import { dirname, join } from 'path';
import { promisify } from 'util';

import { ensureN8n, N8n, PACKAGE_NAME, startN8n } from './n8n';
import { packedOnce, REPO_ROOT, type PackedPackage } from './support/community-package';

const run = promisify(execFile);

/** The first ```bash block under "## Install" (its "With npm" steps). */
function readmeInstallBlock(): string {
	const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
	const section = readme.slice(readme.indexOf('\n## Install\n'));
	const block = /```bash\n([\s\S]*?)```/.exec(section.slice(0, section.indexOf('\n## ', 1)));
	if (!block) throw new Error('README.md has no bash block under "## Install"');
	return block[1];
}

describe('README install steps on a fresh n8n home', () => {
	let work: string;
	let home: string;
	let packed: PackedPackage;
	let n8n: N8n | undefined;
	const steps = readmeInstallBlock();

	beforeAll(async () => {
		work = await mkdtemp(join(tmpdir(), 'inventory-pro-readme-install-'));
		home = join(work, 'home');
		await mkdir(home);
		// A real `npm pack` (its prepack builds dist/ first, as on a fresh clone), once per source state.
		packed = await packedOnce();
	}, 120_000);

	afterAll(async () => {
		await n8n?.stop();
		await rm(work, { recursive: true, force: true });
	}, 60_000);

	test('the steps create the folder, install the package and leave out the peer dependency', async () => {
		expect(steps).toMatch(/^mkdir -p ~\/\.n8n\/nodes && cd ~\/\.n8n\/nodes$/m);
		expect(steps).toMatch(new RegExp(`^npm install --omit=peer ${PACKAGE_NAME}$`, 'm'));
		expect(existsSync(join(home, '.n8n'))).toBe(false);

		const script = steps.replace(
			new RegExp(`(npm install [^\\n]*)${PACKAGE_NAME}$`, 'm'),
			`$1${packed.tarball}`,
		);
		// The host's environment (its CA bundle, proxy settings) without the npm settings jest inherits from
		// `npm test`, a fresh HOME, and the machine's npm cache so the peer's metadata is not fetched again.
		const env: NodeJS.ProcessEnv = Object.fromEntries(
			Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)),
		);
		Object.assign(env, {
			PATH: `${dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
			HOME: home,
			npm_config_cache: process.env.npm_config_cache ?? join(homedir(), '.npm'),
		});
		await run('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd: work, env, timeout: 240_000 });

		const nodes = join(home, '.n8n', 'nodes');
		const installed = JSON.parse(
			readFileSync(join(nodes, 'node_modules', PACKAGE_NAME, 'package.json'), 'utf8'),
		) as { version: string };
		expect(installed.version).toBe(packed.version);
		expect(
			existsSync(
				join(
					nodes,
					'node_modules',
					PACKAGE_NAME,
					'dist',
					'credentials',
					'InventoryProApi.credentials.js',
				),
			),
		).toBe(true);
		// n8n-workflow is n8n's own; a second copy here would shadow it for our nodes.
		expect(
			(await readdir(join(nodes, 'node_modules'))).filter((name) => !name.startsWith('.')),
		).toEqual([PACKAGE_NAME]);
	}, 300_000);

	test(
		'n8n started on that home loads the four nodes and the credential',
		async () => {
			const n8nDir = await ensureN8n();
			n8n = await startN8n({
				n8nDir,
				installPackage: false,
				// n8n's home is the one the README steps ran in; community settings as the README's Compatibility says.
				env: { HOME: home, N8N_USER_FOLDER: home },
			});
			const listed = (await n8n.nodeTypes()).map((t) => t.name);
			expect(listed).toEqual(
				expect.arrayContaining(
					[
						'inventoryPro',
						'inventoryProTrigger',
						'inventoryProPollTrigger',
						'inventoryProLowStockTrigger',
					].map((name) => `${PACKAGE_NAME}.${name}`),
				),
			);
			expect((await n8n.credentialTypes()).map((t) => t.name)).toContain('inventoryProApi');
		},
		20 * 60_000,
	);
});
