/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// Child processes that must never outlive the test or the demo. Each runs under a tiny supervisor
// that leads its own process group: stop() ends the whole group (n8n and its task runner), and if
// this process dies in any way (Ctrl-C, a jest timeout, SIGKILL) the supervisor's stdin pipe closes
// and it kills the group. Exit hooks cannot do that: jest runs tests in a sandbox whose `process`
// events never fire, and nothing runs on SIGKILL.
import { spawn, type ChildProcess } from 'child_process';
import { createServer } from 'net';

/**
 * Runs argv[1] (JSON [command, ...args]). When stdin ends (the parent is gone) it kills its own group
 * and leaves a detached `rm -rf` for argv[2], the run's temp folder, once the group is dead.
 */
const SUPERVISOR = `
const { spawn } = require('child_process');
const [command, ...args] = JSON.parse(process.argv[1]);
const cleanup = process.argv[2];
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
const orphaned = () => {
	if (cleanup) spawn('sh', ['-c', 'sleep 1; rm -rf "$0"', cleanup], { detached: true, stdio: 'ignore' }).unref();
	try { process.kill(-process.pid, 'SIGKILL'); } catch {}
};
process.stdin.on('end', orphaned);
process.stdin.on('error', orphaned);
process.stdin.resume();
process.on('SIGTERM', () => {}); // stop() signals the whole group; wait for the child to finish
process.on('SIGINT', () => {});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
`;

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		// already gone
	}
}

export interface Spawned {
	child: ChildProcess;
	/** Resolves with the exit code (or signal name) once the process has exited. */
	exited: Promise<number | string>;
	/** SIGTERM to the group, SIGKILL after `graceMs`; resolves when it has exited. */
	stop(graceMs?: number): Promise<void>;
	/** SIGKILL to the group at once (a crash); resolves when it has exited. */
	kill(): Promise<void>;
}

export function spawnGroup(
	command: string,
	args: string[],
	options: {
		cwd?: string;
		env: NodeJS.ProcessEnv;
		onLine?: (line: string) => void;
		/** Removed if this process dies without calling stop() (stop() callers clean up themselves). */
		cleanupDir?: string;
	},
): Spawned {
	const supervisorArgs = [
		'-e',
		SUPERVISOR,
		JSON.stringify([command, ...args]),
		...(options.cleanupDir ? [options.cleanupDir] : []),
	];
	const child = spawn(process.execPath, supervisorArgs, {
		cwd: options.cwd,
		env: options.env,
		detached: true, // own process group, led by the supervisor
		stdio: ['pipe', 'pipe', 'pipe'],
	});
	// The pipe must not keep this process alive; it only signals our death to the supervisor.
	(child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
	const exited = new Promise<number | string>((resolve) => {
		child.once('exit', (code, signal) => {
			// Anything left in the group (a task runner) goes too.
			killGroup(child, 'SIGKILL');
			child.stdin?.destroy();
			resolve(code ?? signal ?? 'unknown');
		});
		child.once('error', () => resolve('spawn-error'));
	});
	for (const stream of [child.stdout, child.stderr]) {
		let pending = '';
		stream?.setEncoding('utf8');
		stream?.on('data', (chunk: string) => {
			pending += chunk;
			const lines = pending.split('\n');
			pending = lines.pop() ?? '';
			for (const line of lines) options.onLine?.(line);
		});
		stream?.on('end', () => {
			if (pending) options.onLine?.(pending);
		});
	}
	return {
		child,
		exited,
		async stop(graceMs = 15_000) {
			if (child.exitCode !== null || child.signalCode !== null) {
				killGroup(child, 'SIGKILL');
				return;
			}
			killGroup(child, 'SIGTERM');
			const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
			await exited;
			clearTimeout(timer);
		},
		async kill() {
			killGroup(child, 'SIGKILL');
			await exited;
		},
	};
}

/** A port free on 127.0.0.1 right now (the OS picks it). */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}

/** Whether something listens on 127.0.0.1:port. */
export function portInUse(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const server = createServer();
		server.once('error', () => resolve(true));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
	});
}
