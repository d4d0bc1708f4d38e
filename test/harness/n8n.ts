/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * Loads n8n the way the in-process runs need it (docs: shared/notes/n8n-runtime-facts.md): quiet logs,
 * an InstanceSettings stand-in so nothing is written to ~/.n8n, and n8n-workflow's CommonJS build (this
 * code compiles to CommonJS; the ESM build does not load here). Import n8n from this module, not
 * directly, so the set-up runs first.
 */
import { tmpdir } from 'os';
import { join } from 'path';
import { createContext, Script } from 'vm';

process.env.N8N_LOG_LEVEL ??= 'silent';

import { Container } from '@n8n/di';
import * as core from 'n8n-core';
import * as workflowLib from 'n8n-workflow';

export { core, workflowLib };

/**
 * n8n-workflow runs the regular expressions of parameter validation (resource locator modes, `regex`
 * validations) in a vm with a 250 ms timeout, its guard against catastrophic patterns. That is wall-clock
 * time: on a busy machine a plain pattern tripped it ("Regular expression execution timed out", a false red
 * in writes.test.ts). Here the same vm guard, with a bound no load reaches and a runaway pattern still hits.
 */
const REGEX_BOUND_MS = 30_000;
function generousRegexEngine(): workflowLib.RegexEngine {
	const context = createContext({
		pattern: '',
		flags: '',
		input: '',
		replacement: '',
		result: null,
	});
	const scripts = {
		exec: new Script('result = new RegExp(pattern, flags).exec(input)'),
		test: new Script('result = new RegExp(pattern, flags).test(input)'),
		replace: new Script('result = input.replace(new RegExp(pattern, flags), replacement)'),
		matchAll: new Script('result = Array.from(input.matchAll(new RegExp(pattern, flags)))'),
		split: new Script('result = input.split(new RegExp(pattern, flags))'),
	};
	const run = <T>(script: Script, values: Record<string, string>): T => {
		Object.assign(context, { replacement: '', ...values, result: null });
		script.runInContext(context, { timeout: REGEX_BOUND_MS });
		return context.result as T;
	};
	const global = (flags = '') => (flags.includes('g') ? flags : `${flags}g`);
	return {
		exec: (pattern, input, flags = '') => run(scripts.exec, { pattern, input, flags }),
		test: (pattern, input, flags = '') => run(scripts.test, { pattern, input, flags }),
		replace: (pattern, input, flags = '', replacement) =>
			run(scripts.replace, { pattern, input, flags, replacement }),
		matchAll: (pattern, input, flags) =>
			run(scripts.matchAll, { pattern, input, flags: global(flags) }),
		split: (pattern, input, flags = '') => run(scripts.split, { pattern, input, flags }),
	};
}
workflowLib.setSafeRegexEngine(generousRegexEngine());

let prepared = false;

export function prepareN8n(): void {
	if (prepared) return;
	prepared = true;
	Container.set(core.InstanceSettings, {
		encryptionKey: 'inventory-pro-test-harness',
		n8nFolder: join(tmpdir(), 'inventory-pro-harness-n8n'),
		instanceId: 'harness',
		hmacSignatureSecret: 'harness',
	} as unknown as core.InstanceSettings);
}
