/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// Where the time of one export goes, in real time: `node .build/scripts/bench/timeline.js [items] [runs] [latencyMs]`.
// Not part of `npm run bench`. Runs our node at scale 1 (the sandbox in its own process), first with a
// fresh credential (cold: the token is minted first), then again with the stored token (warm), and prints
// when each request reached the sandbox, relative to the run's start, with the client's CPU.
import { inspect } from 'util';

import { measure, settle } from './measure';
import { N8nRunner } from './n8n';
import { SandboxHost } from './sandbox';
import { OUR_NODE } from './variants';

async function main(): Promise<void> {
	process.env.N8N_LOG_LEVEL ??= 'silent';
	const [items = '10000', runs = '3', latency = '100'] = process.argv.slice(2);
	const host = await SandboxHost.spawn();
	const runner = new N8nRunner();
	try {
		for (let run = 0; run < Number(runs); run++) {
			const sandbox = await host.start({
				scale: 1,
				rateLimitPerMinute: 100,
				latencyMs: Number(latency),
				items: Number(items),
			});
			for (const token of ['cold', 'warm']) {
				const node = OUR_NODE.node({
					runner,
					sandbox,
					scale: 1,
					rateLimitPerMinute: 100,
					credentialId: `timeline-${run}`,
				});
				await settle();
				const before = (await host.requests()).length;
				const t0 = Date.now();
				const measured = await measure(async () => await runner.run(node), 1000);
				if (measured.value.error) throw new Error(measured.value.error);
				const log = (await host.requests()).slice(before);
				// The sandbox's clock is Date.now() at scale 1 (ScaledClock(1) keeps real time).
				const at = log.map(
					(entry) => `${entry.endpointId === 'token' ? 'T' : 'p'}${Math.round(entry.at - t0)}`,
				);
				process.stdout.write(
					`run ${run + 1} ${token}: ${measured.value.items.length} records, wall ${measured.wallMs.toFixed(0)} ms, CPU ${measured.cpuMs.toFixed(0)} ms; arrivals (ms): ${at.join(' ')}\n`,
				);
			}
		}
	} finally {
		host.close();
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${inspect(error)}\n`);
	process.exit(1);
});
