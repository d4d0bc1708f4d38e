/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	the sandbox, the tests' stand-in Inventory Pro server: runs on Node and never ships */
/**
 * One delivery attempt: an HTTPS POST of exact bytes, with a deadline. Never throws; every outcome,
 * connection errors and timeouts included, comes back as an AttemptResult.
 */
import { createHmac } from 'crypto';
import type { ClientRequest } from 'http';
import { Agent, request } from 'https';
import { performance } from 'perf_hooks';
import { rootCertificates } from 'tls';

export const USER_AGENT = 'InventoryPro-Webhooks/2';

export interface AttemptResult {
	success: boolean;
	/** The receiver's status; 0 when none arrived (refused connection, TLS failure, timeout). */
	statusCode: number;
	/** Round trip in milliseconds, two decimals. */
	duration: number;
	errorMessage: string | null;
}

export interface SenderOptions {
	timeoutMs: number;
	/** Dev option: accept any receiver certificate (self-signed ones included). */
	trustSelfSigned?: boolean;
	/** Extra CA certificates (PEM) trusted besides the public roots. */
	ca?: string[];
}

/** Spec, Events rule 3: sha256= and the lowercase hex HMAC-SHA256 of the raw body, keyed with the secret as UTF-8. */
export function signature(secret: string, body: Buffer): string {
	return `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex')}`;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

function statusError(status: number, statusMessage: string | undefined, body: Buffer): string {
	const text = body.toString('utf8').replace(/\s+/g, ' ').trim().slice(0, 200);
	return `HTTP ${status}${statusMessage ? ` ${statusMessage}` : ''}${text ? `: ${text}` : ''}`;
}

export class Sender {
	private readonly agent: Agent;
	private readonly open = new Set<ClientRequest>();
	/** Tests: holds each upload before its last byte until it resolves (WebhookSubsystem.holdUploads). */
	holdUpload?: (body: Buffer) => Promise<void>;

	constructor(private readonly options: SenderOptions) {
		this.agent = new Agent({
			keepAlive: false,
			rejectUnauthorized: options.trustSelfSigned !== true,
			ca: options.ca && options.ca.length > 0 ? [...rootCertificates, ...options.ca] : undefined,
		});
	}

	/** POSTs body to url. Redirects are not followed: a 3xx is a failure like any other non-2xx. */
	async post(url: string, headers: Record<string, string>, body: Buffer): Promise<AttemptResult> {
		const started = performance.now();
		const elapsed = () => round(performance.now() - started);
		let protocol = '';
		try {
			protocol = new URL(url).protocol;
		} catch {
			protocol = '';
		}
		// Deliveries go over HTTPS only; validation already refuses anything else, this is the backstop.
		if (protocol !== 'https:') {
			return {
				success: false,
				statusCode: 0,
				duration: 0,
				errorMessage: 'Deliveries go to HTTPS URLs only.',
			};
		}
		return await new Promise<AttemptResult>((resolve) => {
			let status = 0;
			let settled = false;
			const finish = (errorMessage: string | null) => {
				if (settled) return;
				settled = true;
				clearTimeout(timer);
				this.open.delete(req);
				resolve({
					success: errorMessage === null,
					statusCode: status,
					duration: elapsed(),
					errorMessage,
				});
			};
			const req = request(
				url,
				{
					method: 'POST',
					agent: this.agent,
					headers: { ...headers, 'Content-Length': String(body.length) },
				},
				(res) => {
					status = res.statusCode ?? 0;
					const chunks: Buffer[] = [];
					let size = 0;
					res.on('data', (chunk: Buffer) => {
						// Only the start of an error body goes into errorMessage.
						if (size < 1024) chunks.push(chunk);
						size += chunk.length;
					});
					res.on('end', () => {
						const ok = status >= 200 && status < 300;
						finish(ok ? null : statusError(status, res.statusMessage, Buffer.concat(chunks)));
					});
					res.on('error', (error) => finish(error.message));
				},
			);
			const timer = setTimeout(() => {
				finish(`Timed out after ${this.options.timeoutMs} ms.`);
				req.destroy();
			}, this.options.timeoutMs);
			req.on('error', (error) => finish(error.message || String(error)));
			this.open.add(req);
			const hold = this.holdUpload;
			if (hold === undefined || body.length < 2) {
				req.end(body);
				return;
			}
			req.write(body.subarray(0, body.length - 1));
			void hold(body).then(() => req.end(body.subarray(body.length - 1)));
		});
	}

	/** Aborts deliveries under way; each resolves as a failure. */
	close(): void {
		for (const req of this.open)
			req.destroy(new Error('The sandbox was closed during the delivery.'));
		this.agent.destroy();
	}
}
