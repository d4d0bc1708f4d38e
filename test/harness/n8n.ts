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

process.env.N8N_LOG_LEVEL ??= 'silent';

import { Container } from '@n8n/di';
import * as core from 'n8n-core';
import * as workflowLib from 'n8n-workflow';

export { core, workflowLib };

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
