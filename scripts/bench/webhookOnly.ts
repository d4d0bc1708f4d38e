/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// `node .build/scripts/bench/webhookOnly.js [--deliveries N] [--block N] [--concurrency N]
//   [--method alternating|together] [--slow MS] [--no-full] [--env NAME=VALUE] [--tarball FILE]
//   [--runs N] [--json FILE] [--write]`
// Only the webhook section of `npm run bench`. Without options it measures what `npm run bench` does (BENCH_RUNS);
// with any, one run so configured. Prints the section; --write puts it into docs/benchmarks.md in place of the
// previous one (the other sections are left as they are). --slow MS measures a copy of the trigger slowed by MS of
// CPU per delivery (the check that the method tells unequal costs apart); --method together sends to every side
// at once, as the earlier method did. --runs N repeats the whole measurement (a new n8n each time) and prints each
// run's ratios and their median and spread.
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import {
	BENCH_RUNS,
	ratios,
	settingsOf,
	WEBHOOK_HEADING,
	webhookMarkdown,
	webhookRuns,
	type WebhookOptions,
	type WebhookResults,
} from './webhook';

const FILE = join(__dirname, '..', '..', '..', 'docs', 'benchmarks.md');

/** The document with the webhook section replaced (or added at the end). */
export function withWebhookSection(document: string, section: string): string {
	const start = document.indexOf(WEBHOOK_HEADING);
	if (start < 0) return `${document.trimEnd()}\n\n${section}`;
	const after = document.indexOf('\n## ', start + WEBHOOK_HEADING.length);
	const rest = after < 0 ? '' : `\n${document.slice(after + 1)}`;
	return `${document.slice(0, start)}${section.trimEnd()}\n${rest}`;
}

function parse(argv: string[]): {
	runs: Array<Partial<WebhookOptions>>;
	repeat: number;
	json?: string;
	write: boolean;
} {
	const options: Partial<WebhookOptions> = {};
	let repeat = 1;
	let json: string | undefined;
	let write = false;
	let custom = false;
	for (let i = 0; i < argv.length; i++) {
		const flag = argv[i];
		const value = () => argv[++i];
		if (flag === '--runs') repeat = Number(value());
		else if (flag === '--json') json = value();
		else if (flag === '--write') write = true;
		else {
			custom = true;
			if (flag === '--deliveries') options.deliveries = Number(value());
			else if (flag === '--block') options.block = Number(value());
			else if (flag === '--concurrency') options.concurrency = Number(value());
			else if (flag === '--method') options.method = value() as WebhookOptions['method'];
			else if (flag === '--slow') options.slowMs = Number(value());
			else if (flag === '--no-full') options.full = false;
			else if (flag === '--tarball') options.tarball = value();
			else if (flag === '--env') {
				const [name, ...rest] = value().split('=');
				options.env = { ...options.env, [name]: rest.join('=') };
			} else throw new Error(`unknown option ${flag}`);
		}
	}
	return { runs: custom ? [options] : BENCH_RUNS, repeat, json, write };
}

const spread = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	return `median ${sorted[Math.floor(sorted.length / 2)].toFixed(2)} (${sorted[0].toFixed(2)}–${sorted[sorted.length - 1].toFixed(2)})`;
};

async function main(): Promise<void> {
	const { runs, repeat, json, write } = parse(process.argv.slice(2));
	const all: WebhookResults[][] = [];
	for (let i = 0; i < repeat; i++) {
		const results = await webhookRuns(runs);
		all.push(results);
		process.stdout.write(`\n${webhookMarkdown(results)}\n`);
		if (json) writeFileSync(json, JSON.stringify(all, null, 2));
	}
	if (repeat > 1) {
		for (const [index, run] of all[0].entries()) {
			for (const first of ratios(run)) {
				const of = all.map((results) =>
					ratios(results[index]).find((r) => r.row.key === first.row.key)!,
				);
				process.stdout.write(
					`${settingsOf(run.options)}, ${first.row.label}, over ${repeat} runs: accepted/s ${spread(of.map((r) => r.rate))} ×, p99 ${spread(of.map((r) => r.p99))} ×\n`,
				);
			}
		}
	}
	if (write)
		writeFileSync(FILE, withWebhookSection(readFileSync(FILE, 'utf8'), webhookMarkdown(all[0])));
}

if (require.main === module) {
	main().catch((error: unknown) => {
		process.stderr.write(
			`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
		);
		process.exitCode = 1;
	});
}
