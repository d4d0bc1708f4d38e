/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// `node .build/scripts/bench/webhookOnly.js [deliveries]`: only the webhook section of `npm run bench`, written into
// docs/benchmarks.md in place of the previous one (the other sections are left as they are).
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import { WEBHOOK_HEADING, webhookMarkdown, webhookSection } from './webhook';

const FILE = join(__dirname, '..', '..', '..', 'docs', 'benchmarks.md');

/** The document with the webhook section replaced (or added at the end). */
export function withWebhookSection(document: string, section: string): string {
	const start = document.indexOf(WEBHOOK_HEADING);
	if (start < 0) return `${document.trimEnd()}\n\n${section}`;
	const after = document.indexOf('\n## ', start + WEBHOOK_HEADING.length);
	return `${document.slice(0, start)}${section}${after < 0 ? '' : document.slice(after + 1)}`;
}

async function main(): Promise<void> {
	// A count (e.g. 5500: past the trigger's memory of 5,000 events, empty to full) only prints its section;
	// docs/benchmarks.md keeps the 2,000-delivery run.
	const count = process.argv[2];
	const section = webhookMarkdown(await webhookSection(count === undefined ? 2000 : Number(count)));
	process.stdout.write(`\n${section}\n`);
	if (count === undefined)
		writeFileSync(FILE, withWebhookSection(readFileSync(FILE, 'utf8'), section));
}

if (require.main === module) {
	main().catch((error: unknown) => {
		process.stderr.write(
			`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
		);
		process.exitCode = 1;
	});
}
