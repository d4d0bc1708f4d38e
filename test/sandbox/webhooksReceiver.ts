/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * A webhook receiver for tests: HTTPS on 127.0.0.1 with a self-signed certificate, keeping the exact
 * bytes and headers of every delivery and answering with whatever the test sets.
 */
import { createHmac } from 'crypto';
import type { IncomingHttpHeaders } from 'http';
import { createServer, type Server } from 'https';
import type { AddressInfo } from 'net';
import { generate } from 'selfsigned';

export interface Delivery {
	method: string;
	path: string;
	headers: IncomingHttpHeaders;
	raw: Buffer;
}

/** What the receiver answers: a status (and body), or 'hang' to never answer. */
export type Reply = { status: number; body?: string } | 'hang';

export interface Certificate {
	key: string;
	cert: string;
}

export async function loopbackCertificate(): Promise<Certificate> {
	const notBeforeDate = new Date(Date.now() - 60_000);
	const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
		keyType: 'ec',
		curve: 'P-256',
		algorithm: 'sha256',
		notBeforeDate,
		notAfterDate: new Date(notBeforeDate.getTime() + 24 * 3600_000),
		extensions: [
			{ name: 'basicConstraints', cA: true },
			{ name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
			{ name: 'extKeyUsage', serverAuth: true },
			{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
		],
	});
	return { key: pems.private, cert: pems.cert };
}

/** Our own computation of the expected signature over the bytes received. */
export const expectedSignature = (secret: string, raw: Buffer) =>
	`sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(raw).digest('hex')}`;

export class Receiver {
	readonly deliveries: Delivery[] = [];
	/** Decides the answer to each delivery; 200 by default. */
	reply: (delivery: Delivery) => Reply = () => ({ status: 200, body: 'ok' });

	private constructor(
		private readonly server: Server,
		readonly cert: string,
	) {}

	static async start(certificate: Certificate): Promise<Receiver> {
		const server = createServer({ key: certificate.key, cert: certificate.cert });
		const receiver = new Receiver(server, certificate.cert);
		server.on('request', (req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.on('end', () => {
				const delivery = {
					method: req.method ?? '',
					path: req.url ?? '',
					headers: req.headers,
					raw: Buffer.concat(chunks),
				};
				receiver.deliveries.push(delivery);
				const reply = receiver.reply(delivery);
				if (reply === 'hang') return;
				res.writeHead(reply.status, { 'Content-Type': 'text/plain' });
				res.end(reply.body ?? '');
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		return receiver;
	}

	url(path = '/hook'): string {
		return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
	}

	/** Deliveries whose path is the given one. */
	at(path: string): Delivery[] {
		return this.deliveries.filter((delivery) => delivery.path === path);
	}

	async close(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}
}
