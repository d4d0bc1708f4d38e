/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// Runs a real, pinned n8n (2.41.1 unless N8N_VERSION says otherwise) with this package installed as a community
// package, on loopback only, over HTTPS, and drives it through its REST API like the editor does. Used by the e2e
// suite and by `npm run demo`. Everything it starts is stopped by stop(); the temp user folder is removed.
// Settings, read from the environment: N8N_VERSION (default 2.41.1) and N8N_NODE_MAJOR (the Node it runs on;
// scripts/n8n/ensure-n8n.sh defaults it to 22 for n8n 1.x, 24 otherwise). `npm run test:compat` sets both.
import { spawn } from 'child_process';
import { randomBytes, randomUUID } from 'crypto';
import { createWriteStream, existsSync, readFileSync, type WriteStream } from 'fs';
import { get as httpGet } from 'http';
import { mkdir, mkdtemp, rm, writeFile } from 'fs/promises';
import { createRequire } from 'module';
import { tmpdir } from 'os';
import { join } from 'path';

import { loopbackCertificate, type Certificate } from './support/cert';
import {
	installCommunityPackage,
	packedOnce,
	REPO_ROOT,
	type PackedPackage,
} from './support/community-package';
import { httpsCall, N8nSession, RestError } from './support/http';
import { freePort, spawnGroup, type Spawned } from './support/processes';

export { loopbackCertificate, type Certificate } from './support/cert';
export { httpsCall } from './support/http';

/** The n8n under test. */
export const N8N_VERSION = process.env.N8N_VERSION || '2.41.1';
/** Its major version: 1.x and 2.x differ in a few REST calls and settings (activation, manual runs, webhook URL). */
export const N8N_MAJOR = Number(N8N_VERSION.split('.')[0]);
export const PACKAGE_NAME = 'n8n-nodes-inventory-pro';

export interface Owner {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

export const DEFAULT_OWNER: Owner = {
	email: 'owner@inventory-pro.test',
	password: 'InventoryPro-e2e-example-1',
	firstName: 'Inventory',
	lastName: 'Owner',
};

export interface StartOptions {
	/** Folder from ensureN8n(). */
	n8nDir: string;
	/** Listen port; a free one by default. */
	port?: number;
	/** PEM that n8n's outbound HTTPS also trusts (NODE_EXTRA_CA_CERTS), e.g. the sandbox certificate. */
	extraCa?: string;
	/** Install this repository's packed tarball as a community package (default true). */
	installPackage?: boolean;
	/** A tarball to install; by default the package as packed once for the current sources (packedOnce). */
	packed?: PackedPackage;
	owner?: Owner;
	/**
	 * n8n's TLS key and certificate; generated when omitted. Make one first with loopbackCertificate()
	 * when something started before n8n (the sandbox's webhook sender) must trust exactly this certificate.
	 */
	certificate?: Certificate;
	/** Extra or overriding environment for n8n. */
	env?: Record<string, string>;
	/** Every line n8n prints (also written to <folder>/n8n.log). */
	onLine?: (line: string) => void;
	/**
	 * Wait this long for readiness (default 300 s: a start beside the other real-n8n suites on a busy 2-core
	 * machine is slow).
	 */
	readyTimeoutMs?: number;
	/** Keep the temp folder after stop() (for debugging). */
	keepFolder?: boolean;
	/**
	 * The n8n command: `start` (the main process, default), or in queue mode `worker` or `webhook`. Workers
	 * are ready when their health check (QUEUE_HEALTH_CHECK_PORT in `env`) says so; neither sets up an owner.
	 */
	command?: 'start' | 'worker' | 'webhook';
	commandArgs?: string[];
}

export interface NodeTypeSummary {
	name: string;
	displayName: string;
	version: number | number[];
	webhooks?: Array<{ name: string; path: string; isFullPath?: boolean }>;
}

export interface CredentialRef {
	id: string;
	name: string;
	type: string;
}

export interface WorkflowNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, unknown>;
	position?: [number, number];
	webhookId?: string;
	credentials?: Record<string, { id: string; name: string }>;
	[key: string]: unknown;
}

export interface WorkflowJson {
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	[key: string]: unknown;
}

export interface Workflow extends WorkflowJson {
	id: string;
	versionId: string;
	active: boolean;
}

