/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
// A minimal SMTP receiver on loopback for n8n's Send Email node (nodemailer): no TLS, no auth. It
// answers EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP and QUIT and keeps every message it was given.
import { createServer, type Server, type Socket } from 'net';

export interface Mail {
	from: string;
	to: string[];
	/** The message as sent: headers, a blank line, the body (dot-stuffing undone). */
	data: string;
	subject: string;
	/** The body of a single-part message, its transfer encoding (quoted-printable, base64) undone. */
	text: string;
}

export interface SmtpCatcher {
	port: number;
	mails: Mail[];
	close(): Promise<void>;
}

const addressOf = (line: string) => /<([^>]*)>/.exec(line)?.[1] ?? line.split(':')[1]?.trim() ?? '';

/** The Subject header, unfolded; RFC 2047 words (nodemailer encodes non-ASCII subjects) decoded. */
function subjectOf(data: string): string {
	const head = data.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
	const raw = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
	return raw.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_match, kind: string, text: string) =>
		kind.toLowerCase() === 'b'
			? Buffer.from(text, 'base64').toString('utf8')
			: Buffer.from(
					text
						.replace(/_/g, ' ')
						.replace(/=([0-9a-f]{2})/gi, (_m, hex: string) =>
							String.fromCharCode(parseInt(hex, 16)),
						),
					'latin1',
				).toString('utf8'),
	);
}

/** The body after the headers, decoded as its Content-Transfer-Encoding says. */
function textOf(data: string): string {
	const split = data.search(/\r?\n\r?\n/);
	const head = data.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
	const body = data.slice(split).replace(/^\r?\n\r?\n/, '');
	const encoding = /^Content-Transfer-Encoding: *(\S+)/im.exec(head)?.[1]?.toLowerCase();
	if (encoding === 'base64')
		return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
	if (encoding === 'quoted-printable') {
		const bytes = body
			.replace(/=\r?\n/g, '')
			.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
		return Buffer.from(bytes, 'latin1').toString('utf8');
	}
	return body;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
	const mails: Mail[] = [];
	const sockets = new Set<Socket>();
	const server: Server = createServer((socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
		socket.setEncoding('utf8');
		let buffer = '';
		let inData = false;
		let mail: Pick<Mail, 'from' | 'to'> & { lines: string[] } = { from: '', to: [], lines: [] };
		const reply = (text: string) => socket.write(`${text}\r\n`);
		reply('220 localhost e2e SMTP catcher');
		socket.on('data', (chunk: string) => {
			buffer += chunk;
			let end: number;
			while ((end = buffer.indexOf('\r\n')) >= 0) {
				const line = buffer.slice(0, end);
				buffer = buffer.slice(end + 2);
				if (inData) {
					if (line === '.') {
						inData = false;
						const data = mail.lines.join('\r\n');
						mails.push({
							from: mail.from,
							to: mail.to,
							data,
							subject: subjectOf(data),
							text: textOf(data),
						});
						mail = { from: '', to: [], lines: [] };
						reply('250 OK queued');
					} else mail.lines.push(line.startsWith('..') ? line.slice(1) : line);
					continue;
				}
				const verb = line.slice(0, 4).toUpperCase();
				if (verb === 'EHLO') {
					socket.write('250-localhost\r\n250 8BITMIME\r\n');
				} else if (verb === 'HELO' || verb === 'NOOP' || verb === 'RSET') reply('250 OK');
				else if (verb === 'MAIL') {
					mail.from = addressOf(line);
					reply('250 OK');
				} else if (verb === 'RCPT') {
					mail.to.push(addressOf(line));
					reply('250 OK');
				} else if (verb === 'DATA') {
					inData = true;
					reply('354 End data with <CR><LF>.<CR><LF>');
				} else if (verb === 'QUIT') {
					reply('221 Bye');
					socket.end();
				} else reply('502 Command not implemented');
			}
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	if (address === null || typeof address === 'string') throw new Error('SMTP catcher has no port');
	return {
		port: address.port,
		mails,
		close: () =>
			new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}
