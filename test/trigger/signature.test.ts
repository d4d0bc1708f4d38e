import { createHmac } from 'crypto';

import { deriveSigningSecret, verifySignature } from '../../nodes/InventoryProTrigger/signature';

const secret = 'shared-secret-ü';
const body = Buffer.from('{"event":"test","data":{}}');
// Reference HMAC computed here, keyed with the UTF-8 bytes of the secret (spec, delivery rule 3).
const digest = createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex');

describe('verifySignature', () => {
	it('accepts sha256= plus the lowercase hex HMAC of the raw body', () => {
		expect(verifySignature(body, `sha256=${digest}`, secret)).toBe(true);
	});

	it.each([
		['missing header', undefined],
		['empty header', ''],
		['digest without prefix', digest],
		['upper-case digest', `sha256=${digest.toUpperCase()}`],
		['upper-case prefix', `SHA256=${digest}`],
		['trailing newline', `sha256=${digest}\n`],
		['leading space', ` sha256=${digest}`],
		['short digest', `sha256=${digest.slice(0, 63)}`],
		['long digest', `sha256=${digest}0`],
		['header given twice', `sha256=${digest}, sha256=${digest}`],
		['array header', [`sha256=${digest}`]],
		['non-hex digest', `sha256=${'g'.repeat(64)}`],
	])('rejects %s', (_label, header) => {
		expect(verifySignature(body, header, secret)).toBe(false);
	});

	it('rejects a body that is not the raw bytes (string or parsed JSON)', () => {
		expect(verifySignature(body.toString(), `sha256=${digest}`, secret)).toBe(false);
		expect(verifySignature(JSON.parse(body.toString()), `sha256=${digest}`, secret)).toBe(false);
		expect(verifySignature(undefined, `sha256=${digest}`, secret)).toBe(false);
	});

	it('rejects with the wrong or an empty secret', () => {
		expect(verifySignature(body, `sha256=${digest}`, 'shared-secret-u')).toBe(false);
		const emptyKeyDigest = createHmac('sha256', '').update(body).digest('hex');
		expect(verifySignature(body, `sha256=${emptyKeyDigest}`, '')).toBe(false);
	});

	it('verifies the bytes as sent, not a re-serialisation', () => {
		const spaced = Buffer.from('{ "event": "test", "data": {} }');
		expect(verifySignature(spaced, `sha256=${digest}`, secret)).toBe(false);
	});
});

describe('deriveSigningSecret', () => {
	it('is stable, 256 bits of hex, and changes with client secret, workflow and node', () => {
		const a = deriveSigningSecret('client-secret', 'wf1', 'hook-1');
		expect(a).toMatch(/^[0-9a-f]{64}$/);
		expect(deriveSigningSecret('client-secret', 'wf1', 'hook-1')).toBe(a);
		expect(deriveSigningSecret('client-secret-rotated', 'wf1', 'hook-1')).not.toBe(a);
		expect(deriveSigningSecret('client-secret', 'wf2', 'hook-1')).not.toBe(a);
		expect(deriveSigningSecret('client-secret', 'wf1', 'hook-2')).not.toBe(a);
		expect(a).not.toContain('client-secret');
	});
});
