import { createHmac, timingSafeEqual } from 'crypto';

/** The only accepted header shape: `sha256=` and 64 lowercase hex digits, nothing around it. */
const SIGNATURE_HEADER = /^sha256=([0-9a-f]{64})$/;

/** Spec, Events rule 3: HMAC-SHA256 of the exact bytes; anything else is a rejection. Constant time. */
export function verifySignature(rawBody: unknown, header: unknown, secret: string): boolean {
	if (!Buffer.isBuffer(rawBody) || typeof header !== 'string' || secret === '') return false;
	const match = SIGNATURE_HEADER.exec(header);
	if (match === null) return false;
	// The secret as a string (Node keys with its UTF-8 bytes): a Buffer key makes each check about 4× slower.
	const expected = createHmac('sha256', secret).update(rawBody).digest();
	const given = Buffer.from(match[1], 'hex');
	return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Derived, not stored: static data (exported with the workflow) holds nothing secret. */
export function deriveSigningSecret(clientSecret: string, workflowId: string, webhookId: string) {
	return createHmac('sha256', Buffer.from(clientSecret, 'utf8'))
		.update(`n8n-nodes-inventory-pro/webhook-secret/v1\n${workflowId}\n${webhookId}`)
		.digest('hex');
}
