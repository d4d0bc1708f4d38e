/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// The benchmark's side of the sandbox host (sandboxHost.ts runs in a child process).
import { fork, type ChildProcess } from 'child_process';
import { join } from 'path';

import type {
	HostReply,
	HostRequest,
	SandboxOptions,
	SandboxStats,
	SeenRequest,
	StartedSandbox,
} from './protocol';

type Body<T> = T extends unknown ? Omit<T, 'id'> : never;

export class SandboxHost {
	private nextId = 1;
	private readonly waiting = new Map<number, (reply: HostReply) => void>();

	private constructor(private readonly child: ChildProcess) {
		child.on('message', (reply: HostReply) => {
			this.waiting.get(reply.id)?.(reply);
			this.waiting.delete(reply.id);
		});
	}

	static async spawn(): Promise<SandboxHost> {
		const child = fork(join(__dirname, 'sandboxHost.js'), [], {
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		});
		await new Promise<void>((resolve, reject) => {
			child.once('message', () => resolve());
			child.once('exit', (code) => reject(new Error(`sandbox host exited with ${code}`)));
		});
		return new SandboxHost(child);
	}

	private async call<T>(request: Body<HostRequest>): Promise<T> {
		const id = this.nextId++;
		const reply = await new Promise<HostReply>((resolve) => {
			this.waiting.set(id, resolve);
			this.child.send({ ...request, id });
		});
		if (reply.error !== undefined) throw new Error(`sandbox host: ${reply.error}`);
		return reply.result as T;
	}

	/** Starts a fresh sandbox (fresh rate window, no tokens), closing the previous one. */
	async start(options: SandboxOptions): Promise<StartedSandbox> {
		return await this.call({ op: 'start', options });
	}

	async stats(): Promise<SandboxStats> {
		return await this.call({ op: 'stats' });
	}

	/** The sandbox's request log (the last 10,000). */
	async requests(): Promise<SeenRequest[]> {
		return await this.call({ op: 'requests' });
	}

	async stop(): Promise<void> {
		await this.call({ op: 'stop' });
	}

	close(): void {
		this.child.disconnect();
	}
}
