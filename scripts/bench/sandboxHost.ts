/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// Child process holding the sandbox, so the benchmark process measures only the client's CPU and memory.
// The parent sends one request at a time over IPC: start a sandbox, read its counters, stop it.
import { ScaledClock } from '../../sandbox/clock';
import { startSandbox, type Sandbox } from '../../sandbox/index';
import {
	BENCH_CLIENT,
	type HostReply,
	type HostRequest,
	type SandboxOptions,
	type SandboxStats,
	type SeenRequest,
	type StartedSandbox,
} from './protocol';

let current: Sandbox | undefined;

async function start(options: SandboxOptions): Promise<StartedSandbox> {
	if (current) await current.close();
	const clock = new ScaledClock(options.scale);
	current = await startSandbox({
		port: 0,
		clock,
		rateLimitPerMinute: options.rateLimitPerMinute,
		// The sandbox waits wall-clock milliseconds; the option is in service time.
		latencyMs: options.latencyMs / options.scale,
		seed: { items: options.items },
		clients: [BENCH_CLIENT],
	});
	return { baseUrl: current.baseUrl, ca: current.ca };
}

async function handle(request: HostRequest): Promise<unknown> {
	switch (request.op) {
		case 'start':
			return await start(request.options);
		case 'stats':
			if (!current) throw new Error('no sandbox running');
			// Sent over IPC as JSON: a snapshot, not the live counters.
			return current.stats satisfies SandboxStats;
		case 'requests':
			if (!current) throw new Error('no sandbox running');
			return current.requests.map(
				({ at, endpointId, status }) => ({ at, endpointId, status }) satisfies SeenRequest,
			);
		case 'stop':
			await current?.close();
			current = undefined;
			return null;
	}
}

process.on('message', (message: HostRequest) => {
	handle(message).then(
		(result) => process.send?.({ id: message.id, result } satisfies HostReply),
		(error: unknown) =>
			process.send?.({
				id: message.id,
				error: error instanceof Error ? (error.stack ?? error.message) : String(error),
			} satisfies HostReply),
	);
});
process.on('disconnect', () => process.exit(0));
process.send?.({ id: 0, result: 'ready' } satisfies HostReply);