export interface ExecutionSummary {
	id: string;
	workflowId: string;
	mode: string;
	status: string;
	finished: boolean;
	startedAt?: string;
	stoppedAt?: string;
}

export interface NodeRunData {
	data?: {
		main?: Array<Array<{
			json: Record<string, unknown>;
			binary?: Record<string, BinaryRef>;
			pairedItem?: unknown;
		}> | null>;
	};
	error?: { message?: string; description?: string; [key: string]: unknown };
	[key: string]: unknown;
}

export interface BinaryRef {
	mimeType?: string;
	fileName?: string;
	fileExtension?: string;
	fileSize?: string;
	data?: string;
	id?: string;
}

export interface Execution extends ExecutionSummary {
	data: {
		resultData: {
			runData: Record<string, NodeRunData[]>;
			error?: { message?: string; [key: string]: unknown };
			lastNodeExecuted?: string;
		};
	};
}

export interface PublicationStatus {
	status: 'in_progress' | 'not_published' | 'published' | 'partial' | 'failed';
	liveVersionId: string | null;
	pendingVersionId: string | null;
	triggers: Array<{ nodeId: string; status: string; errorMessage: string | null }>;
}

const TERMINAL = new Set(['success', 'error', 'crashed', 'canceled']);

function httpGetStatus(url: string): Promise<number> {
	return new Promise((resolve, reject) => {
		const req = httpGet(url, { timeout: 5_000 }, (res) => {
			res.resume();
			resolve(res.statusCode ?? 0);
		});
		req.on('timeout', () => req.destroy(new Error(`${url}: timed out`)));
		req.on('error', reject);
	});
}

/**
 * Installs (first run: minutes) or finds the pinned n8n (N8N_VERSION, on Node N8N_NODE_MAJOR); returns its folder.
 * Progress goes to `progress`.
 */
