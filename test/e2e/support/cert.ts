// Self-signed certificate for n8n's HTTPS listener on 127.0.0.1 (editor, REST and webhooks).
import { generate } from 'selfsigned';

export interface Certificate {
	key: string;
	cert: string;
}

export async function loopbackCertificate(): Promise<Certificate> {
	const notBeforeDate = new Date(Date.now() - 60_000);
	const notAfterDate = new Date(notBeforeDate.getTime() + 7 * 24 * 3600_000);
	const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
		keySize: 2048,
		algorithm: 'sha256',
		notBeforeDate,
		notAfterDate,
		extensions: [
			{ name: 'basicConstraints', cA: true },
			{ name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
			{ name: 'extKeyUsage', serverAuth: true },
			{
				name: 'subjectAltName',
				altNames: [
					{ type: 7, ip: '127.0.0.1' },
					{ type: 2, value: 'localhost' },
				],
			},
		],
	});
	return { key: pems.private, cert: pems.cert };
}
