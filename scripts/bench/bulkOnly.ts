/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// `npm run bench:bulk` (node .build/scripts/bench/bulkOnly.js [--write]): only the bulk section of
// `npm run bench` (issue 38). Prints the section; --write puts it into docs/benchmarks.md in place of the
// previous one (the other sections are left as they are).
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import { BULK_HEADING, bulkMarkdown, bulkRuns, FLOOR_TARGET, ratioOf } from './bulk';

const FILE = join(__dirname, '..', '..', '..', 'docs', 'benchmarks.md');

/** The document with the bulk section replaced (or added at the end). */
export function withBulkSection(document: string, section: string): string {
	const start = document.indexOf(BULK_HEADING);
	if (start < 0) return `${document.trimEnd()}\n\n${section.trimEnd()}\n`;
	const after = document.indexOf('\n## ', start + BULK_HEADING.length);
	const rest = after < 0 ? '' : `\n${document.slice(after + 1)}`;
	return `${document.slice(0, start)}${section.trimEnd()}\n${rest}`;
}

async function main(): Promise<void> {
	process.env.N8N_LOG_LEVEL ??= 'silent';
	const rows = await bulkRuns(undefined, (message) => process.stderr.write(`[bench] ${message}\n`));
	const section = bulkMarkdown(rows);
	process.stdout.write(`\n${section}\n`);
	if (process.argv.includes('--write'))
		writeFileSync(FILE, withBulkSection(readFileSync(FILE, 'utf8'), section));
	const missed = rows.filter((row) => row.rows >= 20 && ratioOf(row) > FLOOR_TARGET);
	if (missed.length > 0 || rows.some((row) => row.wrong > 0)) process.exitCode = 1;
}

if (require.main === module) {
	main().catch((error: unknown) => {
		process.stderr.write(
			`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
		);
		process.exitCode = 1;
	});
}