export function ensureN8n(
	progress: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): Promise<string> {
	return new Promise((resolve, reject) => {
		const child = spawn('bash', [join(REPO_ROOT, 'scripts', 'n8n', 'ensure-n8n.sh')], {
			cwd: REPO_ROOT,
			env: { ...process.env, N8N_VERSION },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let out = '';
		let pending = '';
		child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
		child.stderr.setEncoding('utf8').on('data', (c: string) => {
			pending += c;
			const lines = pending.split('\n');
			pending = lines.pop() ?? '';
			lines.forEach((line) => progress(line));
		});
		child.once('error', reject);
		child.once('exit', (code) => {
			const dir = out.trim().split('\n').pop() ?? '';
			if (code === 0 && existsSync(join(dir, '.install-complete'))) resolve(dir);
			else reject(new Error(`scripts/n8n/ensure-n8n.sh failed (exit ${code})`));
		});
	});
}

/** The Node binary n8n and its sqlite3 were installed for (Node N8N_NODE_MAJOR). */
function nodeBinary(n8nDir: string): string {
	const recorded = join(n8nDir, '.node-path');
	if (existsSync(recorded)) return readFileSync(recorded, 'utf8').trim();
	return process.execPath;
}

function n8nEnvironment(options: {
	userFolder: string;
	port: number;
	brokerPort: number;
	keyFile: string;
	certFile: string;
	nodeBin: string;
	extraCaFile?: string;
}): NodeJS.ProcessEnv {
	const base = `https://127.0.0.1:${options.port}/`;
	// A clean environment: nothing from the parent (NODE_ENV=test from jest makes n8n refuse to load
	// nodes; NODE_OPTIONS, npm_config_*, N8N_* would leak in). Only what n8n needs, loopback only.
	const env: NodeJS.ProcessEnv = {
		PATH: `${join(options.nodeBin, '..')}:${process.env.PATH ?? '/usr/bin:/bin'}`,
		HOME: options.userFolder,
		TMPDIR: tmpdir(),
		LANG: 'C.UTF-8',
		TZ: 'UTC',
		NODE_ENV: 'production',
		GENERIC_TIMEZONE: 'UTC',
		N8N_USER_FOLDER: options.userFolder,
		N8N_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
		DB_TYPE: 'sqlite',
		// Listener: HTTPS on loopback; webhooks and editor on the same origin.
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PORT: String(options.port),
		N8N_PROTOCOL: 'https',
		N8N_SSL_KEY: options.keyFile,
		N8N_SSL_CERT: options.certFile,
		// Production and test webhooks: 2.x's name (its WEBHOOK_URL still works but logs a deprecation), 1.x's below.
		N8N_WEBHOOK_URL: base,
		N8N_EDITOR_BASE_URL: base,
		// Task runner broker on its own free loopback port (default 5679 would clash between runs); 1.x starts it
		// only with N8N_RUNNERS_ENABLED (below).
		N8N_RUNNERS_MODE: 'internal',
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_RUNNERS_BROKER_PORT: String(options.brokerPort),
		N8N_PYTHON_ENABLED: 'false',
		// No outbound calls: telemetry, banners, templates, version checks, package search, AI, license renewal.
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true', // ours is a community package that n8n has not verified
		// The MCP registry module fetches https://api.n8n.io/api/mcp-servers at start.
		N8N_DISABLED_MODULES: 'mcp-registry',
		N8N_AI_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_PUBLIC_API_DISABLED: 'true',
		N8N_SENTRY_DSN: '',
		N8N_FRONTEND_SENTRY_DSN: '',
		EXTERNAL_FRONTEND_HOOKS_URLS: '',
		// Logs go to <root>/n8n.log; shutdown is bounded.
		N8N_LOG_LEVEL: 'info',
		N8N_LOG_OUTPUT: 'console',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
	};
	if (options.extraCaFile) env.NODE_EXTRA_CA_CERTS = options.extraCaFile;
	if (N8N_MAJOR < 2) {
		env.WEBHOOK_URL = base;
		env.N8N_RUNNERS_ENABLED = 'true';
		delete env.N8N_DISABLED_MODULES; // 1.x has no mcp-registry module and refuses to start on an unknown name
	}
	return env;
}

export async function startN8n(options: StartOptions): Promise<N8n> {
	const root = await mkdtemp(join(tmpdir(), 'inventory-pro-n8n-'));
	const instance = new N8n(root, options);
	let started = false;
	try {
		await instance.start();
		started = true;
		return instance;
	} finally {
		if (!started) await instance.stop();
	}
}

export class N8n {
	port = 0;
	brokerPort = 0;
	ca = '';
	session!: N8nSession;
	packed?: PackedPackage;
	/** What npm printed when the package was installed into n8n's community folder (under n8n's Node). */
	installOutput = '';
	readonly owner: Owner;
	private process?: Spawned;
	private logFile?: WriteStream;
	private readonly tail: string[] = [];
	private stopped = false;
	private nodeTypesCache?: Promise<NodeTypeSummary[]>;
	private env: NodeJS.ProcessEnv = {};
	private readonly lineListeners = new Set<(line: string) => void>();

	constructor(
		/** Temp folder: N8N_USER_FOLDER (n8n keeps its data in <root>/.n8n), certificate, tarball, log. */
		readonly root: string,
		private readonly options: StartOptions,
	) {
		this.owner = options.owner ?? DEFAULT_OWNER;
	}

	/** Editor, REST and webhook base: https://127.0.0.1:<port>/ */
	get baseUrl(): string {
		return `https://127.0.0.1:${this.port}/`;
	}

	/** Process group id of n8n, its task runner and their supervisor. */
	get pid(): number {
		return this.process?.child.pid ?? 0;
	}

	/** Resolves when the n8n process has exited (exit code or signal). */
	get exited(): Promise<number | string> {
		return this.process?.exited ?? Promise.resolve('not started');
	}

	/**
	 * The folder n8n's file nodes may use: n8n 2.x defaults N8N_RESTRICT_FILE_ACCESS_TO to `~/.n8n-files`,
	 * and HOME is this instance's temp folder. n8n does not create it.
	 */
	get filesFolder(): string {
		return join(this.root, '.n8n-files');
	}

	get logPath(): string {
		return join(this.root, 'n8n.log');
	}

	/** Production webhook URL of a trigger node: <WEBHOOK_URL>webhook/<webhookId>/<path>. */
	webhookUrl(webhookId: string, path: string): string {
		return `${this.baseUrl}webhook/${webhookId}/${path.replace(/^\//, '')}`;
	}

	/**
	 * Production URL of a saved workflow's webhook trigger node, from the node type's own webhook
	 * description: <base>webhook/<webhookId>/<path>, or <base>webhook/<path> for full-path nodes.
	 */
	async productionWebhookUrl(
		workflow: Workflow,
		nodeName: string,
		webhookName = 'default',
	): Promise<string> {
		const node = workflow.nodes.find((n) => n.name === nodeName);
		if (!node) throw new Error(`workflow ${workflow.id} has no node "${nodeName}"`);
		const type = (await this.nodeTypes()).find((t) => t.name === node.type);
		const hook = type?.webhooks?.find((w) => w.name === webhookName);
		if (!hook) throw new Error(`node type ${node.type} has no webhook "${webhookName}"`);
		if (hook.path.startsWith('='))
			throw new Error(
				`webhook path of ${node.type} is an expression (${hook.path}); build the URL with webhookUrl()`,
			);
		if (hook.isFullPath) return `${this.baseUrl}webhook/${hook.path.replace(/^\//, '')}`;
		if (!node.webhookId) throw new Error(`node "${nodeName}" has no webhookId`);
		return this.webhookUrl(node.webhookId, hook.path);
	}

	/** Last lines n8n printed (for error messages). */
	recentLog(lines = 60): string {
		return this.tail.slice(-lines).join('\n');
	}

	async start(): Promise<void> {
		const { n8nDir } = this.options;
		const tls = join(this.root, 'tls');
		await mkdir(tls, { recursive: true });
		const { key, cert } = this.options.certificate ?? (await loopbackCertificate());
		this.ca = cert;
		const keyFile = join(tls, 'n8n.key');
		const certFile = join(tls, 'n8n.crt');
		await writeFile(keyFile, key, { mode: 0o600 });
		await writeFile(certFile, cert);
		let extraCaFile: string | undefined;
		if (this.options.extraCa) {
			extraCaFile = join(tls, 'extra-ca.pem');
			await writeFile(extraCaFile, this.options.extraCa);
		}

		const nodeBin = nodeBinary(n8nDir);
		if (this.options.installPackage !== false) {
			this.packed = this.options.packed ?? (await packedOnce());
			this.installOutput = (
				await installCommunityPackage(this.root, this.packed, nodeBin)
			).npmOutput;
		}

		this.port = this.options.port ?? (await freePort());
		this.brokerPort = await freePort();
		this.env = {
			...n8nEnvironment({
				userFolder: this.root,
				port: this.port,
				brokerPort: this.brokerPort,
				keyFile,
				certFile,
				nodeBin,
				extraCaFile,
			}),
			...this.options.env,
		};
		this.logFile = createWriteStream(this.logPath);
		this.nodeBin = nodeBin;
		await this.launch();
		if (this.command === 'start') await this.setUpOwner();
	}

	private nodeBin = '';

	get command(): 'start' | 'worker' | 'webhook' {
		return this.options.command ?? 'start';
	}

	/** Starts the n8n process with the environment of the first start and waits until it is ready. */
	private async launch(): Promise<void> {
		const bin = join(this.options.n8nDir, 'node_modules', 'n8n', 'bin', 'n8n');
		this.process = spawnGroup(
			this.nodeBin,
			[bin, this.command, ...(this.options.commandArgs ?? [])],
			{
				cwd: this.root,
				env: this.env,
				cleanupDir: this.options.keepFolder ? undefined : this.root,
				onLine: (line) => {
					this.logFile?.write(`${line}\n`);
					this.tail.push(line);
					if (this.tail.length > 400) this.tail.splice(0, this.tail.length - 400);
					this.lineListeners.forEach((listener) => listener(line));
					this.options.onLine?.(line);
				},
			},
		);
		this.session = new N8nSession(this.baseUrl, this.ca);
		await this.waitUntilReady(this.options.readyTimeoutMs ?? 300_000);
	}

	/** Stops the n8n process (SIGTERM, like a shutdown), keeping its folder and database. */
	async halt(): Promise<void> {
		await this.process?.stop();
		this.process = undefined;
	}

	/**
	 * SIGKILL to n8n's whole process group, as the OOM killer or a container's stop grace running out
	 * does: nothing of n8n's shutdown runs. Keeps its folder and database, for resume().
	 */
	async kill(): Promise<void> {
		await this.process?.kill();
		this.process = undefined;
	}

	/** Starts n8n again on the same folder, database, port and keys after halt(), and logs in (main only). */
	async resume(): Promise<void> {
		await this.launch();
		if (this.command === 'start') await this.login();
	}

	/** halt() then resume(), as an orchestrator restarts a process. */
	async restart(): Promise<void> {
		await this.halt();
		await this.resume();
	}

	/** Calls `listener` with every line n8n prints from now on; returns the call that stops it. */
	watch(listener: (line: string) => void): () => void {
		this.lineListeners.add(listener);
		return () => this.lineListeners.delete(listener);
	}

	private async waitUntilReady(timeoutMs: number): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		let exitCode: number | string | undefined;
		void this.process?.exited.then((code) => (exitCode = code));
		let stage = 'readiness';
		while (Date.now() < deadline) {
			if (exitCode !== undefined) {
				throw new Error(
					`n8n exited (${exitCode}) before it was ready. Last output:\n${this.recentLog()}`,
				);
			}
			try {
				if (this.command === 'worker') {
					// A worker serves no REST API; its health check (plain HTTP) turns ready once DB and Redis are connected.
					if (
						(await httpGetStatus(
							`http://127.0.0.1:${this.env.QUEUE_HEALTH_CHECK_PORT}/healthz/readiness`,
						)) === 200
					)
						return;
				} else if (stage === 'readiness') {
					const res = await httpsCall('GET', `${this.baseUrl}healthz/readiness`, this.ca, {
						timeoutMs: 5_000,
					});
					if (res.status === 200) stage = this.command === 'webhook' ? 'done' : 'settings';
					if (stage === 'done') return;
				}
				if (stage === 'settings') {
					const res = await httpsCall('GET', `${this.baseUrl}rest/settings`, this.ca, {
						timeoutMs: 5_000,
					});
					if (res.status === 200 && (JSON.parse(res.text) as { data?: unknown }).data) return;
				}
			} catch {
				// not listening yet
			}
			await new Promise((r) => setTimeout(r, 250));
		}
		throw new Error(
			`n8n was not ready after ${timeoutMs} ms (waiting for ${stage}). Last output:\n${this.recentLog()}`,
		);
	}

	private async setUpOwner(): Promise<void> {
		const { email, password, firstName, lastName } = this.owner;
		await this.session.call('POST', '/rest/owner/setup', { email, password, firstName, lastName });
		if (!this.session.authenticated) await this.login();
	}

	async login(): Promise<void> {
		await this.session.call('POST', '/rest/login', {
			emailOrLdapLoginId: this.owner.email,
			password: this.owner.password,
		});
	}

	/** GET /types/nodes.json: every node type the editor can use, e.g. `n8n-nodes-inventory-pro.inventoryPro`. */
	async nodeTypes(): Promise<NodeTypeSummary[]> {
		// Several MB; fixed for the life of the instance.
		this.nodeTypesCache ??= this.session.raw('GET', '/types/nodes.json').then((res) => {
			if (res.status !== 200) throw new RestError('GET', '/types/nodes.json', res.status, res.text);
			return JSON.parse(res.text) as NodeTypeSummary[];
		});
		return await this.nodeTypesCache;
	}

	/** GET /types/credentials.json: every credential type, e.g. `inventoryProApi`. */
	async credentialTypes(): Promise<
		Array<{ name: string; displayName: string; properties: Array<{ name: string }> }>
	> {
		const res = await this.session.raw('GET', '/types/credentials.json');
		if (res.status !== 200)
			throw new RestError('GET', '/types/credentials.json', res.status, res.text);
		return JSON.parse(res.text);
	}

	async createCredential(
		type: string,
		data: Record<string, unknown>,
		name = `${type} (e2e)`,
	): Promise<CredentialRef> {
		const created = await this.session.call<CredentialRef>('POST', '/rest/credentials', {
			name,
			type,
			data,
		});
		return { id: created.id, name: created.name, type: created.type };
	}

	/** PATCH /rest/credentials/:id: replaces the credential's data, as saving it in the editor does. */
	async updateCredential(credential: CredentialRef, data: Record<string, unknown>): Promise<void> {
		await this.session.call('PATCH', `/rest/credentials/${credential.id}`, {
			name: credential.name,
			type: credential.type,
			data,
		});
	}

	/** POST /rest/credentials/test with the stored credential: n8n runs the credential's test request. */
	async testCredential(
		credential: CredentialRef,
		data: Record<string, unknown>,
	): Promise<{ status: string; message: string }> {
		return await this.session.call('POST', '/rest/credentials/test', {
			credentials: { id: credential.id, name: credential.name, type: credential.type, data },
		});
	}

	/**
	 * Creates a workflow as the editor would import it: credentials of the given types are pointed at
	 * the given credentials, and webhook nodes without a webhookId get one (the editor assigns it).
	 */
	async createWorkflow(json: WorkflowJson, credentials: CredentialRef[] = []): Promise<Workflow> {
		const webhookTypes = new Set(
			(await this.nodeTypes()).filter((t) => t.webhooks?.length).map((t) => t.name),
		);
		const nodes = json.nodes.map((node) => {
			const copy: WorkflowNode = { ...node };
			if (webhookTypes.has(node.type) && !node.webhookId) copy.webhookId = randomUUID();
			if (node.credentials) {
				copy.credentials = Object.fromEntries(
					Object.entries(node.credentials).map(([type, ref]) => {
						const match = credentials.find((c) => c.type === type);
						return [type, match ? { id: match.id, name: match.name } : ref];
					}),
				);
			}
			return copy;
		});
		const body = {
			name: json.name,
			nodes,
			connections: json.connections,
			settings: json.settings ?? { executionOrder: 'v1' },
			// Data pinned to a node stands in for its output in manual runs (a sheet read without an account).
			...(json.pinData ? { pinData: json.pinData } : {}),
			active: false,
		};
		return await this.session.call<Workflow>('POST', '/rest/workflows', body);
	}

	async getWorkflow(id: string): Promise<Workflow> {
		return await this.session.call<Workflow>('GET', `/rest/workflows/${id}`);
	}

	/**
	 * Activates ("publishes") the workflow and waits until n8n has registered its triggers: with n8n's
	 * default publication service the REST call only queues the work, and an outbox worker runs the
	 * trigger's checkExists/create webhook methods afterwards. Throws with n8n's message if a trigger failed.
	 */
	async activate(id: string, timeoutMs = 60_000): Promise<PublicationStatus> {
		const { versionId } = await this.getWorkflow(id);
		const activated = await this.session.call<Workflow>('POST', `/rest/workflows/${id}/activate`, {
			versionId,
		});
		// n8n 1.x has no publication service: the call itself runs checkExists/create and fails if a trigger does.
		if (N8N_MAJOR < 2) return this.legacyStatus(activated, versionId);
		const status = await this.waitForPublication(
			id,
			(s) =>
				s.status === 'failed' ||
				s.status === 'partial' ||
				(s.status === 'published' && s.liveVersionId === versionId),
			timeoutMs,
		);
		if (status.status !== 'published') {
			throw new Error(
				`activation of workflow ${id} ended ${status.status}: ${JSON.stringify(status.triggers)}`,
			);
		}
		return status;
	}

	/** Deactivates ("unpublishes") and waits until n8n has removed the triggers (the trigger's delete method ran). */
	async deactivate(id: string, timeoutMs = 60_000): Promise<PublicationStatus> {
		const deactivated = await this.session.call<Workflow>(
			'POST',
			`/rest/workflows/${id}/deactivate`,
			{},
		);
		if (N8N_MAJOR < 2) return this.legacyStatus(deactivated, deactivated.versionId); // the call ran delete
		return await this.waitForPublication(id, (s) => s.status === 'not_published', timeoutMs);
	}

	/** n8n 1.x: the state an (de)activation call returned, in the terms of 2.x's publication status. */
	private legacyStatus(workflow: Workflow, versionId: string): PublicationStatus {
		if (!workflow.active)
			return { status: 'not_published', liveVersionId: null, pendingVersionId: null, triggers: [] };
		return { status: 'published', liveVersionId: versionId, pendingVersionId: null, triggers: [] };
	}

	/** Whether n8n runs the workflow's triggers: 2.x's publication status; 1.x (no publication service) its active flag. */
	async isPublished(id: string): Promise<boolean> {
		if (N8N_MAJOR < 2) return (await this.getWorkflow(id)).active;
		return (await this.publicationStatus(id)).status === 'published';
	}

	async publicationStatus(id: string): Promise<PublicationStatus> {
		return await this.session.call<PublicationStatus>(
			'GET',
			`/rest/workflows/${id}/publication-status`,
		);
	}

	private async waitForPublication(
		id: string,
		done: (status: PublicationStatus) => boolean,
		timeoutMs: number,
	): Promise<PublicationStatus> {
		const deadline = Date.now() + timeoutMs;
		let status = await this.publicationStatus(id);
		while (!done(status)) {
			if (Date.now() > deadline)
				throw new Error(
					`workflow ${id}: publication still ${JSON.stringify(status)} after ${timeoutMs} ms`,
				);
			await new Promise((r) => setTimeout(r, 200));
			status = await this.publicationStatus(id);
		}
		return status;
	}

	/** The owner's personal project (data tables live in a project). */
	async personalProjectId(): Promise<string> {
		return (await this.session.call<{ id: string }>('GET', '/rest/projects/personal')).id;
	}

	/** Creates an n8n data table (the Data table node's storage) in the owner's project. */
	async createDataTable(
		name: string,
		columns: Array<{ name: string; type: 'string' | 'number' | 'boolean' | 'date' }>,
	): Promise<{ id: string; name: string }> {
		const project = await this.personalProjectId();
		return await this.session.call('POST', `/rest/projects/${project}/data-tables`, {
			name,
			columns,
		});
	}

	/** The rows of a data table (the first 250: n8n's page limit). */
	async dataTableRows(id: string): Promise<Array<Record<string, unknown>>> {
		const project = await this.personalProjectId();
		const page = await this.session.call<{ data: Array<Record<string, unknown>> }>(
			'GET',
			`/rest/projects/${project}/data-tables/${id}/rows?take=250`,
		);
		return page.data;
	}

	async executions(workflowId: string): Promise<ExecutionSummary[]> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const page = await this.session.call<{ results: ExecutionSummary[] }>(
			'GET',
			`/rest/executions?filter=${filter}&limit=100`,
		);
		// n8n lists running executions and finished ones in two queries: one that finishes in between is
		// listed twice under the same id (seen: "running" and "success"). One entry per id, the finished one.
		const byId = new Map<string, ExecutionSummary>();
		for (const execution of page.results) {
			if (!byId.has(execution.id) || TERMINAL.has(execution.status))
				byId.set(execution.id, execution);
		}
		return [...byId.values()];
	}

	/** One execution with its run data (n8n sends it flatted-encoded). */
	async execution(id: string): Promise<Execution> {
		// n8n 1.x on SQLite without a pool (its default) stores an execution's status, then its data, in two
		// statements: read in between, it is finished with no data (seen once). Read again until the data is there.
		const deadline = Date.now() + 10_000;
		for (;;) {
			const raw = await this.session.call<
				Omit<Execution, 'data'> & { data?: string | Execution['data'] }
			>('GET', `/rest/executions/${id}`);
			const data =
				typeof raw.data === 'string'
					? (this.flatted().parse(raw.data) as Execution['data'])
					: raw.data;
			const finished = TERMINAL.has(raw.status) || raw.finished;
			if (data?.resultData || !finished || Date.now() > deadline)
				return { ...raw, data: data as Execution['data'] };
			await new Promise((r) => setTimeout(r, 200));
		}
	}

	/** The Executions list's "Retry" of a failed execution (with the workflow it ran): the new execution's id. */
	async retryExecution(id: string): Promise<unknown> {
		return await this.session.call('POST', `/rest/executions/${id}/retry`, { loadWorkflow: false });
	}

	/** Polls until `count` executions of the workflow have finished, or throws after `timeoutMs`. */
	async waitForExecutions(
		workflowId: string,
		count: number,
		timeoutMs = 30_000,
	): Promise<ExecutionSummary[]> {
		const deadline = Date.now() + timeoutMs;
		let seen: ExecutionSummary[] = [];
		while (Date.now() < deadline) {
			seen = await this.executions(workflowId);
			if (seen.filter((e) => TERMINAL.has(e.status)).length >= count) return seen;
			await new Promise((r) => setTimeout(r, 200));
		}
		throw new Error(
			`expected ${count} finished executions of workflow ${workflowId}, saw ${JSON.stringify(seen)}`,
		);
	}

	/**
	 * Runs a saved workflow like the editor's "Execute workflow" button (POST /rest/workflows/:id/run)
	 * from its Manual Trigger (or `triggerName`) and waits for the finished execution.
	 */
	async runManually(
		workflowId: string,
		triggerName?: string,
		timeoutMs = 60_000,
	): Promise<Execution> {
		const workflow = await this.getWorkflow(workflowId);
		const name =
			triggerName ?? workflow.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger')?.name;
		if (!name) throw new Error(`workflow ${workflowId} has no Manual Trigger; pass triggerName`);
		const started = await this.session.call<{ executionId?: string }>(
			'POST',
			`/rest/workflows/${workflowId}/run`,
			{
				...(await this.runBody(workflowId)),
				triggerToStartFrom: { name },
			},
		);
		if (!started.executionId)
			throw new Error(`n8n started no execution: ${JSON.stringify(started)}`);
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			// Until n8n has saved the execution it answers 404.
			const execution = await this.execution(started.executionId).catch((error: unknown) => {
				if (error instanceof RestError && error.status === 404) return undefined;
				throw error;
			});
			if (execution && (TERMINAL.has(execution.status) || execution.finished)) return execution;
			await new Promise((r) => setTimeout(r, 200));
		}
		throw new Error(`execution ${started.executionId} did not finish in ${timeoutMs} ms`);
	}

	/**
	 * The editor's "Listen for test event" on a webhook trigger (POST /rest/workflows/:id/run from that
	 * trigger): n8n registers the test webhook and waits for one call. Resolves with n8n's answer.
	 */
	async listenForTestEvent(
		workflowId: string,
		triggerName: string,
	): Promise<Record<string, unknown>> {
		return await this.session.call('POST', `/rest/workflows/${workflowId}/run`, {
			...(await this.runBody(workflowId)),
			triggerToStartFrom: { name: triggerName },
		});
	}

	/** What POST /rest/workflows/:id/run needs besides the trigger: 1.x runs the workflow the editor sends. */
	private async runBody(workflowId: string): Promise<Record<string, unknown>> {
		return N8N_MAJOR < 2 ? { workflowData: await this.getWorkflow(workflowId) } : {};
	}

	/** The items a node returned in an execution (first run, first output). */
	static output(
		execution: Execution,
		nodeName: string,
	): Array<{ json: Record<string, unknown>; binary?: Record<string, BinaryRef> }> {
		const run = execution.data.resultData.runData[nodeName]?.[0];
		if (!run)
			throw new Error(
				`node "${nodeName}" did not run; error: ${JSON.stringify(execution.data.resultData.error ?? null)}`,
			);
		if (run.error)
			throw new Error(
				`node "${nodeName}" failed: ${run.error.message ?? JSON.stringify(run.error)}`,
			);
		return run.data?.main?.[0] ?? [];
	}

	/** Bytes of a binary property from an execution (n8n keeps small binaries inline, base64). */
	async binary(ref: BinaryRef): Promise<Buffer> {
		if (ref.data && !ref.id) return Buffer.from(ref.data, 'base64');
		const query = new URLSearchParams({ id: ref.id ?? '', action: 'download' });
		const res = await this.session.raw('GET', `/rest/binary-data?${query.toString()}`);
		if (res.status !== 200) throw new RestError('GET', '/rest/binary-data', res.status, res.text);
		return res.body;
	}

	/**
	 * A module from the n8n installation under test, e.g. `@e965/xlsx` (n8n's xlsx) to read a Convert to File result
	 * with the same library n8n wrote it with, or `flatted` for execution data.
	 */
	requireFromN8n<T = unknown>(name: string): T {
		return createRequire(join(this.options.n8nDir, 'node_modules', 'n8n', 'package.json'))(
			name,
		) as T;
	}

	private flatted(): { parse(text: string): unknown } {
		return this.requireFromN8n('flatted');
	}

	/** Stops n8n and its task runner (whole process group) and removes the temp folder. Idempotent. */
	async stop(): Promise<void> {
		if (this.stopped) return;
		this.stopped = true;
		await this.process?.stop();
		await new Promise<void>((resolve) => (this.logFile ? this.logFile.end(resolve) : resolve()));
		if (!this.options.keepFolder)
			await rm(this.root, { recursive: true, force: true, maxRetries: 3 });
	}
}
