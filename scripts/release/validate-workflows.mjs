// Validates every GitHub Actions workflow in .github/workflows against the workflow schema
// (@action-validator/core: SchemaStore's github-workflow schema, compiled to WASM, no network).
// A typo such as `runs_on` or an unknown permission would otherwise surface only on GitHub.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import actionValidator from '@action-validator/core';

/** Errors of one workflow's YAML text; an empty list means valid. */
export function workflowErrors(yaml) {
	return actionValidator.validateWorkflow(yaml).errors;
}

/** Flattens the validator's nested oneOf reports into "path: detail" lines. */
export function describe(errors) {
	const lines = new Set();
	const walk = (list) => {
		for (const e of list) {
			if (e.states) e.states.forEach((s) => walk(s.errors));
			else lines.add(`${e.path || '/'}: ${e.detail ?? e.title}`);
		}
	};
	walk(errors);
	return [...lines];
}

/** Validates the files named on the command line, or else every workflow of this repository. */
function main(args) {
	const dir = resolve(import.meta.dirname, '../../.github/workflows');
	const files = args.length
		? args
		: readdirSync(dir)
				.filter((f) => /\.ya?ml$/.test(f))
				.sort()
				.map((f) => join(dir, f));
	if (files.length === 0) throw new Error(`no workflow files in ${dir}`);
	let failed = false;
	for (const file of files) {
		const errors = workflowErrors(readFileSync(file, 'utf8'));
		if (errors.length === 0) {
			console.log(`workflows: ${relative(process.cwd(), file)} is valid`);
		} else {
			failed = true;
			console.error(
				`workflows: ${relative(process.cwd(), file)} is INVALID\n  ${describe(errors).join('\n  ')}`,
			);
		}
	}
	if (failed) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
	main(process.argv.slice(2));
