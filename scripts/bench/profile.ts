/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// Hot-path profile of one contender: `node --cpu-prof .build/scripts/bench/profile.js [ours|http|keep-alive|reconnect|new-agent] [items] [runs]`.
// Not part of `npm run bench`; it exists to find where the CPU ratio of section 2 goes.
import { inspect } from 'util';

import { bareExport, type Connections } from './bareLoop';
import { measure, settle } from './measure';
import { N8nRunner } from './n8n';
import { BENCH_CLIENT } from './protocol';
import { SandboxHost } from './sandbox';
import { HTTP_250, LIST_PATH, OUR_NODE } from './variants';

async function main(): Promise<void> {
	process.env.N8N_LOG_LEVEL ??= 'silent';
	const [who = 'ours', items = '50000', runs = '5'] = process.argv.slice(2);
	const host = await SandboxHost.spawn();
	const runner = new N8nRunner();
	try {
		const sandbox = await host.start({
			scale: 10,
			rateLimitPerMinute: 1_000_000,
			latencyMs: 100,
			items: Number(items),
		});
		const ctx = {
			runner,
			sandbox,
			scale: 10,
			rateLimitPerMinute: 1_000_000,
			credentialId: `profile-${who}`,
		};
		const run = async (): Promise<number> => {
			if (who === 'keep-alive' || who === 'reconnect' || who === 'new-agent') {
				const connections: Connections = who;
				const options = {
					...sandbox,
					...BENCH_CLIENT,
					path: LIST_PATH,
					pageSize: 250,
					connections,
				};
				return (await bareExport(options)).records.length;
			}
			const variant = who === 'http' ? HTTP_250 : OUR_NODE;
			const result = await runner.run(variant.node(ctx));
			if (result.error) throw new Error(result.error);
			return result.items.length;
		};
		for (let i = 0; i < Number(runs); i++) {
			await settle();
			const measured = await measure(run, 1000);
			process.stdout.write(
				`${who} run ${i + 1}: ${measured.value} items/envelopes, CPU ${measured.cpuMs.toFixed(0)} ms, wall ${measured.wallMs.toFixed(0)} ms\n`,
			);
		}
	} finally {
		host.close();
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${inspect(error)}\n`);
	process.exit(1);
});
