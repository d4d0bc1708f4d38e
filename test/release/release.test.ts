/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * The release path: both GitHub workflows pass the workflow schema (and a broken one does not), the
 * publish workflow publishes with provenance from a version tag, and a local `npm publish` is refused
 * by the prepublishOnly guard before anything is built.
 */
import { execFile } from 'child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import { promisify } from 'util';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../..');
const VALIDATE = join(ROOT, 'scripts/release/validate-workflows.mjs');
const GUARD = join(ROOT, 'scripts/release/publish-guard.mjs');
const workflow = (name: string) => readFileSync(join(ROOT, '.github/workflows', name), 'utf8');

/** The environment of a maintainer's shell: not GitHub Actions, no provenance flag. */
function localEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	const env = { ...process.env, ...extra };
	if (!('GITHUB_ACTIONS' in extra)) delete env.GITHUB_ACTIONS;
	if (!('npm_config_provenance' in extra)) delete env.npm_config_provenance;
	return env;
}

async function exitOf(file: string, args: string[], env = localEnv()) {
	try {
		const { stdout, stderr } = await run(file, args, { cwd: ROOT, env });
		return { code: 0, output: stdout + stderr };
	} catch (error) {
		const e = error as { code: number; stdout: string; stderr: string };
		return { code: e.code, output: e.stdout + e.stderr };
	}
}

describe('workflow files', () => {
	let dir: string;
	beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'inventory-pro-workflows-'))));
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	it('both pass the workflow schema', async () => {
		const { code, output } = await exitOf('node', [VALIDATE]);
		expect(output).toContain('ci.yml is valid');
		expect(output).toContain('publish.yml is valid');
		expect(code).toBe(0);
	});

	it.each([
		[
			'a misspelt job key',
			'ci.yml',
			'runs-on:',
			'runs_on:',
			"Additional property 'runs_on' is not allowed",
		],
		[
			'an unknown permission level',
			'publish.yml',
			'\n  id-token: write',
			'\n  id-token: admin',
			'/permissions',
		],
		['an unknown trigger', 'ci.yml', 'pull_request:', 'pull_requests:', '/on'],
	])('rejects %s', async (_name, file, from, to, reported) => {
		const text = workflow(file);
		expect(text).toContain(from);
		const broken = join(dir, file);
		writeFileSync(broken, text.replace(from, to));
		const { code, output } = await exitOf('node', [VALIDATE, broken]);
		expect(output).toContain('is INVALID');
		expect(output).toContain(reported);
		expect(code).toBe(1);
	});

	it('CI runs .ci/run, which installs and runs the README test command, on pull requests and main', () => {
		const ci = workflow('ci.yml');
		expect(ci).toMatch(/^ {2}pull_request:/m);
		expect(ci).toMatch(/^ {2}push:\n {4}branches: \[main\]/m);
		expect(ci).toMatch(/node-version: 24/);
		expect(ci).toMatch(/- run: \.ci\/run$/m);
		const ciRun = readFileSync(join(ROOT, '.ci/run'), 'utf8');
		// The README's own commands, typed as a user types them (no extra flags that would hide an unreviewed
		// install script), from an empty cache.
		const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
		expect(readme).toMatch(/^npm ci && npm run demo +# /m);
		expect(readme).toMatch(/^npm test +# every test/m);
		expect(ciRun).toMatch(/^npm ci$/m);
		expect(ciRun).toMatch(/^npm test$/m);
		expect(ciRun).toMatch(/^\tINVENTORY_PRO_CACHE="\$\(mktemp -d /m);
		// GitHub's runner keeps the cache actions/cache restored (.ci/run alone starts from an empty one).
		expect(ci).toMatch(
			/- uses: actions\/cache@v4\n {8}with:\n {10}path: ~\/\.cache\/n8n-nodes-inventory-pro\n/,
		);
		expect(ci).toMatch(/- run: \.ci\/run\n {8}env:\n {10}INVENTORY_PRO_CI_KEEP_CACHE: '1'$/m);
	});

	it('publish runs from a version tag: install, test, build, publish with provenance under an OIDC token', () => {
		const publish = workflow('publish.yml');
		expect(publish).toMatch(/^ {2}push:\n {4}tags: \['v\*'\]/m);
		expect(publish).toMatch(/^permissions:\n {2}contents: read\n {2}id-token: write/m);
		const steps = [
			'- run: npm ci --ignore-scripts',
			'- run: npm test',
			'- run: npm run build',
			'- run: npm publish --provenance --access public',
		];
		const at = steps.map((s) => publish.indexOf(s));
		expect(at.every((i) => i > 0)).toBe(true);
		expect([...at].sort((a, b) => a - b)).toEqual(at);
		expect(publish).toContain('NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}');
	});
});

describe('publish guard', () => {
	it('refuses a local npm publish --dry-run before the build, pointing at the release workflow', async () => {
		const { code, output } = await exitOf('npm', ['publish', '--dry-run']);
		expect(output).toContain('publish refused: this is not a GitHub Actions run');
		expect(output).toContain('.github/workflows/publish.yml');
		expect(output).not.toContain('> npm run build'); // prepack never started
		expect(code).not.toBe(0);
	});

	it('refuses GitHub Actions without --provenance', async () => {
		const { code, output } = await exitOf('node', [GUARD], localEnv({ GITHUB_ACTIONS: 'true' }));
		expect(output).toContain('provenance is off');
		expect(code).toBe(1);
	});

	it('lets the release workflow through', async () => {
		const { code, output } = await exitOf(
			'node',
			[GUARD],
			localEnv({ GITHUB_ACTIONS: 'true', npm_config_provenance: 'true' }),
		);
		expect(output).toBe('');
		expect(code).toBe(0);
	});
});

describe('documentation links', () => {
	/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
	const slug = (heading: string) =>
		heading
			.trim()
			.toLowerCase()
			.replace(/[^\p{L}\p{N} _-]/gu, '')
			.replace(/ /g, '-');

	it('every README anchor the credential and the nodes link to is a README heading', () => {
		const anchors = new Set(
			readFileSync(join(ROOT, 'README.md'), 'utf8')
				.split('\n')
				.filter((line) => /^#{1,6} /.test(line))
				.map((line) => slug(line.replace(/^#+ /, ''))),
		);
		anchors.add('readme');
		const sources = [
			'credentials/InventoryProApi.credentials.ts',
			'nodes/InventoryPro/InventoryPro.node.json',
			'nodes/InventoryProTrigger/InventoryProTrigger.node.json',
			'nodes/InventoryProPollTrigger/InventoryProPollTrigger.node.json',
			'nodes/InventoryProLowStockTrigger/InventoryProLowStockTrigger.node.json',
		];
		const links = sources.flatMap((file) =>
			[
				...readFileSync(join(ROOT, file), 'utf8').matchAll(
					/github\.com\/inventory-pro\/n8n-nodes-inventory-pro#([\w-]+)/g,
				),
			].map((m) => ({
				file,
				anchor: m[1],
			})),
		);
		expect(links.map((l) => l.anchor)).toContain('credential-inventory-pro-api');
		expect(links.filter((l) => !anchors.has(l.anchor))).toEqual([]);
	});
});
