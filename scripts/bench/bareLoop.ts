/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	a developer script: runs on Node and never ships (package.json "files": ["dist"]) */
// The baseline: the least code that reads every page (one token, then page=1,2,… until hasMore is
// false), with Node's https and nothing of n8n. Its CPU time is what any client must spend.
import { Agent, request } from 'https';

/**
 * How the loop connects:
 * - keep-alive: one TLS connection for every request (what a client with a keep-alive agent pays);
 * - reconnect: a new connection per request from one agent, which resumes the TLS session it cached;
 * - new-agent: a new agent per request, skipping certificate checks, as n8n-core's HTTP helper does for a
 *   credential with "Ignore SSL Issues": a new TLS context and a full handshake for every page.
 */
export type Connections = 'keep-alive' | 'reconnect' | 'new-agent';

export interface BareLoopOptions {
	baseUrl: string;
	ca: string;
	clientId: string;
	clientSecret: string;
	/** List path, e.g. /Item/All. */
	path: string;
	pageSize: number;
	connections: Connections;
}

function send(
	url: URL,
	agent: Agent,
	ca: string | undefined,
	method: string,
	headers: Record<string, string>,
	body?: string,
) {
	return new Promise<{ status: number; text: string }>((resolve, reject) => {
		const options = ca === undefined ? { method, headers, agent } : { method, headers, agent, ca };
		const req = request(url, options, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (chunk: Buffer) => chunks.push(chunk));
			res.on('end', () =>
				resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
			);
			res.on('error', reject);
		});
		req.on('error', reject);
		req.end(body);
	});
}

/** Reads all items; returns the records and the number of list requests. */
export async function bareExport(
	options: BareLoopOptions,
): Promise<{ records: unknown[]; requests: number }> {
	const perRequest = options.connections === 'new-agent';
	const shared = new Agent({ keepAlive: options.connections === 'keep-alive', ca: options.ca });
	const agent = () => (perRequest ? new Agent({ rejectUnauthorized: false }) : shared);
	const ca = perRequest ? undefined : options.ca;
	try {
		const form = new URLSearchParams({
			grant_type: 'client_credentials',
			client_id: options.clientId,
			client_secret: options.clientSecret,
		}).toString();
		const token = await send(
			new URL(`${options.baseUrl}/Token`),
			agent(),
			ca,
			'POST',
			{
				'content-type': 'application/x-www-form-urlencoded',
			},
			form,
		);
		if (token.status !== 200) throw new Error(`token request answered ${token.status}`);
		const { access_token: accessToken } = JSON.parse(token.text) as { access_token: string };

		const records: unknown[] = [];
		let requests = 0;
		for (let page = 1; ; page++) {
			const url = new URL(`${options.baseUrl}${options.path}`);
			url.searchParams.set('page', String(page));
			url.searchParams.set('pageSize', String(options.pageSize));
			const res = await send(url, agent(), ca, 'GET', {
				authorization: `Bearer ${accessToken}`,
				accept: 'application/json',
			});
			requests++;
			if (res.status !== 200) throw new Error(`page ${page} answered ${res.status}`);
			const envelope = JSON.parse(res.text) as { value: unknown[]; hasMore: boolean };
			for (const record of envelope.value) records.push(record);
			if (!envelope.hasMore) return { records, requests };
		}
	} finally {
		shared.destroy();
	}
}
