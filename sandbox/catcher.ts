/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	the sandbox, the tests' stand-in Inventory Pro server: runs on Node and never ships */
/**
 * Somewhere a redirect could send a client: an HTTPS listener on another loopback port (another origin)
 * and a plain-HTTP one, both recording everything that reaches them, headers and body included. Tests
 * point the sandbox's redirect faults here and then check that nothing (above all no token or client
 * secret) arrived. Both answer 200 with a token-shaped JSON body, so a client that followed a
 * redirect would look successful rather than fail by accident.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'http';
import { createServer as createHttpsServer } from 'https';
import type { AddressInfo } from 'net';

import { createCertificate } from './tls';

export interface CaughtRequest {
	origin: string;
	method: string;
	/** Path and query as received. */
	url: string;
	headers: Record<string, string | string[] | undefined>;
	body: string;
}

export interface Catcher {
	/** https://127.0.0.1:<port> */
	httpsOrigin: string;
	/** http://127.0.0.1:<port> */
	httpOrigin: string;
	/** Everything that arrived, oldest first. */
	requests: CaughtRequest[];
	/** TCP connections accepted on either port (a client may connect and send nothing readable). */
	connections: number;
	close(): Promise<void>;
}

export async function startCatcher(): Promise<Catcher> {
	const certificate = await createCertificate('127.0.0.1');
	const requests: CaughtRequest[] = [];
	const catcher = { requests, connections: 0 } as Catcher;

	const listener = (origin: () => string) => (req: IncomingMessage, res: ServerResponse) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			requests.push({
				origin: origin(),
				method: req.method ?? '',
				url: req.url ?? '',
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			});
			const body = JSON.stringify({
				access_token: 'caught-token',
				token_type: 'bearer',
				expires_in: 14_400,
				value: [],
				hasMore: false,
			});
			res.writeHead(200, {
				'Content-Type': 'application/json',
				'Content-Length': Buffer.byteLength(body),
			});
			res.end(body);
		});
	};
	const https = createHttpsServer(
		{ key: certificate.key, cert: certificate.cert },
		listener(() => catcher.httpsOrigin),
	);
	const http = createHttpServer(listener(() => catcher.httpOrigin));
	for (const server of [https, http]) server.on('connection', () => catcher.connections++);
	const listen = (server: typeof http | typeof https) =>
		new Promise<number>((resolve) =>
			server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
		);
	catcher.httpsOrigin = `https://127.0.0.1:${await listen(https)}`;
	catcher.httpOrigin = `http://127.0.0.1:${await listen(http)}`;
	catcher.close = async () => {
		https.closeAllConnections();
		http.closeAllConnections();
		await Promise.all(
			[https, http].map((server) => new Promise((resolve) => server.close(resolve))),
		);
	};
	return catcher;
}
