/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	the sandbox, the tests' stand-in Inventory Pro server: runs on Node and never ships */
/**
 * HTTPS only, on one port: the first byte of each connection decides. 0x16 opens a TLS handshake and goes
 * to the HTTPS server; anything else (a plain-HTTP request) gets a 403 envelope saying HTTPS is required,
 * and the connection closes (spec, Authentication rule 5: credentials over HTTP are rejected).
 */
import { createServer as createHttpsServer } from 'https';
import type { IncomingMessage, ServerResponse } from 'http';
import { createServer as createNetServer, type Socket } from 'net';
import { generate } from 'selfsigned';

const TLS_HANDSHAKE = 0x16;

export interface Certificate {
	key: string;
	cert: string;
}

/** A fresh self-signed certificate for 127.0.0.1 and localhost (plus `host` when it is another name). */
export async function createCertificate(host: string): Promise<Certificate> {
	const notBeforeDate = new Date(Date.now() - 86_400_000);
	const notAfterDate = new Date(Date.now() + 365 * 86_400_000);
	const altNames: Array<{ type: 2; value: string } | { type: 7; ip: string }> = [
		{ type: 7, ip: '127.0.0.1' },
		{ type: 7, ip: '::1' },
		{ type: 2, value: 'localhost' },
	];
	if (/^[\d.]+$/.test(host) && host !== '127.0.0.1' && host !== '0.0.0.0')
		altNames.push({ type: 7, ip: host });
	else if (/[a-z]/i.test(host) && host !== 'localhost') altNames.push({ type: 2, value: host });
	const pems = await generate([{ name: 'commonName', value: 'Inventory Pro sandbox' }], {
		keyType: 'ec',
		curve: 'P-256',
		algorithm: 'sha256',
		notBeforeDate,
		notAfterDate,
		extensions: [
			{ name: 'basicConstraints', cA: true },
			{ name: 'keyUsage', digitalSignature: true, keyCertSign: true },
			{ name: 'extKeyUsage', serverAuth: true },
			{ name: 'subjectAltName', altNames },
		],
	});
	return { key: pems.private, cert: pems.cert };
}

function refusePlainHttp(socket: Socket): void {
	const body = JSON.stringify({
		statusCode: 403,
		error: 'forbidden',
		message: 'HTTPS is required. Connect to this port with https://.',
		details: null,
	});
	// Read and drop what the client sent: closing with unread data would reset the connection
	// before the client reads the answer.
	socket.on('data', () => undefined);
	socket.resume();
	socket.end(
		'HTTP/1.1 403 Forbidden\r\n' +
			'Content-Type: application/json; charset=utf-8\r\n' +
			`Content-Length: ${Buffer.byteLength(body)}\r\n` +
			'X-API-Version: v2\r\n' +
			'Connection: close\r\n\r\n' +
			body,
	);
	socket.setTimeout(2000, () => socket.destroy());
}

export interface HttpsOnlyServer {
	port: number;
	close(): Promise<void>;
}

export function listenHttpsOnly(
	listener: (req: IncomingMessage, res: ServerResponse) => void,
	certificate: Certificate,
	port: number,
	host: string,
): Promise<HttpsOnlyServer> {
	const https = createHttpsServer({ key: certificate.key, cert: certificate.cert }, listener);
	const sockets = new Set<Socket>();
	const server = createNetServer((socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
		socket.on('error', () => socket.destroy());
		socket.once('data', (first: Buffer) => {
			socket.pause();
			socket.unshift(first);
			if (first[0] === TLS_HANDSHAKE) https.emit('connection', socket);
			else refusePlainHttp(socket);
		});
	});
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			const address = server.address();
			resolve({
				port: typeof address === 'object' && address ? address.port : port,
				close: () =>
					new Promise<void>((done) => {
						server.close(() => done());
						https.close();
						for (const socket of sockets) socket.destroy();
					}),
			});
		});
	});
}
