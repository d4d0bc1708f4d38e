/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// Where a run's CPU goes, by owner of the code: one run under V8's sampling profiler (the same data
// as `node --cpu-prof`), each sample charged to the nearest JavaScript frame that has a file.
import { Session } from 'inspector/promises';
import type { Profiler } from 'inspector';

export interface Share {
	owner: string;
	ms: number;
	percent: number;
}

export interface Attribution {
	/** Busy time the profiler saw (idle excluded), milliseconds. */
	busyMs: number;
	shares: Share[];
}

/** The profiler's own calls: not part of the run. */
const PROFILER = 'profiler';

/** Our package's compiled files, wherever the build put them. */
const OURS =
	/\/(nodes|credentials)\/(InventoryPro|InventoryProTrigger|InventoryProPollTrigger|InventoryProApi)/;

function ownerOf(url: string): string | undefined {
	if (!url) return undefined;
	if (OURS.test(url) && !url.includes('node_modules'))
		return 'our node (transport, paging, router)';
	// The runner (scripts/bench/n8n.ts) is built on the test harness's n8n set-up.
	if (url.includes('/scripts/bench/') || url.includes('/test/harness/')) return 'benchmark harness';
	if (url === 'node:inspector') return PROFILER;
	if (/node:(internal\/)?_?tls|node:internal\/tls/.test(url))
		return 'TLS (a new context and handshake per request)';
	if (
		/node_modules\/(axios|follow-redirects|proxy-from-env|form-data|qs)\//.test(url) ||
		url.includes('@n8n/backend-network')
	) {
		return "axios and n8n's HTTP client wrapper";
	}
	if (/node_modules\/(n8n-core|n8n-workflow|@n8n\/)/.test(url))
		return 'n8n-core / n8n-workflow (execution, credentials, items)';
	if (url.startsWith('node:')) return 'Node HTTP, sockets, streams';
	return 'other';
}

/** Profiles one call of `run`; returns the busy time by owner, largest first. */
export async function attribute(run: () => Promise<unknown>): Promise<Attribution> {
	const session = new Session();
	session.connect();
	try {
		await session.post('Profiler.enable');
		await session.post('Profiler.setSamplingInterval', { interval: 200 });
		await session.post('Profiler.start');
		await run();
		const { profile } = await session.post('Profiler.stop');
		return summarise(profile);
	} finally {
		session.disconnect();
	}
}

function summarise(profile: Profiler.Profile): Attribution {
	const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
	const parent = new Map<number, number>();
	for (const node of profile.nodes)
		for (const child of node.children ?? []) parent.set(child, node.id);
	const owner = new Map<number, string>();
	const resolve = (id: number): string => {
		const known = owner.get(id);
		if (known) return known;
		const node = nodes.get(id)!;
		const name = node.callFrame.functionName;
		let result: string;
		if (name === '(garbage collector)') result = 'garbage collection';
		// axios parses the body in transformResponse; V8 charges the built-in JSON.parse to that frame.
		else if (
			(name === 'parse' && !node.callFrame.url) ||
			(name === 'transformResponse' && node.callFrame.url.includes('axios'))
		) {
			result = 'JSON.parse of the pages (every client pays it)';
		} else {
			const up = parent.get(id);
			result = ownerOf(node.callFrame.url) ?? (up === undefined ? 'other' : resolve(up));
		}
		owner.set(id, result);
		return result;
	};

	const totals = new Map<string, number>();
	let busy = 0;
	const samples = profile.samples ?? [];
	const deltas = profile.timeDeltas ?? [];
	for (let i = 0; i < samples.length; i++) {
		const name = nodes.get(samples[i])?.callFrame.functionName;
		if (name === '(idle)' || name === '(program)' || name === '(root)') continue;
		const who = resolve(samples[i]);
		if (who === PROFILER) continue;
		const us = deltas[i] ?? 0;
		busy += us;
		totals.set(who, (totals.get(who) ?? 0) + us);
	}
	const shares = [...totals]
		.map(([who, us]) => ({ owner: who, ms: us / 1000, percent: busy > 0 ? (100 * us) / busy : 0 }))
		.sort((a, b) => b.ms - a.ms);
	return { busyMs: busy / 1000, shares };
}
